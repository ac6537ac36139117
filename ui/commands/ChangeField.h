#pragma once

#include "commands/DocumentCommand.h"

namespace docshape::ui {

// Replaces a field's properties (type, presence, sizes, bounds,
// constraints, duplication...). Its subfields are kept as they are.
class ChangeField : public DocumentCommand {
public:
    ChangeField(Document *document, Field newValue, const QString &text, const QString &mergeKey);

    ChangeEvent applyTo(Project &project) override { return swap(project); }
    ChangeEvent revertFrom(Project &project) override { return swap(project); }

    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    ChangeEvent swap(Project &project);

    Field m_value;
    QString m_mergeKey;
};

} // namespace docshape::ui
