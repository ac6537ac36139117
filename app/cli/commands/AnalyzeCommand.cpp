#include "commands/Cli.h"

#include <ostream>

namespace docshape::cli {

int runAnalyze(const std::vector<std::string> &, Io io) {
    io.err << "docshape-cli: 'analyze' is not available in this build yet\n";
    return kUsage;
}

} // namespace docshape::cli
