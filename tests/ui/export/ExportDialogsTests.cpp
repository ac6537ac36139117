// File > Export Report and File > Export Diagram, driven through their
// widgets: they write what docshape-cli writes with the same options, and
// remember the choices of each model.
#include "commands/Cli.h"
#include "support/TestPaths.h"

#include "MainWindow.h"
#include "document/Document.h"
#include "export/ExportDiagramDialog.h"
#include "export/ExportReportDialog.h"

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDate>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTest>
#include <QTimer>

#include <filesystem>
#include <functional>
#include <sstream>

using namespace docshape;
using namespace docshape::ui;

namespace {

// Runs `drive` on the next modal dialog of type D once it shows, while the
// caller's action->trigger() runs its exec().
template <typename D> void onNextDialog(std::function<void(D *)> drive) {
    auto *timer = new QTimer(qApp);
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, drive] {
        auto *dialog = qobject_cast<D *>(QApplication::activeModalWidget());
        if (!dialog || !dialog->isVisible())
            return;
        timer->stop();
        timer->deleteLater();
        drive(dialog);
    });
    timer->start();
}

void typeInto(QLineEdit *edit, const QString &text) {
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

// Toggles a collection's check box the way a keyboard user does.
void toggle(QListWidget *list, const QString &name) {
    const auto items = list->findItems(name, Qt::MatchExactly);
    REQUIRE(items.size() == 1);
    list->setFocus();
    list->setCurrentItem(items.front());
    QTest::keyClick(list->viewport(), Qt::Key_Space);
}

std::string cliOutput(const std::vector<std::string> &args) {
    std::istringstream in;
    std::ostringstream out, err;
    REQUIRE(cli::run(args, {in, out, err}, cli::drawingCommands()) == cli::kOk);
    return err.str();
}

std::string copyOfExample(const std::string &dir, const std::string &name) {
    const std::string path = dir + "/" + name;
    std::filesystem::copy_file(test::examplesDir() + "/" + name, path);
    return path;
}

} // namespace

TEST_CASE("File > Export Report writes the CLI's report and remembers the choices per model", "[ui][export][report]") {
    const std::string dir = test::makeTempDir("export-report-dialog");
    const std::string model = copyOfExample(dir, "order-aggregate.docshape");
    const std::string other = copyOfExample(dir, "iot-readings.docshape");
    MainWindow window;
    REQUIRE(window.loadFile(QString::fromStdString(model)));
    QAction *action = window.findChild<QAction *>(QStringLiteral("exportReportAction"));
    REQUIRE(action);
    const QString out = QString::fromStdString(dir + "/review.html");

    bool driven = false;
    onNextDialog<exporting::ExportReportDialog>([&](exporting::ExportReportDialog *d) {
        typeInto(d->findChild<QLineEdit *>(QStringLiteral("reportTitle")), QStringLiteral("Orders review"));
        typeInto(d->findChild<QLineEdit *>(QStringLiteral("reportAuthor")), QStringLiteral("A. Architect"));
        toggle(d->findChild<QListWidget *>(QStringLiteral("reportCollections")), QStringLiteral("products"));
        QTest::mouseClick(d->findChild<QCheckBox *>(QStringLiteral("reportAppendices")), Qt::LeftButton);
        typeInto(d->findChild<QLineEdit *>(QStringLiteral("reportPath")), out);
        QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("reportExport")), Qt::LeftButton);
        driven = true;
    });
    action->trigger();
    REQUIRE(driven);
    REQUIRE(std::filesystem::exists(out.toStdString()));

    const std::string today = QDate::currentDate().toString(Qt::ISODate).toStdString();
    const std::string cli = dir + "/cli.html";
    cliOutput({"report", model, "--out", cli, "--title", "Orders review", "--author", "A. Architect", "--date", today,
               "--collection", "customers", "--collection", "orders", "--no-appendices"});
    CHECK(test::readFile(out.toStdString()) == test::readFile(cli));

    // Opened again for the same model: the choices are back.
    driven = false;
    onNextDialog<exporting::ExportReportDialog>([&](exporting::ExportReportDialog *d) {
        CHECK(d->findChild<QLineEdit *>(QStringLiteral("reportTitle"))->text() == QStringLiteral("Orders review"));
        CHECK(d->findChild<QLineEdit *>(QStringLiteral("reportAuthor"))->text() == QStringLiteral("A. Architect"));
        CHECK_FALSE(d->findChild<QCheckBox *>(QStringLiteral("reportAppendices"))->isChecked());
        CHECK(d->findChild<QLineEdit *>(QStringLiteral("reportPath"))->text() == out);
        const report::ReportOptions o = d->options();
        CHECK(o.collections == std::vector<std::string>{"customers", "orders"});
        CHECK(o.date == today);
        driven = true;
        d->reject();
    });
    action->trigger();
    REQUIRE(driven);

    // Another model starts from the defaults.
    REQUIRE(window.loadFile(QString::fromStdString(other)));
    driven = false;
    onNextDialog<exporting::ExportReportDialog>([&](exporting::ExportReportDialog *d) {
        CHECK(d->findChild<QLineEdit *>(QStringLiteral("reportTitle"))->text().isEmpty());
        CHECK(d->findChild<QCheckBox *>(QStringLiteral("reportAppendices"))->isChecked());
        CHECK(d->options().collections.empty());
        // A name the report cannot be written as is refused before anything is made.
        typeInto(d->findChild<QLineEdit *>(QStringLiteral("reportPath")), QString::fromStdString(dir + "/r.docx"));
        CHECK_FALSE(d->findChild<QPushButton *>(QStringLiteral("reportExport"))->isEnabled());
        driven = true;
        d->reject();
    });
    action->trigger();
    REQUIRE(driven);
}

