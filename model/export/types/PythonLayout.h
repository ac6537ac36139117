#pragma once

#include <string>

// Generated Python laid out as black 23.1 (Debian 12's) leaves it, with its
// defaults (line length 88): a port of the part of black's linegen.py that
// splits one logical line (transform_line: right_hand_split with its
// trailers to omit and optional parentheses, delimiter_split on commas,
// the trailing comma it adds, imports exploded), for what the Pydantic
// writer generates: imports, annotated and plain assignments, class and
// decorator lines. The test `types_pydantic` runs `black --check` on every
// generated module.
namespace docshape::types::python_layout {

// `line` (one logical line: its indentation, four spaces a level, then
// code whose tokens are already spaced as black spaces them) split as
// black splits it when it is longer than 88 columns: the lines joined by
// '\n', without a final one. A line black leaves whole comes back as is.
std::string black(const std::string &line);

// Every line of `module` passed through black(); comment lines and the
// writer's one-line docstrings are left alone.
std::string blackModule(const std::string &module);

} // namespace docshape::types::python_layout
