#pragma once

#include "commands/DocumentCommand.h"

namespace docshape::ui {

// Replaces an access pattern (found by id) with a new value. Typing into
// one column merges into one step; a merge back to the starting value
// makes the command obsolete.
class ChangeAccessPattern : public DocumentCommand {
public:
    ChangeAccessPattern(Document *document, AccessPattern newValue, const QString &text, const QString &mergeKey);

    EditScope scope(const Project &) const override { return {.accessPatterns = {m_value.id}}; }
    ChangeEvent applyTo(Project &project) override { return swap(project); }
    ChangeEvent revertFrom(Project &project) override { return swap(project); }

    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    ChangeEvent swap(Project &project);

    AccessPattern m_value; // the new value before redo, the old one after
    QString m_mergeKey;
};

} // namespace docshape::ui
