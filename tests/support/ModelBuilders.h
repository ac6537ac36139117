#pragma once

#include "core/Project.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

// The one set of model builders the model tests share: each sets the
// members it names and leaves the rest at their defaults.
namespace docshape::test {

inline Field field(std::string id, std::string name, BsonType type, double avgBytes = 0, std::uint64_t maxBytes = 0) {
    Field f;
    f.id = std::move(id);
    f.name = std::move(name);
    f.type = type;
    f.avgBytes = avgBytes;
    f.maxBytes = maxBytes;
    return f;
}

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

// `parentId` relates to `childId` as `representation`, with `avgChildren`
// children per parent on average.
inline Relationship relationship(std::string id, std::string parentId, std::string childId,
                                 Representation representation, double avgChildren = 1) {
    Relationship r;
    r.id = std::move(id);
    r.parentId = std::move(parentId);
    r.childId = std::move(childId);
    r.representation = representation;
    r.avgChildren = avgChildren;
    return r;
}

inline IndexSpec index(std::string id, std::string entityId, std::vector<IndexKey> keys, bool unique = false) {
    IndexSpec i;
    i.id = std::move(id);
    i.entityId = std::move(entityId);
    i.keys = std::move(keys);
    i.unique = unique;
    return i;
}

inline AccessPattern readPattern(std::string id, std::string name, std::string entityId, Operation op,
                                 double frequency) {
    AccessPattern q;
    q.id = std::move(id);
    q.name = std::move(name);
    q.entityId = std::move(entityId);
    q.kind = AccessKind::Read;
    q.operation = op;
    q.frequencyPerSecond = frequency;
    q.tenantScoped = false;
    return q;
}

inline AccessPattern writePattern(std::string id, std::string name, std::string entityId, Operation op,
                                  double frequency) {
    AccessPattern q = readPattern(std::move(id), std::move(name), std::move(entityId), op, frequency);
    q.kind = AccessKind::Write;
    return q;
}

} // namespace docshape::test
