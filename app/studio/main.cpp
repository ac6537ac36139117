#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "io/BundledExamples.h"
#include "util/Memory.h"
#include "util/Result.h"

#include "BuildInfo.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QImage>
#include <QMessageBox>
#include <QTimer>

#include <cstdio>
#include <cstdlib>

namespace {

constexpr int kUsageExit = 2;
constexpr int kBadModelExit = 3;

// Without a display Qt aborts in QApplication's constructor; say what to do
// instead, once, and exit cleanly so that scripts and CI are not surprised.
bool displayAvailable() {
    auto set = [](const char *name) {
        const char *v = std::getenv(name);
        return v && *v;
    };
    return set("DISPLAY") || set("WAYLAND_DISPLAY") || set("QT_QPA_PLATFORM");
}

struct Options {
    QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                  QStringLiteral("Render the main window after loading to PNG and exit."),
                                  QStringLiteral("PNG")};
    QCommandLineOption example{QStringLiteral("example"), QStringLiteral("Open a bundled example by name."),
                               QStringLiteral("NAME")};
};

// Handles --help and --version itself (it prints and exits), so both work
// with or without a display.
void parse(QCommandLineParser &parser, const Options &options, const QCoreApplication &app) {
    parser.setApplicationDescription(QStringLiteral("DocShape studio: design MongoDB schemas from the workload up."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(options.screenshot);
    parser.addOption(options.example);
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A .docshape model to open."));
    parser.process(app);
}

void setIdentity() {
    QCoreApplication::setOrganizationName(QStringLiteral("DocShape"));
    QCoreApplication::setApplicationName(QStringLiteral("DocShape"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(docshape::build::kVersion));
}

int withoutDisplay(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    setIdentity();
    QCommandLineParser parser;
    Options options;
    parse(parser, options, app);
    QString model = QStringLiteral("FILE");
    if (!parser.positionalArguments().isEmpty())
        model = parser.positionalArguments().front();
    else if (parser.isSet(options.example))
        model = QStringLiteral("--example ") + parser.value(options.example);
    std::printf("docshape: no display available (DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM are unset); "
                "for the same analysis on the command line run: docshape-cli analyze %s\n",
                qPrintable(model));
    return 0;
}

} // namespace

int main(int argc, char **argv) {
    // The studio analyses the model again after every edit: keep what each
    // analysis frees for the next one instead of faulting it in again.
    docshape::keepFreedMemory();
    if (!displayAvailable())
        return withoutDisplay(argc, argv);

    QApplication app(argc, argv);
    setIdentity();
    // The desktop entry's name: Wayland compositors match the window to it
    // (its icon and name in the task switcher).
    QGuiApplication::setDesktopFileName(QStringLiteral("org.docshape.DocShape"));
    // Installed, the icon theme has it in PNG sizes (no SVG plugin needed);
    // from the build tree, the SVG compiled in.
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("org.docshape.DocShape"),
                                                 QIcon(QStringLiteral(":/icons/org.docshape.DocShape.svg"))));

    QCommandLineParser parser;
    Options options;
    parse(parser, options, app);

    const QStringList files = parser.positionalArguments();
    const bool shooting = parser.isSet(options.screenshot);
    QString path;
    bool example = false;
    if (!files.isEmpty()) {
        path = files.front();
    } else if (parser.isSet(options.example)) {
        auto found = docshape::findBundledExample(parser.value(options.example).toStdString());
        if (!found) {
            std::fprintf(stderr, "docshape: %s\n", found.error().toString().c_str());
            if (shooting)
                return kUsageExit;
        } else {
            path = QString::fromStdString(*found);
            example = true;
        }
    }

    docshape::ui::MainWindow window;
    if (!shooting) {
        // Open once the window is shown: the canvas is fitted to its real
        // size, and what cannot be opened is explained in a dialog over it
        // (opened from a file manager there is no terminal to read stderr).
        window.show();
        const QString file = files.isEmpty() ? QString() : files.front();
        const QString name = file.isEmpty() && parser.isSet(options.example) ? parser.value(options.example) : QString();
        QTimer::singleShot(0, &window, [&window, file, name] { window.openAtStartup(file, name); });
        return QApplication::exec();
    }
    if (!path.isEmpty()) {
        const docshape::Status status = example ? window.loadExample(path) : window.loadFile(path);
        if (!status) {
            const QString message = path + QStringLiteral(": ") + QString::fromStdString(status.error().toString());
            std::fprintf(stderr, "docshape: %s\n", qPrintable(message));
            return kBadModelExit;
        }
    }
    window.show();

    if (shooting) {
        // Let the layout settle, fit the canvas, then grab the whole window.
        const QString target = parser.value(options.screenshot);
        QTimer::singleShot(50, &window, [&window, target] {
            window.canvas()->fitToView();
            QTimer::singleShot(50, &window, [&window, target] {
                const QImage image = window.grab().toImage();
                const bool ok = image.save(target, "PNG");
                if (!ok)
                    std::fprintf(stderr, "docshape: cannot write %s\n", qPrintable(target));
                QApplication::exit(ok ? 0 : 1);
            });
        });
        return QApplication::exec();
    }
    return QApplication::exec();
}
