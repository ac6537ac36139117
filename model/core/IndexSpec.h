#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace docshape {

struct IndexKey {
    std::string path;
    std::string kind = "1"; // "1", "-1", "hashed", "text", "2dsphere"

    friend bool operator==(const IndexKey &, const IndexKey &) = default;
};

struct Collation {
    std::string locale;
    int strength = 3;

    friend bool operator==(const Collation &, const Collation &) = default;
};

// An explicit index, on the collection whose root is `entityId`.
struct IndexSpec {
    std::string id;
    std::string name; // empty: the server's default name, e.g. "a_1_b_-1"
    std::string entityId;
    std::vector<IndexKey> keys;
    bool unique = false;
    bool sparse = false;
    std::string partialFilter;   // canonical Extended JSON text; empty: none
    double partialSelectivity = 1; // share of documents matching the filter
    std::optional<std::int64_t> expireAfterSeconds;
    std::optional<Collation> collation;

    friend bool operator==(const IndexSpec &, const IndexSpec &) = default;
};

// The server's default index name: keys joined as "<path>_<kind>".
std::string defaultIndexName(const IndexSpec &index);
inline std::string indexName(const IndexSpec &index) {
    return index.name.empty() ? defaultIndexName(index) : index.name;
}

} // namespace docshape
