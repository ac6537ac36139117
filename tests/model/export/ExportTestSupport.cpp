#include "model/export/ExportTestSupport.h"

#include <array>
#include <cstdio>
#include <memory>
#include <sys/wait.h>

namespace docshape::test {

using nlohmann::ordered_json;

Field makeField(std::string id, std::string name, BsonType type, bool required) {
    Field f;
    f.id = std::move(id);
    f.name = std::move(name);
    f.type = type;
    f.required = required;
    f.presence = required ? 1.0 : 0.5;
    if (hasByteLength(type)) {
        f.avgBytes = 8;
        f.maxBytes = 32;
    }
    return f;
}

Field arrayOf(std::string id, std::string name, BsonType elementType, double avgCount,
              std::optional<std::uint64_t> maxCount, BoundEnforcer enforcer) {
    Field f = makeField(std::move(id), std::move(name), BsonType::Array);
    f.elementType = elementType;
    if (hasByteLength(elementType)) {
        f.avgBytes = 6;
        f.maxBytes = 20;
    }
    f.avgCount = avgCount;
    f.maxCount = maxCount;
    f.maxEnforcedBy = enforcer;
    return f;
}

Project richProject() {
    Project p;
    p.name = "Export rules";
    p.database = "shop";

    Entity customer;
    customer.id = "e1";
    customer.name = "Customer";
    customer.collectionName = "customers";
    customer.description = "A buyer.";
    customer.closedShape = true;
    customer.count = 1000;
    {
        Field name = makeField("f1", "name", BsonType::String);
        name.details.edit().minLength = 1;
        name.details.edit().maxLength = 80;
        name.details.edit().description = "Display name";
        Field email = makeField("f2", "email", BsonType::String);
        email.details.edit().pattern = "^[^@]+@[^@]+$";
        Field tier = makeField("f3", "tier", BsonType::String);
        tier.details.edit().enumValues = {"gold", "silver"};
        tier.nullFraction = 0.1;
        Field age = makeField("f4", "age", BsonType::Int, false);
        age.details.edit().minimum = 0;
        age.details.edit().maximum = 150;
        Field address = makeField("f5", "address", BsonType::Object);
        address.fields = {makeField("f5a", "street", BsonType::String),
                          makeField("f5b", "zip", BsonType::String, false)};
        Field tags = arrayOf("f6", "tags", BsonType::String, 3, 10, BoundEnforcer::Validator);
        tags.details.edit().minItems = 1;
        tags.uniqueItems = true;
        tags.details.edit().maxLength = 20;
        Field scores = arrayOf("f7", "scores", BsonType::Int, 2, 5, BoundEnforcer::Ui);
        scores.details.edit().enumValues = {"1", "2", "3"};
        Field level = makeField("f8", "level", BsonType::Int);
        level.details.edit().enumValues = {"1", "2"};
        Field balance = makeField("f9", "balanceMinor", BsonType::Long);
        balance.details.edit().minimum = 0;
        Field ratio = makeField("f10", "ratio", BsonType::Double);
        ratio.details.edit().minimum = 0.5;
        ratio.details.edit().maximum = 2;
        Field price = makeField("f11", "price", BsonType::Decimal);
        price.details.edit().minimum = 0;
        // A property named like a keyword the server refuses: fine as a key.
        Field format = makeField("f12", "format", BsonType::String, false);
        customer.fields = {name,   email,   tier,    age,   address, tags,
                           scores, level, balance, ratio, price,   format};
    }
    p.entities.push_back(customer);

    Entity order;
    order.id = "e2";
    order.name = "Order";
    order.collectionName = "orders";
    order.closedShape = true;
    order.validationLevel = ValidationLevel::Moderate;
    order.validationAction = ValidationAction::Warn;
    order.count = 5000;
    {
        Field status = makeField("f21", "status", BsonType::String);
        status.details.edit().enumValues = {"draft", "placed"};
        order.fields = {makeField("f20", "placedAt", BsonType::Date), status};
    }
    p.entities.push_back(order);

    Entity item;
    item.id = "e3";
    item.name = "LineItem";
    item.description = "One product line.";
    item.closedShape = true;
    {
        Field qty = makeField("f31", "qty", BsonType::Int);
        qty.details.edit().minimum = 1;
        item.fields = {makeField("f30", "sku", BsonType::String), qty};
    }
    p.entities.push_back(item);

    Entity vehicle;
    vehicle.id = "e4";
    vehicle.name = "Vehicle";
    vehicle.collectionName = "vehicles";
    vehicle.closedShape = true;
    vehicle.discriminator = "kind";
    vehicle.count = 100;
    vehicle.fields = {makeField("f40", "kind", BsonType::String), makeField("f41", "make", BsonType::String)};
    {
        Variant car;
        car.value = "car";
        car.share = 0.7;
        car.fields = {makeField("f42", "doors", BsonType::Int)};
        Variant truck;
        truck.value = "truck";
        truck.share = 0.3;
        truck.fields = {makeField("f43", "payloadKg", BsonType::Double),
                        makeField("f44", "axles", BsonType::Int, false)};
        vehicle.variants = {car, truck};
    }
    p.entities.push_back(vehicle);

    Entity reading;
    reading.id = "e5";
    reading.name = "Reading";
    reading.collectionName = "readings";
    reading.count = 1e6;
    reading.timeSeries = TimeSeriesOptions{"ts", "sensor", TimeSeriesGranularity::Minutes, 86400};
    {
        Field sensor = makeField("f51", "sensor", BsonType::Object);
        sensor.fields = {makeField("f52", "sensorId", BsonType::String)};
        reading.fields = {makeField("f50", "ts", BsonType::Date), sensor,
                          makeField("f53", "value", BsonType::Double)};
    }
    p.entities.push_back(reading);

    Entity tag;
    tag.id = "e6";
    tag.name = "Tag";
    tag.collectionName = "tags";
    tag.fields = {makeField("f60", "label", BsonType::String)};
    p.entities.push_back(tag);

    Relationship placed;
    placed.id = "r1";
    placed.name = "places";
    placed.parentId = "e1";
    placed.childId = "e2";
    placed.representation = Representation::ReferenceFromChild;
    placed.fieldName = "customerId";
    p.relationships.push_back(placed);

    Relationship lines;
    lines.id = "r2";
    lines.name = "lines";
    lines.parentId = "e2";
    lines.childId = "e3";
    lines.representation = Representation::EmbedArray;
    lines.fieldName = "items";
    lines.avgChildren = 3;
    lines.maxChildren = 50;
    lines.maxEnforcedBy = BoundEnforcer::Validator;
    p.relationships.push_back(lines);

    Relationship tagged;
    tagged.id = "r3";
    tagged.name = "tagged";
    tagged.parentId = "e4";
    tagged.childId = "e6";
    tagged.cardinality = Cardinality::ManyToMany;
    tagged.representation = Representation::Junction;
    tagged.junctionName = "vehicle_tags";
    p.relationships.push_back(tagged);

    IndexSpec email;
    email.id = "i1";
    email.entityId = "e1";
    email.keys = {{"email", "1"}};
    email.unique = true;
    email.collation = Collation{"en", 2};
    p.indexes.push_back(email);

    IndexSpec recent;
    recent.id = "i2";
    recent.name = "customer_recent";
    recent.entityId = "e2";
    recent.keys = {{"customerId", "1"}, {"placedAt", "-1"}};
    p.indexes.push_back(recent);

    IndexSpec placedOnly;
    placedOnly.id = "i3";
    placedOnly.entityId = "e2";
    placedOnly.keys = {{"status", "1"}};
    placedOnly.partialFilter =
        R"({"status":{"$eq":"placed"},"placedAt":{"$gt":{"$date":{"$numberLong":"0"}}},"items.qty":{"$gte":{"$numberInt":"1"}}})";
    placedOnly.partialSelectivity = 0.5;
    p.indexes.push_back(placedOnly);

    IndexSpec ttl;
    ttl.id = "i4";
    ttl.name = "ttl";
    ttl.entityId = "e2";
    ttl.keys = {{"placedAt", "1"}};
    ttl.sparse = true;
    ttl.expireAfterSeconds = 3600;
    p.indexes.push_back(ttl);

    IndexSpec bySensor;
    bySensor.id = "i5";
    bySensor.entityId = "e5";
    bySensor.keys = {{"sensor.sensorId", "1"}, {"ts", "1"}};
    p.indexes.push_back(bySensor);

    IndexSpec hashed;
    hashed.id = "i6";
    hashed.entityId = "e4";
    hashed.keys = {{"make", "hashed"}};
    p.indexes.push_back(hashed);
    return p;
}

void walkSchema(const ordered_json &schema,
                const std::function<void(const std::string &, const ordered_json &, bool)> &visit,
                bool inBranch) {
    if (!schema.is_object())
        return;
    for (auto it = schema.begin(); it != schema.end(); ++it) {
        const std::string &key = it.key();
        visit(key, schema, inBranch);
        const ordered_json &value = it.value();
        if (key == "properties" || key == "patternProperties" || key == "dependencies") {
            for (auto p = value.begin(); p != value.end(); ++p)
                walkSchema(p.value(), visit, inBranch);
        } else if (key == "items" || key == "additionalItems") {
            if (value.is_array())
                for (const auto &s : value)
                    walkSchema(s, visit, inBranch);
            else
                walkSchema(value, visit, inBranch);
        } else if (key == "additionalProperties" || key == "not") {
            walkSchema(value, visit, inBranch);
        } else if (key == "oneOf" || key == "anyOf" || key == "allOf") {
            for (const auto &s : value)
                walkSchema(s, visit, true);
        }
    }
}

const ordered_json *propertyAt(const ordered_json &schema, const std::string &path) {
    const ordered_json *at = &schema;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t dot = path.find('.', start);
        const std::string step = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (at->contains("items") && !at->contains("properties"))
            at = &(*at)["items"];
        if (!at->contains("properties") || !(*at)["properties"].contains(step))
            return nullptr;
        at = &(*at)["properties"][step];
        if (dot == std::string::npos)
            break;
        start = dot + 1;
    }
    return at;
}

CommandResult runCommand(const std::string &command) {
    CommandResult result;
    std::unique_ptr<FILE, int (*)(FILE *)> pipe(popen((command + " 2>&1").c_str(), "r"), &pclose);
    if (!pipe)
        return result;
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0)
        result.output.append(buffer.data(), n);
    const int raw = pclose(pipe.release());
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return result;
}

bool haveNode() { return runCommand("node --version").status == 0; }

} // namespace docshape::test
