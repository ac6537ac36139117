#include "support/TestPaths.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <random>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include <unistd.h>

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

namespace {

// The directories makeTempDir made, removed when the test program ends
// (by the process that made them: a forked child leaves them alone). A
// test that crashes leaves its directories for a look.
class TempDirs {
public:
    ~TempDirs() {
        if (::getpid() != m_owner)
            return;
        std::error_code ignored;
        for (const auto &dir : m_dirs)
            std::filesystem::remove_all(dir, ignored);
    }
    void add(const std::filesystem::path &dir) {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_dirs.push_back(dir);
    }

private:
    const pid_t m_owner = ::getpid();
    std::mutex m_mutex;
    std::vector<std::filesystem::path> m_dirs;
};

TempDirs &tempDirs() {
    static TempDirs dirs;
    return dirs;
}

} // namespace

std::string makeTempDir(const std::string &tag) {
    std::random_device rd;
    auto dir = std::filesystem::temp_directory_path() /
               ("docshape-test-" + tag + "-" + std::to_string(rd()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    tempDirs().add(dir);
    return dir.string();
}

} // namespace docshape::test
