#pragma once

#include "core/Project.h"
#include "util/Result.h"

#include <string>
#include <string_view>

namespace docshape {

// The newest .docshape format version this build reads and writes; older
// versions are upgraded on load, newer ones refused. Version 2 adds map
// fields (FieldDetails::map), version 3 the presence of an embedded
// relationship (Relationship::presence). A file is written at the oldest
// version that holds it (formatVersionFor), so a model without maps or
// presences stays readable by builds that know only version 1.
inline constexpr int kFormatVersion = 3;

// The version serializeProject writes for `project`: 3 when a
// relationship's presence is not 1, else 2 when a field is a map, else 1.
int formatVersionFor(const Project &project);

// Parses the text of a .docshape file and checks the model (validateProject).
// Errors name the JSON path ("$.entities[1].fields[3].name") and the problem.
Result<Project> parseProject(std::string_view text);

// The canonical text of a project: pretty-printed, stable key order,
// defaults omitted, ending in a newline. parse(serialize(p)) == p and
// serialize(parse(t)) == t for any t that serialize produced.
std::string serializeProject(const Project &project);

Result<Project> loadProject(const std::string &path);

// Writes atomically: a temporary file beside `path`, flushed and renamed
// over it, so a failed save leaves the previous file intact.
Status saveProject(const Project &project, const std::string &path);

// Semantic checks shared by the loader and the editor: unique ids and names,
// dangling references, embedding cycles, field names, value ranges.
Status validateProject(const Project &project);

} // namespace docshape
