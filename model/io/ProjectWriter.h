#pragma once

#include "core/Project.h"

#include <string>

namespace docshape::io {

// Writes the canonical .docshape text (see FORMAT.md): keys in schema order,
// members equal to their default left out, two-space indentation, one value
// per line so that a one-member edit is a one-hunk diff.
class ProjectWriter {
public:
    std::string write(const Project &project);

private:
    template <typename T> void writeStruct(const T &object);
    template <typename T> void writeValue(const T &value);
    void newline();
    void key(std::string_view name);

    std::string m_out;
    int m_depth = 0;
};

} // namespace docshape::io
