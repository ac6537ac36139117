#include "commands/DocumentCommand.h"

#include "document/Document.h"

namespace docshape::ui {

DocumentCommand::DocumentCommand(Document *document, const QString &text)
    : QUndoCommand(text), m_document(document) {}

void DocumentCommand::redo() {
    if (m_applied) {
        ChangeEvent event = std::move(*m_applied);
        m_applied.reset();
        m_document->notify(event);
        return;
    }
    m_document->notify(applyTo(m_document->mutableProject()));
}

void DocumentCommand::undo() { m_document->notify(revertFrom(m_document->mutableProject())); }

} // namespace docshape::ui
