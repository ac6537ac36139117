#pragma once

#include "document/ChangeEvent.h"

#include "core/Project.h"

#include <QUndoCommand>

namespace docshape::ui {

class Document;

// Base of every undo command. A command knows how to apply itself to any
// Project, so that Document::push can try it on a copy and validate the
// result before touching the real model; redo()/undo() apply it to the
// document's project and notify the views.
//
// Contract: applyTo(p) followed by revertFrom(p) leaves both `p` and the
// command exactly as they were.
class DocumentCommand : public QUndoCommand {
public:
    DocumentCommand(Document *document, const QString &text);

    virtual ChangeEvent applyTo(Project &project) = 0;
    virtual ChangeEvent revertFrom(Project &project) = 0;

    void redo() final;
    void undo() final;

protected:
    Document *document() const { return m_document; }

private:
    Document *m_document;
};

} // namespace docshape::ui
