#pragma once

#include "commands/Cli.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace docshape::cli {

// The help's layout: text wrapped at kHelpWidth columns (UTF-8 characters).
inline constexpr std::size_t kHelpWidth = 80;

// The rows a command that takes a model gets before its own options
// (Command::takesModel); the help lists the examples' names after the
// meaning of --example.
inline constexpr Option kModelOption{"MODEL", "a .docshape model file"};
inline constexpr Option kExampleOption{"--example NAME", "a bundled example in place of MODEL"};

std::size_t columns(std::string_view text);

// TEXT as lines of at most WIDTH columns, broken at spaces outside brackets
// (so that "[--shape typical|max]" stays whole); '\n' in TEXT breaks a line.
// A word wider than WIDTH stands alone on its line.
std::vector<std::string> wrapText(std::string_view text, std::size_t width);

// A command line as a shell reads it over several lines: each but the last
// ends with " \\", the ones after the first are indented by two, none is
// wider than WIDTH.
std::vector<std::string> commandLines(std::string_view command, std::size_t width);

} // namespace docshape::cli
