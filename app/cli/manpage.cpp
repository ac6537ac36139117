#include "help/ManPage.h"

#include <iostream>

// Prints docshape-cli(1); the build gzips it for installation. With the
// studio, the commands that draw are in it too.
int main() {
#ifdef DOCSHAPE_CLI_DRAWING
    docshape::cli::writeManPage(std::cout, docshape::cli::drawingCommands());
#else
    docshape::cli::writeManPage(std::cout, docshape::cli::drawingUnavailable());
#endif
    return std::cout.good() ? 0 : 1;
}
