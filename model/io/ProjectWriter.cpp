#include "io/ProjectWriter.h"

#include "io/EnumCodec.h"
#include "io/JsonText.h"
#include "io/ProjectFile.h"
#include "io/ProjectSchema.h"

#include <charconv>
#include <type_traits>

namespace docshape::io {

namespace {

template <typename T> struct IsVector : std::false_type {};
template <typename T> struct IsVector<std::vector<T>> : std::true_type {};
template <typename T> struct IsOptional : std::false_type {};
template <typename T> struct IsOptional<std::optional<T>> : std::true_type {};

template <typename T> void appendInteger(std::string &out, T value) {
    char buf[24];
    const auto result = std::to_chars(buf, buf + sizeof buf, value);
    out.append(buf, result.ptr);
}

// The default value of every member, as the struct initializes it.
template <typename T> const T &defaults() {
    static const T value{};
    return value;
}

} // namespace

std::string ProjectWriter::write(const Project &project) {
    m_out.clear();
    m_depth = 0;
    m_out.reserve(4096);
    m_out += "{\n  \"formatVersion\": ";
    appendInteger(m_out, formatVersionFor(project));
    m_depth = 1;
    const Project &def = defaults<Project>();
    auto member = [&](std::string_view name, auto pointer, Presence presence) {
        const auto &value = memberOf(project, pointer);
        if (presence != kAlways && value == memberOf(def, pointer))
            return;
        m_out += ',';
        newline();
        key(name);
        writeValue(value);
    };
    describe(member, Tag<Project>{});
    m_out += "\n}\n";
    return std::move(m_out);
}

void ProjectWriter::newline() {
    m_out += '\n';
    m_out.append(static_cast<std::size_t>(m_depth) * 2, ' ');
}

void ProjectWriter::key(std::string_view name) {
    appendJsonString(m_out, name);
    m_out += ": ";
}

template <typename T> void ProjectWriter::writeStruct(const T &object) {
    const T &def = defaults<T>();
    bool first = true;
    m_out += '{';
    ++m_depth;
    auto member = [&](std::string_view name, auto pointer, Presence presence) {
        const auto &value = memberOf(object, pointer);
        if (presence != kAlways && value == memberOf(def, pointer))
            return;
        if (!first)
            m_out += ',';
        first = false;
        newline();
        key(name);
        writeValue(value);
    };
    describe(member, Tag<T>{});
    --m_depth;
    if (!first)
        newline();
    m_out += '}';
}

template <typename T> void ProjectWriter::writeValue(const T &value) {
    if constexpr (std::is_same_v<T, std::string>) {
        appendJsonString(m_out, value);
    } else if constexpr (std::is_same_v<T, bool>) {
        m_out += value ? "true" : "false";
    } else if constexpr (std::is_same_v<T, double>) {
        appendNumber(m_out, value);
    } else if constexpr (std::is_integral_v<T>) {
        appendInteger(m_out, value);
    } else if constexpr (std::is_enum_v<T>) {
        appendJsonString(m_out, EnumCodec<T>::name(value));
    } else if constexpr (IsOptional<T>::value) {
        writeValue(*value); // only reached when set: unset equals the default
    } else if constexpr (IsVector<T>::value) {
        if (value.empty()) {
            m_out += "[]";
            return;
        }
        m_out += '[';
        ++m_depth;
        bool first = true;
        for (const auto &item : value) {
            if (!first)
                m_out += ',';
            first = false;
            newline();
            writeValue(item);
        }
        --m_depth;
        newline();
        m_out += ']';
    } else if constexpr (std::is_same_v<T, std::map<std::string, double>>) {
        if (value.empty()) {
            m_out += "{}";
            return;
        }
        m_out += '{';
        ++m_depth;
        bool first = true;
        for (const auto &[name, number] : value) {
            if (!first)
                m_out += ',';
            first = false;
            newline();
            key(name);
            appendNumber(m_out, number);
        }
        --m_depth;
        newline();
        m_out += '}';
    } else {
        writeStruct(value);
    }
}

} // namespace docshape::io
