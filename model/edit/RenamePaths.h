#pragma once

#include "core/AccessPattern.h"
#include "core/IndexSpec.h"
#include "core/Project.h"
#include "derive/DeriveCollections.h"

#include <string_view>
#include <vector>

namespace docshape::edit {

// The access patterns and indexes a field rename changes, as their new
// values; the ones it leaves alone are not listed.
struct RenamedPaths {
    std::vector<AccessPattern> accessPatterns;
    std::vector<IndexSpec> indexes;
};

// What renaming the field `fieldId` to `newName` does to the paths that name
// it. Access patterns and indexes name fields by dotted paths in the
// document of the collection that stores their entity, so a field is named
// by one path in each collection whose documents hold it (its own, the one
// it is embedded in, and every extended reference or subset that copies
// it). Each such path, and every path below it, is rewritten in the
// equality, range, sort and returned fields of the collection's access
// patterns, and in the keys and partial filter of its indexes.
// `derived` is deriveCollections(project), before the rename.
RenamedPaths pathsAfterRename(const Project &project, const Derived &derived, std::string_view fieldId,
                              std::string_view newName);

} // namespace docshape::edit
