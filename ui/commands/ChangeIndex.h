#pragma once

#include "commands/DocumentCommand.h"

namespace docshape::ui {

// Replaces an index (found by id) with a new value: its keys, options,
// partial filter or collection. Typing into one property merges into one
// step; a merge back to the starting value makes the command obsolete.
class ChangeIndex : public DocumentCommand {
public:
    ChangeIndex(Document *document, IndexSpec newValue, const QString &text, const QString &mergeKey);

    EditScope scope(const Project &) const override { return {.indexes = {m_value.id}}; }
    ChangeEvent applyTo(Project &project) override { return swap(project); }
    ChangeEvent revertFrom(Project &project) override { return swap(project); }

    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    ChangeEvent swap(Project &project);

    IndexSpec m_value; // the new value before redo, the old one after
    QString m_mergeKey;
};

} // namespace docshape::ui
