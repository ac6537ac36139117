#include "model/io/MapProjects.h"

namespace docshape::test {

namespace {

Field field(std::string id, std::string name, BsonType type) {
    Field f;
    f.id = std::move(id);
    f.name = std::move(name);
    f.type = type;
    return f;
}

Field text(std::string id, std::string name, double avg, std::uint64_t max) {
    Field f = field(std::move(id), std::move(name), BsonType::String);
    f.avgBytes = avg;
    f.maxBytes = max;
    return f;
}

} // namespace

Field mapField(std::string id, std::string name, MapKeys keys, Field value) {
    Field f = field(std::move(id), std::move(name), BsonType::Object);
    f.details.edit().map = std::move(keys);
    value.name = std::string(kMapValueName);
    value.required = true;
    value.presence = 1;
    f.fields.push_back(std::move(value));
    return f;
}

Project makeMapProject() {
    Project p;
    p.name = "maps";
    Entity device;
    device.id = "e1";
    device.name = "Device";
    device.collectionName = "devices";
    device.count = 1000;
    device.fields.push_back(text("f1", "name", 10.5, 14));

    Field session = field("f3", "", BsonType::Object);
    session.fields.push_back(field("f4", "seconds", BsonType::Int));
    session.fields.push_back(text("f5", "ip", 11.25, 15));
    device.fields.push_back(mapField("f2", "sessions", MapKeys{MapKeyPattern::ObjectId, "", 2.5, 5, 24, 24}, session));

    device.fields.push_back(mapField("f6", "owners", MapKeys{MapKeyPattern::Uuid, "", 2, 3, 36, 36},
                                     text("f7", "", 5.5, 6)));

    Field hours = mapField("f9", "", MapKeys{MapKeyPattern::Number, "", 7.2, 24, 1.6, 2},
                           field("f10", "", BsonType::Int));
    Field daily = mapField("f8", "daily", MapKeys{MapKeyPattern::Date, "", 3.5, 7, 10, 10}, hours);
    daily.required = false;
    daily.presence = 0.75;
    device.fields.push_back(std::move(daily));
    p.entities.push_back(std::move(device));
    return p;
}

} // namespace docshape::test
