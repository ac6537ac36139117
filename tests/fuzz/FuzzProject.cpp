// libFuzzer target: the .docshape reader and validator. Property: a model
// that loads saves and reloads equal.
#include "io/ProjectFile.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace docshape;
    auto project = parseProject(std::string_view(reinterpret_cast<const char *>(data), size));
    if (!project)
        return 0;
    const std::string saved = serializeProject(*project);
    auto reloaded = parseProject(saved);
    if (!reloaded) {
        std::fprintf(stderr, "a loaded model does not reload: %s\n", reloaded.error().toString().c_str());
        std::abort();
    }
    if (!(*reloaded == *project)) {
        std::fprintf(stderr, "a loaded model reloads different\n");
        std::abort();
    }
    return 0;
}
