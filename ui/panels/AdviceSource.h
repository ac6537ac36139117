#pragma once

#include "document/ChangeEvent.h"

#include "advisor/Advice.h"
#include "advisor/Advisor.h"
#include "util/Result.h"

#include <QObject>

#include <string>

namespace docshape::ui {
class Document;
}

namespace docshape::ui::panels {

// The advisor's view of the document, shared by every panel (findings,
// access-pattern costs, worksheets), so that panels never run the advisor
// themselves and never disagree. It is computed when a panel first reads it
// after a change: while no panel that shows advice is on screen, an edit
// costs no advice at all.
//
// Invariant: advice() describes document()->project(). Canvas moves change
// no estimate and emit nothing.
class AdviceSource : public QObject {
    Q_OBJECT

public:
    explicit AdviceSource(Document *document, QObject *parent = nullptr);

    Document *document() const { return m_document; }
    const Advice &advice() const;

    // The root entity of the collection named `collection`, or empty.
    std::string rootEntityOf(const std::string &collection) const;

    // The index the advisor suggests for the access pattern (a pattern whose
    // query no index serves), or nullptr: the suggestion on the pattern's
    // own collection that names it.
    const SuggestedIndex *suggestionFor(const std::string &patternId) const;
    // Adds exactly that index, one undo step; its id, or why not.
    Result<std::string> createSuggestedIndex(const std::string &patternId);

    // Milliseconds of the last computation of the advice, and of the last
    // refresh: every listener of `updated`, including the advice they read.
    double lastAdviceMs() const { return m_adviceMs; }
    double lastRefreshMs() const { return m_refreshMs; }
    // How often the advice was computed, for tests.
    int computations() const { return m_computations; }

signals:
    // After a change of the document that may change the advice. Listeners
    // that are not on screen note it and read advice() when shown.
    void updated(const docshape::ui::ChangeEvent &event);

private:
    void onChanged(const ChangeEvent &event);

    Document *m_document;
    mutable AdviceMemo m_memo; // the last run, to carry over what later edits did not touch
    mutable const Advice *m_advice = nullptr; // the memo's
    mutable AnalysisChange m_pending{.everything = true}; // the edits since the last run
    mutable bool m_stale = true;
    mutable double m_adviceMs = 0;
    mutable int m_computations = 0;
    double m_refreshMs = 0;
};

} // namespace docshape::ui::panels
