#pragma once

#include <string>
#include <vector>

namespace docshape::test {

// The repository root, so tests read tests/data, resources/ and ../shared
// wherever the build directory is.
std::string sourceDir();
std::string sharedDir();
std::string dataPath(const std::string &relative); // under tests/data
std::string examplesDir();                          // resources/examples
std::vector<std::string> examplePaths();            // its .docshape files, sorted
std::string readFile(const std::string &path);
// A fresh, empty directory under the system temp dir, removed with what
// it holds when the test program ends.
std::string makeTempDir(const std::string &tag);

} // namespace docshape::test
