#include "panels/AdviceSource.h"

#include "document/Document.h"

#include "advisor/Advisor.h"

#include <QElapsedTimer>

namespace docshape::ui::panels {

AdviceSource::AdviceSource(Document *document, QObject *parent) : QObject(parent), m_document(document) {
    m_advice = advise(document->project(), document->analysis());
    connect(document, &Document::changed, this, &AdviceSource::onChanged);
}

std::string AdviceSource::rootEntityOf(const std::string &collection) const {
    for (const auto &stat : m_document->analysis().collections)
        if (stat.name == collection)
            return stat.rootEntityId;
    return {};
}

void AdviceSource::onChanged(const ChangeEvent &event) {
    if (!event.affectsEstimates())
        return;
    QElapsedTimer timer;
    timer.start();
    m_advice = advise(m_document->project(), m_document->analysis());
    m_adviceMs = double(timer.nsecsElapsed()) / 1e6;
    emit updated(event);
    m_refreshMs = double(timer.nsecsElapsed()) / 1e6;
}

} // namespace docshape::ui::panels