TEST_CASE("File > Export Report makes a PDF, and tells why it cannot write one", "[ui][export][report]") {
    const std::string dir = test::makeTempDir("export-report-pdf");
    const std::string model = copyOfExample(dir, "student-enrollment.docshape");
    MainWindow window;
    REQUIRE(window.loadFile(QString::fromStdString(model)));
    exporting::ExportReportDialog dialog(window.scene(), &window);
    dialog.setPath(QString::fromStdString(dir + "/review.pdf"));
    CHECK(dialog.exportNow().isEmpty());
    const std::string pdf = test::readFile(dir + "/review.pdf");
    CHECK(pdf.rfind("%PDF-", 0) == 0);
    dialog.setPath(QString::fromStdString(dir + "/missing/dir/review.pdf"));
    const QString error = dialog.exportNow();
    CHECK_FALSE(error.isEmpty());
    CHECK(error.contains(QStringLiteral("missing/dir")));
}

TEST_CASE("File > Export Diagram writes the CLI's picture and remembers the choices", "[ui][export][diagram]") {
    const std::string dir = test::makeTempDir("export-diagram-dialog");
    const std::string model = copyOfExample(dir, "vehicle-auction.docshape");
    MainWindow window;
    REQUIRE(window.loadFile(QString::fromStdString(model)));
    QAction *action = window.findChild<QAction *>(QStringLiteral("exportDiagramAction"));
    REQUIRE(action);
    const QString out = QString::fromStdString(dir + "/diagram.png");
    bool driven = false;
    onNextDialog<exporting::ExportDiagramDialog>([&](exporting::ExportDiagramDialog *d) {
        auto *scale = d->findChild<QDoubleSpinBox *>(QStringLiteral("diagramScale"));
        CHECK_FALSE(scale->isEnabled()); // an SVG has no pixels to scale
        typeInto(d->findChild<QLineEdit *>(QStringLiteral("diagramPath")), out);
        REQUIRE(scale->isEnabled());
        scale->setFocus();
        scale->selectAll();
        QTest::keyClicks(scale, QStringLiteral("1.5"));
        QTest::mouseClick(d->findChild<QCheckBox *>(QStringLiteral("diagramTransparent")), Qt::LeftButton);
        QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("diagramExport")), Qt::LeftButton);
        driven = true;
    });
    action->trigger();
    REQUIRE(driven);
    REQUIRE(std::filesystem::exists(out.toStdString()));
    const std::string cli = dir + "/cli.png";
    cliOutput({"diagram", model, "--out", cli, "--scale", "1.5", "--transparent"});
    CHECK(test::readFile(out.toStdString()) == test::readFile(cli));

    driven = false;
    onNextDialog<exporting::ExportDiagramDialog>([&](exporting::ExportDiagramDialog *d) {
        CHECK(d->options().scale == Approx(1.5));
        CHECK(d->options().transparent);
        CHECK(d->path() == out);
        driven = true;
        d->reject();
    });
    action->trigger();
    REQUIRE(driven);
}

// Hidden: refreshes docs/screenshots/export-report-dialog.png.
//   QT_QPA_PLATFORM=offscreen ui_tests "[.screenshots][export]"
TEST_CASE("screenshot of the export report dialog", "[.screenshots][export]") {
    MainWindow window;
    REQUIRE(window.loadFile(QString::fromStdString(test::examplesDir() + "/student-enrollment.docshape")));
    exporting::ExportReportDialog dialog(window.scene(), &window);
    dialog.setPath(QStringLiteral("/home/architect/student-enrollment-review.pdf"));
    dialog.show();
    QApplication::processEvents();
    const QString path = QString::fromStdString(test::sourceDir()) + QStringLiteral("/docs/screenshots/export-report-dialog.png");
    REQUIRE(dialog.grab().toImage().save(path, "PNG"));
}
