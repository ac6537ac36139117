#pragma once

#include "commands/DocumentCommand.h"

namespace docshape::ui {

// Replaces an entity's properties: not its position (MoveEntities) and not
// its fields (the field commands), which stay as they are in the model.
// Typing into one property merges into one step; a merge that returns to
// the starting value makes the command obsolete.
class ChangeEntity : public DocumentCommand {
public:
    ChangeEntity(Document *document, Entity newValue, const QString &text, const QString &mergeKey);

    EditScope scope(const Project &) const override { return {.entities = {m_value.id}}; }
    ChangeEvent applyTo(Project &project) override { return swap(project); }
    ChangeEvent revertFrom(Project &project) override { return swap(project); }

    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

    // The Change property bits that differ between two values of an entity,
    // positions and fields aside.
    static std::uint32_t differences(const Entity &a, const Entity &b);

private:
    ChangeEvent swap(Project &project);

    Entity m_value; // the new value before redo, the old one after; fields and position unused
    QString m_mergeKey;
};

} // namespace docshape::ui
