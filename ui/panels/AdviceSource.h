#pragma once

#include "document/ChangeEvent.h"

#include "advisor/Advice.h"

#include <QObject>

#include <string>

namespace docshape::ui {
class Document;
}

namespace docshape::ui::panels {

// The advisor's view of the document, computed once per change and shared by
// every panel (findings, access-pattern costs, worksheets), so that panels
// never run the advisor themselves and never disagree.
//
// Invariant: advice() describes document()->project() whenever `updated`
// has been emitted for the latest change. Canvas moves change no estimate
// and emit nothing.
class AdviceSource : public QObject {
    Q_OBJECT

public:
    explicit AdviceSource(Document *document, QObject *parent = nullptr);

    Document *document() const { return m_document; }
    const Advice &advice() const { return m_advice; }

    // The root entity of the collection named `collection`, or empty.
    std::string rootEntityOf(const std::string &collection) const;

    // Milliseconds of the last refresh: computing the advice, and the whole
    // refresh including every listener of `updated`.
    double lastAdviceMs() const { return m_adviceMs; }
    double lastRefreshMs() const { return m_refreshMs; }

signals:
    // After the advice was recomputed for the document's change `event`.
    void updated(const docshape::ui::ChangeEvent &event);

private:
    void onChanged(const ChangeEvent &event);

    Document *m_document;
    Advice m_advice;
    double m_adviceMs = 0;
    double m_refreshMs = 0;
};

} // namespace docshape::ui::panels
