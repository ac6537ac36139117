#pragma once

#include "util/Result.h"

#include <string>
#include <string_view>
#include <vector>

namespace docshape {

// The example models shipped with DocShape. An installed program finds them
// in share/docshape/examples beside its bin directory (/usr/bin/docshape:
// /usr/share/docshape/examples); a program run from its build tree finds the
// source tree's resources/examples.

// The first of those directories that holds a .docshape file, or empty.
std::string bundledExamplesDirectory();

// The examples' names (their file names without .docshape), sorted.
std::vector<std::string> bundledExampleNames();

// The file of the example NAME, or an error that names the examples there are.
Result<std::string> findBundledExample(std::string_view name);

} // namespace docshape
