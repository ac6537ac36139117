#pragma once

#include "commands/DocumentCommand.h"

#include "util/Result.h"

namespace docshape::ui {

// Merge id of ChangeAccessPattern. CommandIds.h belongs to the core; this
// family keeps its id here, far above the core's enum, until it moves there.
inline constexpr int CmdChangeAccessPattern = 1000;

// Replaces an access pattern (found by id) with a new value. Typing into
// one column merges into one step; a merge back to the starting value
// makes the command obsolete.
class ChangeAccessPattern : public DocumentCommand {
public:
    ChangeAccessPattern(Document *document, AccessPattern newValue, const QString &text, const QString &mergeKey);

    ChangeEvent applyTo(Project &project) override { return swap(project); }
    ChangeEvent revertFrom(Project &project) override { return swap(project); }

    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    ChangeEvent swap(Project &project);

    AccessPattern m_value; // the new value before redo, the old one after
    QString m_mergeKey;
};

// Pushes a ChangeAccessPattern unless nothing changes; the refusal of the
// model's validator otherwise. `mergeKey` names the column being edited.
Status changeAccessPattern(Document &document, const AccessPattern &newValue, const QString &text,
                           const QString &mergeKey = {});

} // namespace docshape::ui
