#include "panels/AdviceSource.h"

#include "document/Document.h"

#include <QElapsedTimer>

#include <algorithm>

namespace docshape::ui::panels {

AdviceSource::AdviceSource(Document *document, QObject *parent) : QObject(parent), m_document(document) {
    connect(document, &Document::changed, this, &AdviceSource::onChanged);
}

const Advice &AdviceSource::advice() const {
    if (m_stale) {
        QElapsedTimer timer;
        timer.start();
        m_advice = &advise(m_document->project(), m_document->analysis(), m_memo, m_pending);
        m_pending = {};
        m_adviceMs = double(timer.nsecsElapsed()) / 1e6;
        m_stale = false;
        ++m_computations;
    }
    return *m_advice;
}

std::string AdviceSource::rootEntityOf(const std::string &collection) const {
    for (const auto &stat : m_document->analysis().collections)
        if (stat.name == collection)
            return stat.rootEntityId;
    return {};
}

const SuggestedIndex *AdviceSource::suggestionFor(const std::string &patternId) const {
    const AccessPattern *q = m_document->project().findAccessPattern(patternId);
    if (!q)
        return nullptr;
    const CollectionStat *stat = m_document->collectionStatOf(q->entityId);
    if (!stat)
        return nullptr;
    for (const auto &s : advice().suggestedIndexes)
        if (s.collection == stat->name &&
            std::find(s.accessPatterns.begin(), s.accessPatterns.end(), q->name) != s.accessPatterns.end())
            return &s;
    return nullptr;
}

Result<std::string> AdviceSource::createSuggestedIndex(const std::string &patternId) {
    const SuggestedIndex *s = suggestionFor(patternId);
    if (!s)
        return Error{patternId, tr("the advisor suggests no index for this access pattern").toStdString()};
    IndexSpec index;
    index.entityId = s->entityId;
    index.keys = s->keys;
    return m_document->addIndex(std::move(index));
}

void AdviceSource::onChanged(const ChangeEvent &event) {
    if (!event.affectsEstimates())
        return;
    QElapsedTimer timer;
    timer.start();
    m_stale = true;
    // What the advice must look at again, kept until a panel reads it.
    m_pending.add(m_document->lastChange());
    m_adviceMs = 0;
    emit updated(event);
    m_refreshMs = double(timer.nsecsElapsed()) / 1e6;
}

} // namespace docshape::ui::panels
