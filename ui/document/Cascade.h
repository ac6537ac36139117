#pragma once

#include "core/Project.h"

#include <string>
#include <vector>

namespace docshape::ui {

// The project without the given entities and everything that refers to
// them (relationships, indexes, access patterns, copied-field lists,
// duplication sources), so that the result still validates.
Project withoutEntities(const Project &project, const std::vector<std::string> &entityIds);

// The project without the field (and its subfields), and without the
// references other objects hold to them.
Project withoutField(const Project &project, const std::string &fieldId);

} // namespace docshape::ui
