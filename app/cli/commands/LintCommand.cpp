#include "commands/Cli.h"

#include <ostream>

namespace docshape::cli {

int runLint(const std::vector<std::string> &, Io io) {
    io.err << "docshape-cli: 'lint' is not available in this build yet\n";
    return kUsage;
}

} // namespace docshape::cli
