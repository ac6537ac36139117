// Catch2 runner for the GUI tests: widgets need a QApplication alive for
// the whole session (run with QT_QPA_PLATFORM=offscreen where there is no
// display).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>
#include <QTemporaryDir>

#include <cstdlib>

int main(int argc, char **argv) {
    if (!std::getenv("QT_QPA_PLATFORM") && !std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Settings (recent files, the workshop's hints and progress) in a folder
    // of this process's own: ctest runs test cases in parallel processes,
    // and two of them clearing one settings file made each other fail.
    QTemporaryDir config;
    if (config.isValid())
        qputenv("XDG_CONFIG_HOME", config.path().toLocal8Bit());
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("DocShapeTests"));
    QApplication::setApplicationName(QStringLiteral("DocShapeTests"));
    return Catch::Session().run(argc, argv);
}
