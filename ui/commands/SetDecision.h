#pragma once

#include "commands/DocumentCommand.h"

#include <optional>

namespace docshape::ui {

// Puts a decision (found by id) in place of the one with its id, or adds it
// at the end; undo restores the previous one or removes the added one.
// Typing into one property (`mergeKey`) merges into one step; a merge back
// to the starting state makes the command obsolete.
class SetDecision : public DocumentCommand {
public:
    SetDecision(Document *document, Decision newValue, const QString &text, const QString &mergeKey);

    EditScope scope(const Project &) const override { return {.project = true}; }
    ChangeEvent applyTo(Project &project) override { return swap(project); }
    ChangeEvent revertFrom(Project &project) override { return swap(project); }

    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    ChangeEvent swap(Project &project);

    std::string m_id;
    std::optional<Decision> m_value; // the new value before redo, the old one (or none) after
    QString m_mergeKey;
};

} // namespace docshape::ui
