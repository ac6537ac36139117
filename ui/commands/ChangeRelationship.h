#pragma once

#include "commands/DocumentCommand.h"

namespace docshape::ui {

// Replaces a relationship: its ends, cardinality, counts and bounds, and its
// representation (embedding, un-embedding and re-pointing are all this).
class ChangeRelationship : public DocumentCommand {
public:
    ChangeRelationship(Document *document, Relationship newValue, const QString &text,
                       const QString &mergeKey);

    EditScope scope(const Project &) const override { return {.relationships = {m_value.id}}; }
    ChangeEvent applyTo(Project &project) override { return swap(project); }
    ChangeEvent revertFrom(Project &project) override { return swap(project); }

    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

    // The Change property bits that differ between two values of a relationship.
    static std::uint32_t differences(const Relationship &a, const Relationship &b);

private:
    ChangeEvent swap(Project &project);

    Relationship m_value;
    QString m_mergeKey;
};

} // namespace docshape::ui
