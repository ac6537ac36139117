#include "io/BundledExamples.h"

#include "BuildInfo.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace docshape {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kExtension = ".docshape";

bool holdsExamples(const fs::path &dir) {
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == kExtension && it->is_regular_file(ec))
            return true;
    return false;
}

std::vector<fs::path> candidates() {
    std::vector<fs::path> dirs;
    std::error_code ec;
    // Linux names the running executable here, wherever it was started from.
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec)
        dirs.push_back((exe.parent_path() / build::kInstalledExamplesFromBinary).lexically_normal());
    dirs.emplace_back(build::kSourceExamples);
    return dirs;
}

} // namespace

std::string bundledExamplesDirectory() {
    for (const fs::path &dir : candidates())
        if (holdsExamples(dir))
            return dir.string();
    return {};
}

std::vector<std::string> bundledExampleNames() {
    std::vector<std::string> names;
    const std::string dir = bundledExamplesDirectory();
    if (dir.empty())
        return names;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == kExtension && it->is_regular_file(ec))
            names.push_back(it->path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

Result<std::string> findBundledExample(std::string_view name) {
    const std::string dir = bundledExamplesDirectory();
    if (dir.empty()) {
        std::string looked;
        for (const fs::path &candidate : candidates())
            looked += (looked.empty() ? "" : ", ") + candidate.string();
        return Error{"", "no bundled examples found (looked in " + looked + ")"};
    }
    const std::vector<std::string> names = bundledExampleNames();
    if (std::find(names.begin(), names.end(), name) != names.end())
        return (fs::path(dir) / (std::string(name) + std::string(kExtension))).string();
    std::string list;
    for (const std::string &n : names)
        list += (list.empty() ? "" : ", ") + n;
    return Error{"", "no bundled example '" + std::string(name) + "'; the examples are " + list};
}

} // namespace docshape
