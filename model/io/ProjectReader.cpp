#include "io/ProjectReader.h"

#include "io/EnumCodec.h"
#include "io/JsonText.h"
#include "io/ProjectSchema.h"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <limits>
#include <type_traits>

namespace docshape::io {

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

template <typename T> struct IsVector : std::false_type {};
template <typename T> struct IsVector<std::vector<T>> : std::true_type {};
template <typename T> struct IsOptional : std::false_type {};
template <typename T> struct IsOptional<std::optional<T>> : std::true_type {};

std::string_view jsonTypeName(element e) {
    switch (e.type()) {
    case element_type::ARRAY: return "an array";
    case element_type::OBJECT: return "an object";
    case element_type::INT64:
    case element_type::UINT64: return "an integer";
    case element_type::DOUBLE: return "a number";
    case element_type::STRING: return "a string";
    case element_type::BOOL: return "a boolean";
    case element_type::NULL_VALUE: return "null";
    }
    return "a value";
}

// Edit distance, for "did you mean" on a misspelt key. Keys are short, and a
// long unknown key is never near a known one, so the cost stays small.
std::size_t editDistance(std::string_view a, std::string_view b) {
    if (a.size() > 64 || b.size() > 64)
        return std::max(a.size(), b.size());
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            const bool same = a[i - 1] == b[j - 1];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

} // namespace

Result<Project> ProjectReader::read(element root) {
    m_path = JsonPath();
    m_failed = false;
    m_fieldDepth = 0;
    m_totalFields = 0;
    Project project;
    if (!readStruct(root, project))
        return m_error;
    return project;
}

bool ProjectReader::fail(std::string message) {
    if (!m_failed) {
        m_failed = true;
        m_error = Error{m_path.toString(), std::move(message)};
    }
    return false;
}

bool ProjectReader::typeError(element e, std::string_view expected) {
    return fail("expected " + std::string(expected) + ", found " + std::string(jsonTypeName(e)));
}

bool ProjectReader::unknownKey(std::string_view key, const std::vector<std::string_view> &known) {
    std::string message = "unknown key " + inQuotes(key);
    std::string_view best;
    std::size_t bestDistance = 3; // suggest only close matches
    for (std::string_view candidate : known) {
        const std::size_t d = editDistance(key, candidate);
        if (d < bestDistance) {
            bestDistance = d;
            best = candidate;
        }
    }
    if (!best.empty())
        message += "; did you mean '" + std::string(best) + "'?";
    return fail(std::move(message));
}

template <typename T> const ProjectReader::MemberTable<T> &ProjectReader::memberTable() {
    static const MemberTable<T> table = [] {
        MemberTable<T> t;
        auto add = [&](std::string_view name, auto pointer, Presence) {
            t.names.push_back(name);
            t.readers.push_back([pointer](ProjectReader &reader, element value, T &object) {
                return reader.readValue(value, memberOf(object, pointer));
            });
        };
        describe(add, Tag<T>{});
        assert(t.names.size() <= 64 && "readStruct tracks seen keys in a 64-bit mask");
        return t;
    }();
    return table;
}

template <typename T> bool ProjectReader::readStruct(element e, T &object) {
    simdjson::dom::object members;
    if (e.get(members) != simdjson::SUCCESS)
        return typeError(e, "an object");
    const MemberTable<T> &table = memberTable<T>();
    const std::size_t count = table.names.size();
    std::uint64_t seen = 0;
    // Files DocShape wrote list keys in schema order, so the search starts
    // after the previous key's member and usually succeeds at once.
    std::size_t next = 0;
    for (const auto field : members) {
        const std::string_view key = field.key;
        m_path.pushKey(key);
        std::size_t found = count;
        for (std::size_t k = 0; k < count; ++k) {
            const std::size_t candidate = next + k < count ? next + k : next + k - count;
            if (table.names[candidate] == key) {
                found = candidate;
                break;
            }
        }
        if (found == count) {
            // formatVersion was checked before the walk began.
            if (!(std::is_same_v<T, Project> && key == "formatVersion"))
                unknownKey(key, table.names);
        } else {
            const std::uint64_t bit = std::uint64_t{1} << found;
            if (seen & bit)
                fail("duplicate key " + inQuotes(key));
            else {
                seen |= bit;
                table.readers[found](*this, field.value, object);
            }
            next = found + 1 == count ? 0 : found + 1;
        }
        if (m_failed)
            return false;
        m_path.pop();
    }
    return true;
}

template <typename T> bool ProjectReader::readArray(element e, std::vector<T> &items) {
    simdjson::dom::array array;
    if (e.get(array) != simdjson::SUCCESS)
        return typeError(e, "an array");
    const std::size_t size = array.size();
    if (size > kMaxArrayItems)
        return fail(std::to_string(size) + " entries; the limit is " +
                    std::to_string(kMaxArrayItems));
    if (size == 0)
        return true;
    if constexpr (std::is_same_v<T, Field>) {
        if (m_fieldDepth >= kMaxFieldDepth)
            return fail("fields nested more than " + std::to_string(kMaxFieldDepth) +
                        " levels deep");
        m_totalFields += size;
        if (m_totalFields > kMaxTotalFields)
            return fail("more than " + std::to_string(kMaxTotalFields) +
                        " fields in the project");
        ++m_fieldDepth;
    }
    items.reserve(size);
    std::size_t index = 0;
    for (const element item : array) {
        m_path.pushIndex(index++);
        items.emplace_back();
        if (!readValue(item, items.back()))
            return false;
        m_path.pop();
    }
    if constexpr (std::is_same_v<T, Field>)
        --m_fieldDepth;
    return true;
}

template <typename T> bool ProjectReader::readValue(element e, T &value) {
    if constexpr (std::is_same_v<T, std::string>) {
        return readString(e, value);
    } else if constexpr (std::is_same_v<T, bool>) {
        if (e.get(value) != simdjson::SUCCESS)
            return typeError(e, "true or false");
        return true;
    } else if constexpr (std::is_same_v<T, double>) {
        return readDouble(e, value);
    } else if constexpr (std::is_same_v<T, std::uint64_t>) {
        return readUnsigned(e, value);
    } else if constexpr (std::is_same_v<T, std::int64_t>) {
        return readSigned(e, value, std::numeric_limits<std::int64_t>::min(),
                          std::numeric_limits<std::int64_t>::max());
    } else if constexpr (std::is_same_v<T, int>) {
        std::int64_t wide = 0;
        if (!readSigned(e, wide, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()))
            return false;
        value = static_cast<int>(wide);
        return true;
    } else if constexpr (std::is_enum_v<T>) {
        std::string_view name;
        if (e.get(name) != simdjson::SUCCESS)
            return typeError(e, EnumCodec<T>::choices());
        const auto parsed = EnumCodec<T>::parse(name);
        if (!parsed)
            return fail(inQuotes(name) + " is not valid here; expected " + EnumCodec<T>::choices());
        value = *parsed;
        return true;
    } else if constexpr (IsOptional<T>::value) {
        typename T::value_type inner{};
        if (!readValue(e, inner))
            return false;
        value = std::move(inner);
        return true;
    } else if constexpr (IsVector<T>::value) {
        return readArray(e, value);
    } else if constexpr (std::is_same_v<T, std::map<std::string, double>>) {
        return readThresholds(e, value);
    } else {
        return readStruct(e, value);
    }
}

bool ProjectReader::readString(element e, std::string &out) {
    std::string_view s;
    if (e.get(s) != simdjson::SUCCESS)
        return typeError(e, "a string");
    out.assign(s);
    return true;
}

bool ProjectReader::readDouble(element e, double &out) {
    // simdjson refuses numbers outside the double range while parsing, so
    // every number here is finite.
    switch (e.type()) {
    case element_type::DOUBLE: out = e.get_double().value_unsafe(); return true;
    case element_type::INT64: out = static_cast<double>(e.get_int64().value_unsafe()); return true;
    case element_type::UINT64:
        out = static_cast<double>(e.get_uint64().value_unsafe());
        return true;
    default: return typeError(e, "a number");
    }
}

bool ProjectReader::readUnsigned(element e, std::uint64_t &out) {
    switch (e.type()) {
    case element_type::UINT64: out = e.get_uint64().value_unsafe(); return true;
    case element_type::INT64: {
        const std::int64_t v = e.get_int64().value_unsafe();
        if (v < 0)
            return fail("expected a non-negative integer, found " + std::to_string(v));
        out = static_cast<std::uint64_t>(v);
        return true;
    }
    case element_type::DOUBLE:
        return fail("expected a non-negative integer, found " +
                    formatNumber(e.get_double().value_unsafe()));
    default: return typeError(e, "a non-negative integer");
    }
}

bool ProjectReader::readSigned(element e, std::int64_t &out, std::int64_t min, std::int64_t max) {
    const auto range = [&] {
        return "an integer from " + std::to_string(min) + " to " + std::to_string(max);
    };
    switch (e.type()) {
    case element_type::INT64: {
        const std::int64_t v = e.get_int64().value_unsafe();
        if (v < min || v > max)
            return fail("expected " + range() + ", found " + std::to_string(v));
        out = v;
        return true;
    }
    case element_type::UINT64:
        return fail("expected " + range() + ", found " + std::to_string(e.get_uint64().value_unsafe()));
    case element_type::DOUBLE:
        return fail("expected " + range() + ", found " + formatNumber(e.get_double().value_unsafe()));
    default: return typeError(e, range());
    }
}

bool ProjectReader::readThresholds(element e, std::map<std::string, double> &out) {
    simdjson::dom::object members;
    if (e.get(members) != simdjson::SUCCESS)
        return typeError(e, "an object of numbers");
    for (const auto field : members) {
        m_path.pushKey(field.key);
        double value = 0;
        if (!readDouble(field.value, value))
            return false;
        if (!out.emplace(std::string(field.key), value).second)
            return fail("duplicate key " + inQuotes(field.key));
        if (out.size() > kMaxArrayItems)
            return fail("more than " + std::to_string(kMaxArrayItems) + " thresholds");
        m_path.pop();
    }
    return true;
}

} // namespace docshape::io
