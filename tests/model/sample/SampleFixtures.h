#pragma once

#include "core/Project.h"
#include "support/ModelBuilders.h"

#include <bson/bson.h>

#include <string>
#include <vector>

namespace docshape::test {

// A project with a bit of everything the sampler must honour: enums, a
// pattern, numeric ranges, uniqueItems, stored nulls, an optional embedded
// subdocument, an embedded array crossing the two-digit keys, a reference,
// variants, one field of every BSON type, and an unbounded array.
//
// Collections: customers, orders, everything, feeds (unbounded).
inline Project sampleProject() {
    Project p;
    p.name = "sampler fixture";

    Entity customer = entity("e1", "Customer", 1000);
    customer.collectionName = "customers";
    customer.fields.push_back(stringField("f1", "name", 12, 40));
    Field email = stringField("f2", "email", 22, 60);
    email.details.edit().pattern = "^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$";
    email.details.edit().minLength = 6;
    customer.fields.push_back(email);

    Entity order = entity("e2", "Order", 10000);
    order.collectionName = "orders";
    Field status = stringField("f10", "status", 5.5, 9);
    status.details.edit().enumValues = {"new", "paid", "shipped", "cancelled"};
    order.fields.push_back(status);
    order.fields.push_back(stringField("f11", "kind", 6, 6));
    Field total = typedField("f12", "total", BsonType::Decimal);
    total.details.edit().minimum = 0;
    total.details.edit().maximum = 100000;
    order.fields.push_back(total);
    Field quantity = typedField("f13", "quantity", BsonType::Int);
    quantity.details.edit().minimum = 1;
    quantity.details.edit().maximum = 10;
    order.fields.push_back(quantity);
    order.fields.push_back(typedField("f14", "createdAt", BsonType::Date));
    Field notes = stringField("f15", "notes", 30, 200);
    notes.required = false;
    notes.presence = 0.3;
    notes.nullFraction = 0.5;
    order.fields.push_back(notes);
    Field tags = arrayField("f16", "tags", BsonType::String, 2.5, 12);
    tags.avgBytes = 6;
    tags.maxBytes = 10;
    tags.uniqueItems = true;
    order.fields.push_back(tags);
    Field flags = arrayField("f17", "flags", BsonType::String, 1.2, 2);
    flags.details.edit().enumValues = {"gift", "fragile", "express"};
    flags.avgBytes = 6;
    flags.maxBytes = 7;
    flags.uniqueItems = true;
    order.fields.push_back(flags);
    Field priority = typedField("f18", "priority", BsonType::Int);
    priority.details.edit().enumValues = {"1", "2", "3"};
    order.fields.push_back(priority);
    order.discriminator = "kind";
    Variant online{"online", 0.7, {}};
    Field ip = stringField("f20", "ip", 13, 15);
    ip.details.edit().pattern = "^[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}$";
    online.fields.push_back(ip);
    Variant store{"store", 0.3, {}};
    store.fields.push_back(typedField("f21", "storeId", BsonType::Int));
    store.fields.push_back(stringField("f22", "register", 3, 3));
    order.variants = {online, store};

    Entity item = entity("e3", "LineItem", 45000);
    Field sku = stringField("f30", "sku", 8, 8);
    sku.details.edit().pattern = "^[A-Z]{3}-[0-9]{4}$";
    item.fields.push_back(sku);
    Field qty = typedField("f31", "qty", BsonType::Int);
    qty.details.edit().minimum = 1;
    qty.details.edit().maximum = 99;
    item.fields.push_back(qty);
    Field price = typedField("f32", "priceMinor", BsonType::Long);
    price.details.edit().minimum = 0;
    item.fields.push_back(price);
    Field options = arrayField("f33", "options", BsonType::String, 1.5, 3);
    options.avgBytes = 4;
    options.maxBytes = 12;
    options.details.edit().minItems = 1;
    item.fields.push_back(options);

    Entity address = entity("e4", "Address", 9000);
    address.fields.push_back(stringField("f40", "street", 20, 80));
    address.fields.push_back(stringField("f41", "city", 9, 40));
    Field zip = stringField("f42", "zip", 5, 5);
    zip.details.edit().pattern = "^\\d{5}$";
    address.fields.push_back(zip);

    Entity every = entity("e5", "Everything", 10);
    every.collectionName = "everything";
    every.fields.push_back(stringField("f50", "s", 10, 20));
    Field d = typedField("f51", "d", BsonType::Double);
    d.details.edit().minimum = -5;
    d.details.edit().maximum = 5;
    every.fields.push_back(d);
    Field o = typedField("f52", "o", BsonType::Object);
    o.fields.push_back(typedField("f53", "x", BsonType::Int));
    o.fields.push_back(stringField("f54", "y", 2, 4));
    every.fields.push_back(o);
    every.fields.push_back(arrayField("f55", "a", BsonType::Int, 10.5, 11));
    Field bin = typedField("f56", "b", BsonType::BinData);
    bin.avgBytes = 16;
    bin.maxBytes = 32;
    every.fields.push_back(bin);
    every.fields.push_back(typedField("f57", "oid", BsonType::ObjectId));
    every.fields.push_back(typedField("f58", "flag", BsonType::Bool));
    every.fields.push_back(typedField("f59", "at", BsonType::Date));
    every.fields.push_back(typedField("f60", "nothing", BsonType::Null));
    Field re = typedField("f61", "re", BsonType::Regex);
    re.avgBytes = 5;
    re.maxBytes = 8;
    re.details.edit().regexOptions = "i";
    every.fields.push_back(re);
    every.fields.push_back(typedField("f62", "i", BsonType::Int));
    every.fields.push_back(typedField("f63", "ts", BsonType::Timestamp));
    every.fields.push_back(typedField("f64", "l", BsonType::Long));
    every.fields.push_back(typedField("f65", "dec", BsonType::Decimal));
    every.fields.push_back(typedField("f66", "mn", BsonType::MinKey));
    every.fields.push_back(typedField("f67", "mx", BsonType::MaxKey));

    Entity feed = entity("e6", "Feed", 10);
    feed.collectionName = "feeds";
    feed.fields.push_back(arrayField("f70", "events", BsonType::ObjectId, 30, std::nullopt));

    p.entities = {customer, order, item, address, every, feed};

    Relationship placed;
    placed.id = "r1";
    placed.name = "places";
    placed.parentId = "e1";
    placed.childId = "e2";
    placed.representation = Representation::ReferenceFromChild;
    placed.avgChildren = 10;
    Relationship items;
    items.id = "r2";
    items.name = "items";
    items.parentId = "e2";
    items.childId = "e3";
    items.cardinality = Cardinality::OneToFew;
    items.representation = Representation::EmbedArray;
    items.fieldName = "items";
    items.avgChildren = 4.5;
    items.maxChildren = 50;
    items.maxEnforcedBy = BoundEnforcer::Validator;
    Relationship shipping;
    shipping.id = "r3";
    shipping.name = "ships to";
    shipping.parentId = "e2";
    shipping.childId = "e4";
    shipping.cardinality = Cardinality::OneToOne;
    shipping.representation = Representation::EmbedOne;
    shipping.fieldName = "shipping";
    shipping.avgChildren = 0.9;
    shipping.maxChildren = 1;
    p.relationships = {placed, items, shipping};
    return p;
}

// A view of a sample's bytes as a bson_t (no copy; the vector must outlive it).
inline bson_t bsonView(const std::vector<std::uint8_t> &bytes) {
    bson_t b;
    bson_init_static(&b, bytes.data(), bytes.size());
    return b;
}

} // namespace docshape::test
