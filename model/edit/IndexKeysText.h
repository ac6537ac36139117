#pragma once

#include "core/IndexSpec.h"
#include "util/Result.h"

#include <string>
#include <string_view>
#include <vector>

namespace docshape::edit {

// The keys of an index as the studio's key editor shows and reads them: a
// comma-separated list of `path: kind` in key order, as mongosh writes a key
// pattern without its braces ("email: 1, createdAt: -1, location: 2dsphere").
// Reading also takes a bare path (ascending), a path with a leading minus
// (descending) and quoted kinds ("text" or 'text').
std::string indexKeysText(const std::vector<IndexKey> &keys);

// The keys the text names, or why it names none: an empty key, a kind that
// is not one of 1, -1, text, 2dsphere, 2d, hashed, a path named twice, more
// than the server's 32 keys. The error's `where` is the key ("key 2").
Result<std::vector<IndexKey>> parseIndexKeys(std::string_view text);

} // namespace docshape::edit
