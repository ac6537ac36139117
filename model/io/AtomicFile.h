#pragma once

#include "util/Result.h"

#include <string>
#include <string_view>

namespace docshape::io {

// Replaces the file at `path` with `contents` so that readers see either the
// old file or the new one, never a mix: the text goes to a temporary file in
// the same directory, is flushed to disk (fsync), and renamed over `path`.
// On any failure the temporary file is removed, the previous file is left as
// it was, and the Error says which step failed and why. A symbolic link at
// `path` is followed, so the link stays and its target is replaced. A new
// file gets mode 0666 minus the umask; a replaced file keeps its mode.
Status writeFileAtomically(const std::string &path, std::string_view contents);

} // namespace docshape::io
