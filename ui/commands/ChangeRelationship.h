#pragma once

#include "commands/DocumentCommand.h"

namespace docshape::ui {

// Replaces a relationship: its ends, cardinality, counts and bounds, and its
// representation (embedding, un-embedding and re-pointing are all this).
class ChangeRelationship : public DocumentCommand {
public:
    ChangeRelationship(Document *document, Relationship newValue, const QString &text,
                       const QString &mergeKey);

    ChangeEvent applyTo(Project &project) override { return swap(project); }
    ChangeEvent revertFrom(Project &project) override { return swap(project); }

    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    ChangeEvent swap(Project &project);

    Relationship m_value;
    QString m_mergeKey;
};

} // namespace docshape::ui
