// Issue 17 item 15: "1 warning", "1 entity · 1 collection".
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "document/Document.h"
#include "panels/AccessPatternModel.h"
#include "panels/AdviceSource.h"
#include "panels/FindingsPanel.h"

#include "advisor/Advisor.h"
#include "io/ProjectFile.h"

#include <QDir>
#include <QLabel>
#include <QTest>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }
} // namespace

TEST_CASE("counts read in the singular when there is one", "[ui][firsthour]") {
    MainWindow window;
    window.document()->reset(Project{}, QString());
    REQUIRE(window.document()->addEntity(QStringLiteral("Order"), CanvasPosition{}));
    window.selectObject(ObjectRef{});
    auto *status = window.findChild<QLabel *>(QStringLiteral("collectionStatus"));
    REQUIRE(status);
    CHECK(status->text() == QStringLiteral("1 entity · 1 collection"));

    // The findings summary, over every example and every exercise's starting
    // model (collection-validator's has exactly one warning): one of a
    // severity is "1 warning".
    bool sawOne = false;
    const QDir examples(qs(test::examplesDir()));
    const QStringList files = examples.entryList({QStringLiteral("*.docshape")}, QDir::Files);
    REQUIRE(files.size() > 3);
    std::vector<Project> projects{window.document()->project(), test::makeOrderModel()};
    for (const QString &file : files) {
        auto project = loadProject(examples.filePath(file).toStdString());
        REQUIRE(project);
        projects.push_back(*project);
    }
    const QDir exercises(qs(test::sourceDir() + "/resources/exercises"));
    for (const QString &id : exercises.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        auto project = loadProject(exercises.filePath(id + QStringLiteral("/start.docshape")).toStdString());
        REQUIRE(project);
        projects.push_back(*project);
    }
    for (const Project &project : projects) {
        Document doc;
        doc.reset(project, QString());
        panels::AdviceSource source(&doc);
        panels::FindingsPanel panel(&source);
        panel.show();
        REQUIRE(QTest::qWaitForWindowExposed(&panel));
        int counts[3] = {0, 0, 0};
        for (const auto &finding : lint(doc.project(), doc.analysis()))
            ++counts[int(finding.severity)];
        const auto word = [&](int n, const char *one, const char *many) {
            sawOne = sawOne || n == 1;
            return QStringLiteral("%1 %2").arg(n).arg(QString::fromLatin1(n == 1 ? one : many));
        };
        const QString expected = word(counts[int(Severity::Error)], "error", "errors") + QStringLiteral(" · ") +
                                 word(counts[int(Severity::Warning)], "warning", "warnings") + QStringLiteral(" · ") +
                                 word(counts[int(Severity::Info)], "note", "notes");
        INFO(expected.toStdString());
        CHECK(panel.summary().startsWith(expected));
    }
    CHECK(sawOne);
}

// Qt prints a %n message's "(s)" literally when no translation is loaded:
// "1 round trip(s)". Counts say their singular or plural themselves.
TEST_CASE("an access pattern's round trips and $lookup stages are counted in words", "[ui][firsthour]") {
    Document doc;
    Project p = test::makeOrderModel();
    AccessPattern byNumber;
    byNumber.id = "q1";
    byNumber.name = "Order by number";
    byNumber.entityId = "e1";
    byNumber.operation = Operation::FindMany;
    byNumber.equality = {"orderNumber"};
    byNumber.frequencyPerSecond = 10;
    p.accessPatterns = {byNumber};
    doc.reset(p, QString());
    panels::AdviceSource source(&doc);
    panels::AccessPatternModel model(&source);
    REQUIRE(model.rowCount() == 1);
    const QString tip = model.data(model.index(0, panels::AccessPatternModel::RoundTrips), Qt::ToolTipRole).toString();
    CHECK(tip.startsWith(QStringLiteral("1 round trip per execution, 0 $lookup stages")));
    CHECK_FALSE(tip.contains(QStringLiteral("(s)")));
}
