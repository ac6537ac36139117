#pragma once

#include "commands/DocumentCommand.h"

namespace docshape::ui {

// Replaces an entity's properties (not its position, see MoveEntities).
// Typing into one property merges into one step; a merge that returns to
// the starting value makes the command obsolete.
class ChangeEntity : public DocumentCommand {
public:
    ChangeEntity(Document *document, Entity newValue, const QString &text, const QString &mergeKey);

    ChangeEvent applyTo(Project &project) override { return swap(project); }
    ChangeEvent revertFrom(Project &project) override { return swap(project); }

    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    ChangeEvent swap(Project &project);

    Entity m_value; // the new value before redo, the old one after
    QString m_mergeKey;
};

} // namespace docshape::ui
