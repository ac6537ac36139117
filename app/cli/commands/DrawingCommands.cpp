#include "commands/DrawingCommands.h"

#include "canvas/DocumentScene.h"
#include "document/Document.h"

#include <QApplication>
#include <QFontInfo>

#include <cstdlib>
#include <cstring>

namespace docshape::cli {

namespace {
int g_argc = 1;
char g_name[] = "docshape-cli";
char *g_argv[] = {g_name, nullptr};

constexpr const Command *kDrawing[] = {&kDiagramCommand, &kReportCommand};
// Qt tells an offscreen program that it has no runtime directory: true,
// and nothing a user of the command line can act on.
QtMessageHandler g_previous = nullptr;
void quietHandler(QtMsgType type, const QMessageLogContext &context, const QString &message) {
    if (type == QtWarningMsg && message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")))
        return;
    if (g_previous)
        g_previous(type, context, message);
}
} // namespace

std::span<const Command *const> drawingCommands() { return kDrawing; }

OffscreenCanvas::OffscreenCanvas() {
    if (!QCoreApplication::instance()) {
        // A command line draws into files: it never needs a display.
        if (!std::getenv("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        g_previous = qInstallMessageHandler(quietHandler);
        m_app = std::make_unique<QApplication>(g_argc, g_argv);
    }
    m_document = std::make_unique<ui::Document>();
}

OffscreenCanvas::~OffscreenCanvas() {
    m_scene.reset();
    m_document.reset();
}

Status OffscreenCanvas::load(const std::string &path) {
    Status loaded = m_document->load(QString::fromStdString(path));
    if (!loaded)
        return loaded;
    m_scene = std::make_unique<ui::canvas::DocumentScene>(m_document.get());
    return {};
}

void OffscreenCanvas::show(Project project) {
    m_scene.reset();
    m_document->reset(std::move(project), QString());
    m_scene = std::make_unique<ui::canvas::DocumentScene>(m_document.get());
}

void layOutModel(Project &project) {
    OffscreenCanvas canvas;
    canvas.show(project);
    canvas.scene()->autoLayout();
    const Project &placed = canvas.document().project();
    for (std::size_t i = 0; i < project.entities.size() && i < placed.entities.size(); ++i)
        project.entities[i].position = placed.entities[i].position;
}

std::optional<std::string> optionValue(const std::vector<std::string> &args, std::size_t &i, std::string_view name,
                                       bool &missing) {
    missing = false;
    const std::string &arg = args[i];
    if (arg == name) {
        if (i + 1 >= args.size()) {
            missing = true;
            return std::string();
        }
        return args[++i];
    }
    if (arg.size() > name.size() && arg.compare(0, name.size(), name) == 0 && arg[name.size()] == '=')
        return arg.substr(name.size() + 1);
    return std::nullopt;
}

} // namespace docshape::cli
