#include "help/PanelTopics.h"

#include "help/Guide.h"

#include <QDockWidget>

#include <array>
#include <utility>

namespace docshape::ui::help {

namespace {
const QString kPanelsChapter = QStringLiteral("04-panels.md");

// Dock object name, heading in the panels chapter.
constexpr std::array<std::pair<const char *, const char *>, 11> kTopics{{
    {"inspectorDock", "inspector"},
    {"historyDock", "history"},
    {"findingsDock", "findings"},
    {"accessPatternsDock", "access-patterns"},
    {"indexesDock", "indexes"},
    {"worksheetDock", "worksheet"},
    {"chartsDock", "charts"},
    {"validationPreviewDock", "validation-preview"},
    {"checksPanelDock", "checks"},
    {"explanationFormDock", "explanation"},
    {"comparePanelDock", "compare"},
}};
} // namespace

QUrl PanelTopics::topicOf(const QDockWidget *dock) {
    if (!dock)
        return {};
    for (const auto &[name, anchor] : kTopics)
        if (dock->objectName() == QLatin1String(name)) {
            QUrl url = Guide::root().resolved(QUrl(kPanelsChapter));
            url.setFragment(QLatin1String(anchor));
            return url;
        }
    return {};
}

QUrl PanelTopics::topicFor(const QWidget *focus) {
    for (const QWidget *w = focus; w; w = w->parentWidget())
        if (const auto *dock = qobject_cast<const QDockWidget *>(w)) {
            const QUrl topic = topicOf(dock);
            if (!topic.isEmpty())
                return topic;
        }
    return Guide::start();
}

} // namespace docshape::ui::help
