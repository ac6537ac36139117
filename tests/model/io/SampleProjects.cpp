#include "model/io/SampleProjects.h"

#include <cstdint>
#include <limits>

namespace docshape::test {

namespace {

Field field(std::string id, std::string name, BsonType type) {
    Field f;
    f.id = std::move(id);
    f.name = std::move(name);
    f.type = type;
    return f;
}

Entity entity(std::string id, std::string name) {
    Entity e;
    e.id = std::move(id);
    e.name = std::move(name);
    return e;
}

Relationship relationship(std::string id, std::string parent, std::string child,
                          Representation representation) {
    Relationship r;
    r.id = std::move(id);
    r.name = r.id + " " + std::string(toString(representation));
    r.parentId = std::move(parent);
    r.childId = std::move(child);
    r.representation = representation;
    return r;
}

} // namespace

Project makeFullProject() {
    Project p;
    p.name = "Everything \"quoted\" \\ and unicode: caf\u00e9 \U0001F600";
    p.description = "Line one\nLine two\twith a tab";
    p.database = "shop";
    p.mongoVersion = "8.0";
    p.ramGiB = 0.5;
    p.tenancy = Tenancy::SharedCollection;
    p.tenantField = "orgId";
    p.tenantCount = 1e6;
    p.growthDays = 730;
    p.thresholds = {{"arrayMax", 250}, {"documentBytes", 102400.5}, {"weird key.$", 1e-7}};

    // Customer: scalar fields of every type, constraints, a nested object.
    Entity customer = entity("e1", "Customer");
    customer.collectionName = "customers";
    customer.description = "The canonical customer";
    customer.idType = BsonType::String;
    customer.count = 2'500'000;
    customer.growthPerDay = 1234.5;
    customer.retentionDays = 3650;
    customer.deletion = DeletionPolicy::SoftDelete;
    customer.tenantScoped = true;
    customer.schemaVersion = 3;
    customer.closedShape = true;
    customer.validationLevel = ValidationLevel::Moderate;
    customer.validationAction = ValidationAction::Warn;
    customer.stated.documentBytes = 1800.25;
    customer.stated.maxArrayCount = 50;
    customer.stated.atomicUpdateBoundary = "one customer";
    customer.stated.notes = "reviewed 2024-05";
    customer.position = {120.5, -40};
    {
        Field name = field("f1", "name", BsonType::String);
        name.avgBytes = 14.5;
        name.maxBytes = 100;
        name.details.edit().minLength = 1;
        name.details.edit().maxLength = 100;
        name.details.edit().pattern = "^[^\\s].*$";
        name.details.edit().description = "Full name";
        Field score = field("f2", "score", BsonType::Double);
        score.required = false;
        score.presence = 0.75;
        score.details.edit().minimum = -1.5;
        score.details.edit().maximum = 1e21;
        score.nullFraction = 0.125;
        Field status = field("f3", "status", BsonType::String);
        status.details.edit().enumValues = {"active", "closed", "\u00e9"};
        status.maxBytes = 16777216; // the ceiling: BSON's 16 MiB (FORMAT.md, "Limits")
        Field blob = field("f4", "avatar", BsonType::BinData);
        blob.avgBytes = 2048;
        blob.maxBytes = 65536;
        Field regex = field("f5", "matcher", BsonType::Regex);
        regex.avgBytes = 9;
        regex.maxBytes = 30;
        regex.details.edit().regexOptions = "i";
        Field settings = field("f6", "settings", BsonType::Object);
        settings.fields.push_back(field("f7", "theme", BsonType::String));
        Field inner = field("f8", "limits", BsonType::Object);
        inner.fields.push_back(field("f9", "daily", BsonType::Int));
        inner.fields.push_back(field("f10", "monthly", BsonType::Long));
        settings.fields.push_back(inner);
        Field tags = field("f11", "tags", BsonType::Array);
        tags.elementType = BsonType::String;
        tags.avgCount = 3.5;
        tags.maxCount = 20;
        tags.maxEnforcedBy = BoundEnforcer::Validator;
        tags.uniqueItems = true;
        tags.distinctFraction = 0.5;
        tags.countGrowthPerDay = 0.01;
        tags.details.edit().minItems = 1;
        tags.avgBytes = 6;
        tags.maxBytes = 32;
        Field history = field("f12", "history", BsonType::Array);
        history.elementType = BsonType::Object;
        history.avgCount = 4;
        history.maxEnforcedBy = BoundEnforcer::Ui; // unbounded: no maxCount
        history.fields.push_back(field("f13", "at", BsonType::Date));
        history.fields.push_back(field("f14", "amount", BsonType::Decimal));
        customer.fields = {name, score, status, blob, regex, settings, tags, history};
        customer.fields.push_back(field("f15", "verified", BsonType::Bool));
        customer.fields.push_back(field("f16", "legacyRef", BsonType::ObjectId));
        customer.fields.push_back(field("f17", "cleared", BsonType::Null));
        customer.fields.push_back(field("f18", "syncedAt", BsonType::Timestamp));
        customer.fields.push_back(field("f19", "lowest", BsonType::MinKey));
        customer.fields.push_back(field("f20", "highest", BsonType::MaxKey));
    }

    Entity address = entity("e4", "Address");
    address.deletion = DeletionPolicy::Cascade;
    address.validationLevel = ValidationLevel::Off;
    address.fields.push_back(field("f40", "city", BsonType::String));

    Entity order = entity("e2", "Order");
    order.deletion = DeletionPolicy::Restrict;
    order.idType = BsonType::Long;
    {
        Field customerName = field("f21", "customerName", BsonType::String);
        customerName.details.edit().duplicatedFrom = "f1";
        customerName.details.edit().duplication = Duplication::Snapshot;
        customerName.details.edit().duplicationOwner = "order service at checkout";
        Field total = field("f22", "total", BsonType::Decimal);
        total.details.edit().computedFrom = "sum of items.price";
        total.details.edit().duplication = Duplication::Synchronous;
        Field note = field("f23", "note", BsonType::String);
        note.details.edit().duplication = Duplication::Eventual;
        order.fields = {customerName, total, note};
    }

    Entity lineItem = entity("e3", "LineItem");
    lineItem.deletion = DeletionPolicy::AllowOrphans;
    lineItem.fields.push_back(field("f30", "sku", BsonType::String));
    lineItem.fields.push_back(field("f31", "quantity", BsonType::Int));

    Entity sensor = entity("e6", "Sensor");
    sensor.deletion = DeletionPolicy::CleanupJob;
    sensor.fields.push_back(field("f50", "ts", BsonType::Date));
    sensor.fields.push_back(field("f51", "meta", BsonType::Object));
    sensor.timeSeries = TimeSeriesOptions{"ts", "meta", TimeSeriesGranularity::Minutes, 86400};
    Entity reading = entity("e5", "Reading");
    reading.fields.push_back(field("f52", "value", BsonType::Double));

    Entity product = entity("e7", "Product");
    product.fields.push_back(field("f60", "title", BsonType::String));
    product.timeSeries = TimeSeriesOptions{"at", "", TimeSeriesGranularity::Hours, std::nullopt};
    Entity review = entity("e8", "Review");
    review.fields.push_back(field("f70", "stars", BsonType::Int));
    review.fields.push_back(field("f71", "body", BsonType::String));
    Entity tag = entity("e9", "Tag");
    tag.timeSeries = TimeSeriesOptions{}; // set, all defaults but the time field
    tag.timeSeries->timeField = "t";

    Entity vehicle = entity("e10", "Vehicle");
    vehicle.discriminator = "kind";
    vehicle.fields.push_back(field("f80", "kind", BsonType::String));
    vehicle.variants.push_back(Variant{"car", 0.7, {field("f81", "doors", BsonType::Int)}});
    vehicle.variants.push_back(Variant{"truck", 0.2, {field("f82", "axles", BsonType::Int)}});
    vehicle.variants.push_back(Variant{"bike", 0.1, {}});

    p.entities = {customer, order, lineItem, address, reading, sensor, product, review, tag,
                  vehicle};

    Relationship embedItems = relationship("r1", "e2", "e3", Representation::EmbedArray);
    embedItems.cardinality = Cardinality::OneToFew;
    embedItems.avgChildren = 3.5;
    embedItems.maxChildren = 100;
    embedItems.growthPerParentPerDay = 0.5;
    embedItems.presence = 0.875;
    embedItems.maxEnforcedBy = BoundEnforcer::Validator;
    embedItems.fieldName = "items";
    Relationship embedAddress = relationship("r2", "e1", "e4", Representation::EmbedOne);
    embedAddress.cardinality = Cardinality::OneToOne;
    embedAddress.fieldName = "address";
    Relationship buckets = relationship("r3", "e6", "e5", Representation::Bucket);
    buckets.bucketSize = 200;
    buckets.junctionName = "reading_buckets";
    buckets.maxEnforcedBy = BoundEnforcer::Ui;
    Relationship orders = relationship("r4", "e1", "e2", Representation::ReferenceFromChild);
    orders.backFieldName = "customerId";
    orders.parentRequired = false;
    Relationship tagIds = relationship("r5", "e7", "e9", Representation::ReferenceArrayInParent);
    tagIds.fieldName = "tagIds";
    Relationship reviews = relationship("r6", "e7", "e8", Representation::TwoWay);
    reviews.fieldName = "reviewIds";
    // Not "productId": the subset r8 below leaves its back key to the
    // default, which is that, and a review holds each key once.
    reviews.backFieldName = "reviewedProductId";
    Relationship junction = relationship("r7", "e7", "e9", Representation::Junction);
    junction.cardinality = Cardinality::ManyToMany;
    junction.junctionName = "product_tags";
    Relationship recent = relationship("r8", "e7", "e8", Representation::Subset);
    recent.subsetCount = 10;
    recent.copiedFieldIds = {"f70", "f71"};
    recent.copySemantics = Duplication::Eventual;
    Relationship extended = relationship("r9", "e2", "e7", Representation::ExtendedReference);
    extended.copiedFieldIds = {"f60"};
    extended.copySemantics = Duplication::Snapshot;
    extended.copyOwner = "checkout";
    extended.name.clear(); // unnamed: written as "name": ""
    p.relationships = {embedItems, embedAddress, buckets, orders, tagIds,
                       reviews,    junction,     recent,  extended};

    AccessPattern byId;
    byId.id = "q1";
    byId.name = "order by id";
    byId.entityId = "e2";
    byId.frequencyPerSecond = 250;
    byId.latencyBudgetMs = 20;
    byId.tenantScoped = false;
    const Operation operations[] = {Operation::FindMany, Operation::Aggregate, Operation::Insert,
                                    Operation::Update, Operation::Delete};
    p.accessPatterns.push_back(byId);
    int n = 2;
    for (Operation operation : operations) {
        AccessPattern q;
        q.id = "q" + std::to_string(n);
        q.name = std::string(toString(operation)) + " orders";
        q.kind = operation == Operation::FindMany || operation == Operation::Aggregate
                     ? AccessKind::Read
                     : AccessKind::Write;
        q.entityId = "e2";
        q.operation = operation;
        q.equality = {"customerId", "status"};
        q.range = {"createdAt"};
        q.sort = {{"createdAt", -1}, {"total", 1}};
        q.limit = 50;
        q.fieldsReturned = {"total"};
        q.alsoReads = {"e1", "e7"};
        q.frequencyPerSecond = 0.001 * n;
        q.consistency = "eventual";
        q.description = "pattern " + std::to_string(n);
        p.accessPatterns.push_back(q);
        ++n;
    }

    IndexSpec byCustomer;
    byCustomer.id = "i1";
    byCustomer.name = "customer_recent";
    byCustomer.entityId = "e2";
    byCustomer.keys = {{"customerId", "1"}, {"createdAt", "-1"}};
    byCustomer.unique = true;
    byCustomer.sparse = true;
    byCustomer.partialFilter = R"({"deleted": {"$exists": false}})";
    byCustomer.partialSelectivity = 0.95;
    byCustomer.expireAfterSeconds = 3600;
    byCustomer.collation = Collation{"fr", 2};
    IndexSpec text;
    text.id = "i2";
    text.entityId = "e7";
    text.keys = {{"title", "text"}, {"loc", "2dsphere"}, {"sku", "hashed"}};
    text.collation = Collation{}; // set with default members: written as {}
    p.indexes = {byCustomer, text};

    p.decisions.push_back(Decision{"d1", "2024-05-01", "Embed line items",
                                   "Read together, bounded at 100."});
    p.decisions.push_back(Decision{"d2", "", "", ""});
    return p;
}

Project makeSmallProject() {
    Project p;
    p.name = "Small";
    Entity e = entity("e1", "Order");
    Field f = field("f1", "items", BsonType::Array);
    f.avgCount = 3;
    f.maxCount = 10;
    e.fields.push_back(f);
    p.entities.push_back(e);
    return p;
}

} // namespace docshape::test
