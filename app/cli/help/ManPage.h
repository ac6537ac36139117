#pragma once

#include "commands/Cli.h"

#include <iosfwd>
#include <span>
#include <string>
#include <string_view>

namespace docshape::cli {

// docshape-cli(1) in roff, from the same declarations as the help
// (Cli.h: Command): every command's usage, description, options, examples
// and exit status; `more` as in Cli.h (the drawing commands). The build
// writes it with docshape-cli-manpage.
void writeManPage(std::ostream &out, std::span<const Command *const> more = {});

// TEXT for a roff text line: backslashes and hyphens escaped, and a leading
// '.' or '\'' kept from being read as a request.
std::string roffText(std::string_view text);

} // namespace docshape::cli
