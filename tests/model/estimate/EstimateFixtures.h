#pragma once

#include "core/Project.h"

#include <string>

namespace docshape::test {

inline Field stringField(std::string id, std::string name, double avg, std::uint64_t max) {
    Field f;
    f.id = std::move(id);
    f.name = std::move(name);
    f.type = BsonType::String;
    f.avgBytes = avg;
    f.maxBytes = max;
    return f;
}

inline Field typedField(std::string id, std::string name, BsonType type) {
    Field f;
    f.id = std::move(id);
    f.name = std::move(name);
    f.type = type;
    return f;
}

inline Field arrayField(std::string id, std::string name, BsonType element, double avg,
                        std::optional<std::uint64_t> max) {
    Field f;
    f.id = std::move(id);
    f.name = std::move(name);
    f.type = BsonType::Array;
    f.elementType = element;
    f.avgCount = avg;
    f.maxCount = max;
    return f;
}

inline Entity entity(std::string id, std::string name, double count) {
    Entity e;
    e.id = std::move(id);
    e.name = std::move(name);
    e.count = count;
    return e;
}

inline IndexSpec index(std::string id, std::string entityId, std::vector<IndexKey> keys) {
    IndexSpec i;
    i.id = std::move(id);
    i.entityId = std::move(entityId);
    i.keys = std::move(keys);
    return i;
}

} // namespace docshape::test
