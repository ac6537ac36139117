#include "migrate/PipelineBuilder.h"

#include <algorithm>

namespace docshape::pipeline {

std::string Place::path() const {
    std::string out;
    for (const auto &n : names)
        out += (out.empty() ? "" : ".") + n;
    return out;
}

bool Place::crossesArray() const { return std::find(arrays.begin(), arrays.end(), true) != arrays.end(); }

Place placeOf(const NodePlace &p) { return {p.names, p.arrays}; }

namespace {

Json isType(const std::string &ref, const char *type) { return {{"$eq", Json::array({{{"$type", ref}}, type})}}; }

Json valueAt(const Place &place, std::size_t i, const std::string &container,
             const std::function<Json(const std::string &)> &leaf, int depth) {
    if (i + 1 == place.names.size())
        return leaf(container);
    const std::string here = container + place.names[i];
    const std::string &next = place.names[i + 1];
    if (place.arrays[i]) {
        const std::string var = "e" + std::to_string(depth);
        const std::string element = "$$" + var;
        Json inner = {{"$cond", Json::array({isType(element, "object"),
                                             {{"$mergeObjects", Json::array({element, {{next, valueAt(place, i + 1, element + ".", leaf, depth + 1)}}})}},
                                             element})}};
        Json map = {{"$map", {{"input", here}, {"as", var}, {"in", std::move(inner)}}}};
        return {{"$cond", Json::array({{{"$isArray", here}}, std::move(map), here})}};
    }
    Json merged = {{"$mergeObjects", Json::array({here, {{next, valueAt(place, i + 1, here + ".", leaf, depth)}}})}};
    return {{"$cond", Json::array({isType(here, "object"), std::move(merged), here})}};
}

} // namespace

Json setStage(const Place &place, const std::function<Json(const std::string &)> &leaf) {
    return {{"$set", {{place.names.front(), valueAt(place, 0, "$", leaf, 1)}}}};
}

Json renamedValue(const std::string &oldRef, const Json &otherwise) {
    return {{"$cond", Json::array({isType(oldRef, "missing"), otherwise, oldRef})}};
}

std::string convertTarget(BsonType type) {
    switch (type) {
    case BsonType::Double:
    case BsonType::String:
    case BsonType::ObjectId:
    case BsonType::Bool:
    case BsonType::Date:
    case BsonType::Int:
    case BsonType::Long:
    case BsonType::Decimal:
        return std::string(toString(type));
    default:
        return {};
    }
}

Json convertedValue(const std::string &ref, BsonType to) {
    return {{"$convert", {{"input", ref}, {"to", convertTarget(to)}, {"onError", ref}, {"onNull", ref}}}};
}

Json filledValue(const std::string &ref, const Json &value) {
    return {{"$cond", Json::array({isType(ref, "missing"), literal(value), ref})}};
}

Json literal(const Json &value) { return {{"$literal", value}}; }

Json matchAt(const Place &place, const Json &condition) {
    auto firstArray = std::find(place.arrays.begin(), place.arrays.end(), true);
    if (firstArray == place.arrays.end())
        return {{place.path(), condition}};
    const auto i = static_cast<std::size_t>(firstArray - place.arrays.begin());
    Place head{{place.names.begin(), place.names.begin() + static_cast<std::ptrdiff_t>(i) + 1},
               {place.arrays.begin(), place.arrays.begin() + static_cast<std::ptrdiff_t>(i)}};
    Place rest{{place.names.begin() + static_cast<std::ptrdiff_t>(i) + 1, place.names.end()},
               {place.arrays.begin() + static_cast<std::ptrdiff_t>(i) + 1, place.arrays.end()}};
    return {{head.path(), {{"$elemMatch", matchAt(rest, condition)}}}};
}

Json matchSiblings(const Place &place, const Json &conditions) {
    const std::size_t depth = place.names.size() - 1; // names of the enclosing subdocuments
    auto firstArray = std::find(place.arrays.begin(), place.arrays.begin() + static_cast<std::ptrdiff_t>(depth), true);
    const auto i = static_cast<std::size_t>(firstArray - place.arrays.begin());
    std::string prefix;
    for (std::size_t k = 0; k < std::min(i + 1, depth); ++k)
        prefix += place.names[k] + ".";
    if (i >= depth) {
        Json out = Json::object();
        for (const auto &[name, condition] : conditions.items())
            out[prefix + name] = condition;
        return out;
    }
    prefix.pop_back();
    Place rest{{place.names.begin() + static_cast<std::ptrdiff_t>(i) + 1, place.names.end()},
               {place.arrays.begin() + static_cast<std::ptrdiff_t>(i) + 1, place.arrays.end()}};
    return {{prefix, {{"$elemMatch", matchSiblings(rest, conditions)}}}};
}

} // namespace docshape::pipeline
