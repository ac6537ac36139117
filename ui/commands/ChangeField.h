#pragma once

#include "commands/DocumentCommand.h"

#include <string>

namespace docshape::ui {

// Replaces a field's properties (type, presence, sizes, bounds,
// constraints, duplication...). Its subfields are kept as they are.
class ChangeField : public DocumentCommand {
public:
    // `entityId` is the entity that holds the field.
    ChangeField(Document *document, Field newValue, std::string entityId, const QString &text,
                const QString &mergeKey);

    EditScope scope(const Project &) const override { return {.entities = {m_entityId}}; }
    ChangeEvent applyTo(Project &project) override { return swap(project); }
    ChangeEvent revertFrom(Project &project) override { return swap(project); }

    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

    // Whether two values of a field have the same properties, subfields aside.
    static bool sameProperties(const Field &a, const Field &b);

private:
    ChangeEvent swap(Project &project);

    Field m_value; // the new value before redo, the old one after; subfields unused
    std::string m_entityId;
    QString m_mergeKey;
};

} // namespace docshape::ui
