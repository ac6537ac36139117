#include "commands/Cli.h"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char **argv) {
    std::ios::sync_with_stdio(false);
    std::vector<std::string> args(argv + 1, argv + argc);
#ifdef DOCSHAPE_CLI_DRAWING
    const auto drawing = docshape::cli::drawingCommands();
    docshape::cli::setModelLayout(&docshape::cli::layOutModel);
#else
    const auto drawing = docshape::cli::drawingUnavailable();
#endif
    return docshape::cli::run(args, {std::cin, std::cout, std::cerr}, drawing);
}
