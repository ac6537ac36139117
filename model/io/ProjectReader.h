#pragma once

#include "core/Project.h"
#include "util/Result.h"
#include "io/JsonPath.h"

#include <simdjson.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace docshape::io {

// Limits that keep a hostile file from exhausting memory or the stack. The
// reader enforces the count limits; the JSON nesting and file size limits
// are enforced before it runs (ProjectFile.cpp).
inline constexpr std::size_t kMaxFileBytes = std::size_t{256} << 20;
inline constexpr std::size_t kMaxJsonDepth = 256;
inline constexpr int kMaxFieldDepth = 100;
inline constexpr std::size_t kMaxArrayItems = 100'000; // any one array, e.g. entities
inline constexpr std::size_t kMaxTotalFields = 1'000'000;

// Walks a parsed .docshape document (simdjson DOM) into a Project, keeping
// the JSON path of the value being read so that every error names it:
// unknown keys, duplicate keys, wrong JSON types, out-of-range integers,
// unknown enum spellings, limits. It does not check the model's meaning;
// that is validateProject's job.
class ProjectReader {
public:
    // `root` is the document's top-level object; its formatVersion has been
    // checked by the caller.
    Result<Project> read(simdjson::dom::element root);

private:
    // Per struct: its keys in schema order and a reader for each member.
    template <typename T> struct MemberTable {
        std::vector<std::string_view> names;
        std::vector<std::function<bool(ProjectReader &, simdjson::dom::element, T &)>> readers;
    };
    template <typename T> static const MemberTable<T> &memberTable();

    template <typename T> bool readStruct(simdjson::dom::element element, T &object);
    template <typename T> bool readValue(simdjson::dom::element element, T &value);
    template <typename T> bool readArray(simdjson::dom::element element, std::vector<T> &items);
    bool readThresholds(simdjson::dom::element element, std::map<std::string, double> &out);
    bool readString(simdjson::dom::element element, std::string &out);
    bool readDouble(simdjson::dom::element element, double &out);
    bool readUnsigned(simdjson::dom::element element, std::uint64_t &out);
    bool readSigned(simdjson::dom::element element, std::int64_t &out, std::int64_t min,
                    std::int64_t max);

    bool fail(std::string message);
    bool typeError(simdjson::dom::element element, std::string_view expected);
    bool unknownKey(std::string_view key, const std::vector<std::string_view> &known);

    JsonPath m_path;
    int m_fieldDepth = 0;
    std::size_t m_totalFields = 0;
    bool m_failed = false;
    Error m_error;
};

} // namespace docshape::io
