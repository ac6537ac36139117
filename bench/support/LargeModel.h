#pragma once

#include "core/Project.h"

namespace docshape {

// A deterministic, valid model of `collections` collections for benchmarks:
// per collection about 20 fields (strings, ints, dates, object ids, arrays,
// a nested object), 2 access patterns with equality and sort fields, and 3
// indexes; every fourth collection embeds an array of child entities and
// every other one references its predecessor. The same argument always gives
// the same project (no std:: random distributions, which vary by library).
Project makeLargeModel(int collections = 1000);

} // namespace docshape
