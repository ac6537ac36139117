#pragma once

#include "diff/ModelDiff.h"
#include "io/EnumCodec.h"
#include "io/ProjectSchema.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

// Members of model structs as JSON values, walked through the file schema
// (io/ProjectSchema.h), so that a diff names each property by its file key
// and shows its value as the file spells it.
namespace docshape::diffdetail {

template <typename T> struct IsVector : std::false_type {};
template <typename T> struct IsVector<std::vector<T>> : std::true_type {};
template <typename T> struct IsOptional : std::false_type {};
template <typename T> struct IsOptional<std::optional<T>> : std::true_type {};

// The value as JSON: enums by their file spelling, unset optionals as null,
// structs as objects with every key of their schema.
template <typename T> nlohmann::ordered_json valueJson(const T &value) {
    using nlohmann::ordered_json;
    if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, bool> || std::is_arithmetic_v<T>) {
        return value;
    } else if constexpr (std::is_enum_v<T>) {
        return std::string(io::EnumCodec<T>::name(value));
    } else if constexpr (IsOptional<T>::value) {
        return value ? valueJson(*value) : ordered_json(nullptr);
    } else if constexpr (IsVector<T>::value) {
        ordered_json out = ordered_json::array();
        for (const auto &item : value)
            out.push_back(valueJson(item));
        return out;
    } else if constexpr (std::is_same_v<T, std::map<std::string, double>>) {
        ordered_json out = ordered_json::object();
        for (const auto &[key, number] : value)
            out[key] = number;
        return out;
    } else {
        ordered_json out = ordered_json::object();
        auto member = [&](std::string_view key, auto pointer, io::Presence) {
            out[std::string(key)] = valueJson(io::memberOf(value, pointer));
        };
        io::describe(member, io::Tag<T>{});
        return out;
    }
}

// The members of `a` and `b` that differ, in schema order, leaving out the
// keys in `skip` (ids, nested objects compared on their own).
template <typename T>
std::vector<PropertyChange> compareMembers(const T &a, const T &b, std::initializer_list<std::string_view> skip) {
    std::vector<PropertyChange> out;
    auto member = [&](std::string_view key, auto pointer, io::Presence) {
        if (std::find(skip.begin(), skip.end(), key) != skip.end())
            return;
        const auto &before = io::memberOf(a, pointer);
        const auto &after = io::memberOf(b, pointer);
        if (!(before == after))
            out.push_back({std::string(key), valueJson(before), valueJson(after)});
    };
    io::describe(member, io::Tag<T>{});
    return out;
}

} // namespace docshape::diffdetail
