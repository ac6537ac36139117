#pragma once

#include "document/ChangeEvent.h"

#include "core/Project.h"
#include "io/ProjectValidator.h"

#include <QUndoCommand>

#include <optional>

namespace docshape::ui {

class Document;

// Base of every undo command. A command knows how to apply itself to any
// Project and which objects it touches, so that Document::push can apply
// it, validate what it touched and revert it on refusal before the undo
// stack ever holds it; redo()/undo() apply it to the document's project
// and announce the change.
//
// Contract: applyTo(p) followed by revertFrom(p) leaves both `p` and the
// command exactly as they were, and revertFrom returns the reverse of the
// event applyTo returned (ChangeEvent::reversed).
class DocumentCommand : public QUndoCommand {
public:
    DocumentCommand(Document *document, const QString &text);

    // The objects applyTo will touch in `project`, before it runs.
    virtual EditScope scope(const Project &project) const = 0;
    virtual ChangeEvent applyTo(Project &project) = 0;
    virtual ChangeEvent revertFrom(Project &project) = 0;

    void redo() final;
    void undo() final;

protected:
    Document *document() const { return m_document; }

private:
    friend class Document;
    Document *m_document;
    // Document::push applied the command to validate it: the first redo()
    // announces this event instead of applying it again.
    std::optional<ChangeEvent> m_applied;
};

} // namespace docshape::ui
