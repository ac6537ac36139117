#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "util/Memory.h"
#include "util/Result.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QImage>
#include <QPainter>
#include <QTimer>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

// Without a display Qt aborts in QApplication's constructor; say what to do
// instead, once, and exit cleanly so that scripts and CI are not surprised.
bool displayAvailable() {
    auto set = [](const char *name) {
        const char *v = std::getenv(name);
        return v && *v;
    };
    return set("DISPLAY") || set("WAYLAND_DISPLAY") || set("QT_QPA_PLATFORM");
}

const char *fileArgument(int argc, char **argv) {
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--screenshot") == 0) {
            ++i;
            continue;
        }
        if (argv[i][0] != '-')
            return argv[i];
    }
    return nullptr;
}

} // namespace

int main(int argc, char **argv) {
    // The studio analyses the model again after every edit: keep what each
    // analysis frees for the next one instead of faulting it in again.
    docshape::keepFreedMemory();
    if (!displayAvailable()) {
        const char *file = fileArgument(argc, argv);
        std::printf("docshape: no display available (DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM are unset); "
                    "for the same analysis on the command line run: docshape-cli analyze %s\n",
                    file ? file : "FILE");
        return 0;
    }

    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("DocShape"));
    QApplication::setApplicationName(QStringLiteral("DocShape"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("DocShape studio: design MongoDB schemas from the workload up."));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                  QStringLiteral("Render the main window after loading to PNG and exit."),
                                  QStringLiteral("PNG"));
    QCommandLineOption example(QStringLiteral("example"), QStringLiteral("Open a bundled example by name."),
                               QStringLiteral("NAME"));
    parser.addOption(screenshot);
    parser.addOption(example);
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A .docshape model to open."));
    parser.process(app);

    docshape::ui::MainWindow window;
    const QStringList files = parser.positionalArguments();
    const bool shooting = parser.isSet(screenshot);
    if (!files.isEmpty()) {
        docshape::Status status = window.loadFile(files.front());
        if (!status) {
            std::fprintf(stderr, "docshape: %s: %s\n", qPrintable(files.front()), status.error().toString().c_str());
            if (shooting)
                return 3;
        }
    } else if (parser.isSet(example)) {
        for (const QString &path : docshape::ui::MainWindow::exampleFiles())
            if (path.endsWith(QLatin1Char('/') + parser.value(example) + QStringLiteral(".docshape")))
                window.loadExample(path);
    }
    window.show();

    if (shooting) {
        // Let the layout settle, fit the canvas, then grab the whole window.
        QTimer::singleShot(50, &window, [&] {
            window.canvas()->fitToView();
            QTimer::singleShot(50, &window, [&] {
                const QImage image = window.grab().toImage();
                const bool ok = image.save(parser.value(screenshot), "PNG");
                if (!ok)
                    std::fprintf(stderr, "docshape: cannot write %s\n", qPrintable(parser.value(screenshot)));
                QApplication::exit(ok ? 0 : 1);
            });
        });
        return QApplication::exec();
    }
    QTimer::singleShot(0, &window, &docshape::ui::MainWindow::offerRecovery);
    return QApplication::exec();
}
