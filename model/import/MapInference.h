#pragma once

#include "core/MapKeys.h"
#include "import/CollectionStatistics.h"

#include <string>

namespace docshape::import {

// An object node every key of which looked generated (hex ids, UUIDs,
// numbers, ISO dates): a map, whose values share `mapValue`. An object that
// mixes named keys with generated ones is not: the model keeps its named
// keys as fields (and the generated ones as ModelBuilder::mapFields says).
bool isMap(const PathNode &object);

// The keys of a map node as the model states them: the pattern every key
// seen matches (ObjectId strings when every hex key had 24 digits; hex when
// numbers and hex ids mix, as a number's digits are hex digits; else an
// alternation of the patterns seen), and the counts and bytes seen.
MapKeys inferredMapKeys(const PathNode &object);

// "hex ids, UUIDs" for the KeyPattern bits of a node.
std::string keyPatternWords(std::uint8_t patternBits);

} // namespace docshape::import
