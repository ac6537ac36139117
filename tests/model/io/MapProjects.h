#pragma once

#include "core/Project.h"

namespace docshape::test {

// A map field: `value` becomes its one subfield (named and required as a
// map's value is).
Field mapField(std::string id, std::string name, MapKeys keys, Field value);

// One entity, "Device" (collection "devices"), with a map of each kind the
// importer writes: sessions (objectId keys to {seconds: int, ip: string}),
// owners (uuid keys to strings), daily (date keys to a map of hour numbers
// to ints). Valid.
Project makeMapProject();

} // namespace docshape::test
