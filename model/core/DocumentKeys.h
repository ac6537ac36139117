#pragma once

#include "core/Entity.h"
#include "core/Relationship.h"

#include <optional>
#include <string>
#include <string_view>

// The keys a relationship adds to its ends' documents, named as the
// derivation names them: the stated `fieldName` or `backFieldName`, or else
// a key made up from the other end's name ("customer" + "Id"). One source for
// the derivation and for the reader's check that no document holds a key
// twice.
namespace docshape {

// `base` with its first letter lowered, then `suffix` ("customer" + "Id").
std::string madeUpKey(std::string_view base, std::string_view suffix = {});

// The key `r` adds to each child's documents (the reference to the parent),
// or nothing.
std::optional<std::string> childSideKey(const Relationship &r, const Entity &parent);

// The key `r` adds to each parent's documents (the embedded child, the ids,
// the subset or the extended reference), or nothing.
std::optional<std::string> parentSideKey(const Relationship &r, const Entity &child);

} // namespace docshape
