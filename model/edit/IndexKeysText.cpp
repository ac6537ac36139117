#include "edit/IndexKeysText.h"

#include <algorithm>
#include <array>

namespace docshape::edit {

namespace {

constexpr std::size_t kMaxKeys = 32; // index_key_validate.cpp: "Index key pattern ... has too many fields"
constexpr std::array<std::string_view, 6> kKinds = {"1", "-1", "text", "2dsphere", "2d", "hashed"};

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

std::string_view unquote(std::string_view s) {
    if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front())
        return s.substr(1, s.size() - 2);
    return s;
}

} // namespace

std::string indexKeysText(const std::vector<IndexKey> &keys) {
    std::string out;
    for (const IndexKey &k : keys) {
        if (!out.empty())
            out += ", ";
        out += k.path + ": " + k.kind;
    }
    return out;
}

Result<std::vector<IndexKey>> parseIndexKeys(std::string_view text) {
    std::vector<IndexKey> keys;
    if (trim(text).empty())
        return Error{"keys", "an index needs at least one key"};
    std::size_t start = 0;
    for (std::size_t n = 1;; ++n) {
        const std::size_t comma = text.find(',', start);
        const std::string_view item = trim(text.substr(start, comma == std::string_view::npos ? text.npos : comma - start));
        const std::string where = "key " + std::to_string(n);
        if (item.empty())
            return Error{where, "is empty; write path: 1, path: -1 or path: text"};
        IndexKey key;
        const std::size_t colon = item.find(':');
        std::string_view path = trim(item.substr(0, colon));
        if (colon == std::string_view::npos) {
            if (path.front() == '-') {
                key.kind = "-1";
                path = trim(path.substr(1));
            }
        } else {
            const std::string_view kind = unquote(trim(item.substr(colon + 1)));
            if (kind.empty())
                return Error{where, "'" + std::string(path) + ":' has no kind after the colon"};
            if (std::find(kKinds.begin(), kKinds.end(), kind) == kKinds.end())
                return Error{where, "kind '" + std::string(kind) + "' of '" + std::string(path) +
                                        "' is not one of 1, -1, text, 2dsphere, 2d, hashed"};
            key.kind = std::string(kind);
        }
        path = unquote(path);
        if (path.empty())
            return Error{where, "has no field path"};
        key.path = std::string(path);
        // index_key_validate.cpp validateKeyPattern: "Index keys cannot
        // contain an empty field." and "Index key contains an illegal field
        // name: field name starts with '$'."
        for (std::size_t from = 0;;) {
            const std::size_t dot = key.path.find('.', from);
            const std::string_view part = std::string_view(key.path).substr(from, dot == std::string::npos ? std::string::npos : dot - from);
            if (part.empty())
                return Error{where, "'" + key.path + "': index keys cannot contain an empty field"};
            if (part.front() == '$')
                return Error{where, "'" + key.path + "': a key's field name cannot start with '$'"};
            if (dot == std::string::npos)
                break;
            from = dot + 1;
        }
        if (std::any_of(keys.begin(), keys.end(), [&](const IndexKey &k) { return k.path == key.path; }))
            return Error{where, "the path '" + key.path + "' appears twice"};
        keys.push_back(std::move(key));
        if (keys.size() > kMaxKeys)
            return Error{"keys", "a compound index has at most 32 keys"};
        if (comma == std::string_view::npos)
            break;
        start = comma + 1;
    }
    return keys;
}

} // namespace docshape::edit
