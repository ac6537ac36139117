#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace docshape::io {

// The location of a value in a .docshape document, kept as a stack of keys
// and array indexes while the reader or the validator walks, and rendered
// as text ("$.entities[2].fields[0].name") only when an error needs it.
// Keys are views: whatever they point at must outlive the segment.
class JsonPath {
public:
    void pushKey(std::string_view key) { m_segments.push_back({key, 0, false}); }
    void pushIndex(std::size_t index) { m_segments.push_back({{}, index, true}); }
    void pop() { m_segments.pop_back(); }
    std::size_t depth() const { return m_segments.size(); }
    void truncate(std::size_t depth) { m_segments.resize(depth); }

    // Plain keys as ".key", others (spaces, dots, empty, very long) as
    // ["key"] with JSON escapes, shortened to 80 bytes.
    std::string toString() const;

private:
    struct Segment {
        std::string_view key;
        std::size_t index;
        bool isIndex;
    };
    std::vector<Segment> m_segments;
};

// Pushes a key, or a key and an index, for the lifetime of the scope.
class JsonPathScope {
public:
    JsonPathScope(JsonPath &path, std::string_view key) : m_path(path), m_depth(path.depth()) {
        path.pushKey(key);
    }
    JsonPathScope(JsonPath &path, std::string_view key, std::size_t index)
        : m_path(path), m_depth(path.depth()) {
        path.pushKey(key);
        path.pushIndex(index);
    }
    ~JsonPathScope() { m_path.truncate(m_depth); }
    JsonPathScope(const JsonPathScope &) = delete;
    JsonPathScope &operator=(const JsonPathScope &) = delete;

private:
    JsonPath &m_path;
    std::size_t m_depth;
};

} // namespace docshape::io
