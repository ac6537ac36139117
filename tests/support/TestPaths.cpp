#include "support/TestPaths.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

namespace docshape::test {

std::string sourceDir() { return DOCSHAPE_SOURCE_DIR; }
std::string sharedDir() { return sourceDir() + "/../shared"; }
std::string dataPath(const std::string &relative) { return sourceDir() + "/tests/data/" + relative; }
std::string examplesDir() { return sourceDir() + "/resources/examples"; }

std::vector<std::string> examplePaths() {
    std::vector<std::string> paths;
    for (const auto &entry : std::filesystem::directory_iterator(examplesDir()))
        if (entry.path().extension() == ".docshape")
            paths.push_back(entry.path().string());
    std::sort(paths.begin(), paths.end());
    return paths;
}

std::string readFile(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot read " + path);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string makeTempDir(const std::string &tag) {
    std::random_device rd;
    auto dir = std::filesystem::temp_directory_path() /
               ("docshape-test-" + tag + "-" + std::to_string(rd()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir.string();
}

} // namespace docshape::test
