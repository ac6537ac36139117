#include "support/ExternalTools.h"

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <sys/wait.h>

namespace docshape::test {

std::string shellQuoted(const std::string &path) {
    std::string out = "'";
    for (char c : path) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    return out + "'";
}

bool haveTool(const std::string &name) {
    return runTool("command -v " + shellQuoted(name) + " >/dev/null 2>&1").code == 0;
}

ToolRun runTool(const std::string &command, bool withStderr) {
    ToolRun r;
    const std::string full = command + (withStderr ? " 2>&1" : "");
    FILE *pipe = popen(full.c_str(), "r");
    if (!pipe)
        return r;
    char buf[65536];
    std::size_t n;
    while ((n = fread(buf, 1, sizeof buf, pipe)) > 0)
        r.out.append(buf, n);
    const int status = pclose(pipe);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

void writeFile(const std::string &path, const std::string &bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    if (!out)
        throw std::runtime_error("cannot write " + path);
}

} // namespace docshape::test
