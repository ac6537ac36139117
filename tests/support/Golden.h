#pragma once

#include <cstdlib>
#include <sstream>
#include <string>

// What golden-file tests share: whether they regenerate their files
// (DOCSHAPE_UPDATE_GOLDEN=1) and where an output first differs from its file.
namespace docshape::test {

inline bool updatingGolden() {
    const char *v = std::getenv("DOCSHAPE_UPDATE_GOLDEN");
    return v && std::string(v) == "1";
}

// "line N:\n  expected: ...\n  actual:   ..." for the first line that differs.
inline std::string firstDifference(const std::string &expected, const std::string &actual) {
    std::istringstream e(expected), a(actual);
    std::string le, la;
    for (int line = 1;; ++line) {
        const bool he = static_cast<bool>(std::getline(e, le));
        const bool ha = static_cast<bool>(std::getline(a, la));
        if (!he && !ha)
            return "files differ only in the final newline";
        if (!he || !ha || le != la)
            return "line " + std::to_string(line) + ":\n  expected: " + (he ? le : "<end of file>") +
                   "\n  actual:   " + (ha ? la : "<end of file>");
    }
}

} // namespace docshape::test
