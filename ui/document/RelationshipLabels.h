#pragma once

#include "core/Project.h"

#include <QString>

namespace docshape::ui {

// Human label of a representation, as on edges and in the chooser.
QString representationLabel(Representation representation);
QString cardinalityLabel(Cardinality cardinality);

// "Embed Review in Product as array", the undo text of a drop.
QString relationshipCommandText(const Project &project, const Relationship &relationship);

} // namespace docshape::ui
