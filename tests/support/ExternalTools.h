#pragma once

#include <optional>
#include <string>

namespace docshape::test {

// Whether a program is on the PATH.
bool haveTool(const std::string &name);

// Runs a shell command; its standard output and exit code (standard error
// is folded into the output when `withStderr`).
struct ToolRun {
    int code = -1;
    std::string out;
};
ToolRun runTool(const std::string &command, bool withStderr = false);

// A path quoted for the shell.
std::string shellQuoted(const std::string &path);

void writeFile(const std::string &path, const std::string &bytes);

} // namespace docshape::test
