#pragma once

#include "core/Project.h"
#include "util/Result.h"

#include <string>
#include <vector>

namespace docshape {

// Which generated application types change between two versions of a
// model (what `docshape-cli diff` lists, so a reviewer knows which modules
// `docshape-cli types` will rewrite): per collection, the types (the
// objects of export/types/TypeModel, by name) added, removed or changed in
// what they hold (keys, types, rules, variants), whatever the language.
struct TypesChange {
    std::string collection;
    bool collectionAdded = false;
    bool collectionRemoved = false;
    std::vector<std::string> added;
    std::vector<std::string> removed;
    std::vector<std::string> changed;

    friend bool operator==(const TypesChange &, const TypesChange &) = default;
};

// The collections whose types differ, in the new version's derivation
// order, then the removed ones. Fails as applicationTypes does for either.
Result<std::vector<TypesChange>> typesChanges(const Project &before, const Project &after);

} // namespace docshape
