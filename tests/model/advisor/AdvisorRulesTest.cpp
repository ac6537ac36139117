#include "model/advisor/AdvisorFixtures.h"
#include "model/io/MapProjects.h"

#include "advisor/RuleCatalog.h"
#include "core/Thresholds.h"
#include "estimate/Analysis.h"

#include <catch2/catch.hpp>

#include <functional>
#include <set>

using namespace docshape;
using namespace docshape::test;

namespace {

struct RuleCase {
    std::string_view rule;
    std::function<void(Project &)> trigger; // a model that triggers the rule
    std::function<void(Project &)> near;    // a near-identical model that does not
};

Relationship &rel(Project &p, std::string_view id) {
    return *std::find_if(p.relationships.begin(), p.relationships.end(),
                         [&](const Relationship &r) { return r.id == id; });
}

AccessPattern &pattern(Project &p, std::string_view id) {
    return *std::find_if(p.accessPatterns.begin(), p.accessPatterns.end(),
                         [&](const AccessPattern &q) { return q.id == id; });
}

void shareCollections(Project &p) {
    p.tenancy = Tenancy::SharedCollection;
    p.tenantCount = 200;
    for (auto &e : p.entities) {
        e.tenantScoped = true;
        e.fields.insert(e.fields.begin(), field("t-" + e.id, "tenantId", BsonType::ObjectId));
    }
    for (auto &q : p.accessPatterns)
        q.tenantScoped = true;
    for (auto &i : p.indexes)
        i.keys.insert(i.keys.begin(), IndexKey{"tenantId", "1"});
}

// A GeoJSON Point as an object field.
Field geoField() {
    Field location = field("f40", "location", BsonType::Object);
    Field type = field("f41", "type", BsonType::String, 5, 5);
    type.details.edit().enumValues = {"Point"};
    Field coordinates = field("f42", "coordinates", BsonType::Array);
    coordinates.elementType = BsonType::Double;
    coordinates.avgCount = 2;
    coordinates.maxCount = 2;
    coordinates.maxEnforcedBy = BoundEnforcer::Validator;
    location.fields = {type, coordinates};
    return location;
}

void addIndexes(Project &p, int n) {
    for (int i = 0; i < n; ++i)
        p.indexes.push_back(index("ix" + std::to_string(i), "e1", {{"name", "1"}, {"f" + std::to_string(i), "1"}}));
}

void addEntities(Project &p, int n) {
    for (int i = 0; i < n; ++i) {
        Entity e;
        e.id = "x" + std::to_string(i);
        e.name = "Extra" + std::to_string(i);
        e.count = 10;
        e.fields = {field("xf" + std::to_string(i), "label", BsonType::String, 5, 10)};
        p.entities.push_back(e);
    }
}

void addCounter(Project &p, double documents) {
    Entity counter;
    counter.id = "e9";
    counter.name = "Counter";
    counter.count = documents;
    counter.fields = {field("f90", "value", BsonType::Long)};
    p.entities.push_back(counter);
    p.accessPatterns.push_back(writePattern("q9", "Increment", "e9", Operation::Update, 500));
}

void addPolymorphicOrders(Project &p) {
    Entity &order = entityNamed(p, "Order");
    order.fields.push_back(field("f40", "channel", BsonType::String, 6, 6));
    order.discriminator = "channel";
    Variant online{"online", 0.7, {field("f41", "ip", BsonType::String, 12, 45)}};
    Variant store{"store", 0.3, {field("f42", "storeCode", BsonType::String, 4, 8)}};
    order.variants = {online, store};
}

const std::vector<RuleCase> &cases() {
    static const std::vector<RuleCase> all = {
        {rule::kUnknownThreshold, [](Project &p) { p.thresholds["atlas.maxIndexez"] = 5; },
         [](Project &p) { p.thresholds["atlas.maxIndexes"] = 5; }},
        {rule::kUnboundedArray, [](Project &p) { rel(p, "r1").maxChildren.reset(); }, [](Project &) {}},
        {rule::kBoundNotEnforced, [](Project &p) { rel(p, "r1").maxEnforcedBy = BoundEnforcer::Nobody; },
         [](Project &p) { rel(p, "r1").maxEnforcedBy = BoundEnforcer::Ui; }},
        {rule::kArrayOverAtlas, [](Project &p) { rel(p, "r1").maxChildren = 20000; },
         [](Project &p) { rel(p, "r1").maxChildren = 9000; }},
        {rule::kArrayOverCompass, [](Project &p) { rel(p, "r1").maxChildren = 300; },
         [](Project &p) { rel(p, "r1").maxChildren = 200; }},
        {rule::kAuditHistoryArray,
         [](Project &p) {
             Field h = field("f30", "history", BsonType::Array);
             h.elementType = BsonType::String;
             h.avgBytes = 40;
             h.maxBytes = 80;
             h.avgCount = 5;
             h.countGrowthPerDay = 0.5;
             entityNamed(p, "Order").fields.push_back(h);
         },
         [](Project &p) {
             Field h = field("f30", "tags", BsonType::Array);
             h.elementType = BsonType::String;
             h.avgBytes = 8;
             h.maxBytes = 16;
             h.avgCount = 5;
             h.countGrowthPerDay = 0.5;
             entityNamed(p, "Order").fields.push_back(h);
         }},
        {rule::kDocumentOverTarget,
         [](Project &p) { entityNamed(p, "Customer").fields.push_back(field("f31", "bio", BsonType::String, 120000, 150000)); },
         [](Project &p) { entityNamed(p, "Customer").fields.push_back(field("f31", "bio", BsonType::String, 900, 150000)); }},
        {rule::kDocumentOverAtlas,
         [](Project &p) { entityNamed(p, "Customer").fields.push_back(field("f31", "photo", BsonType::BinData, 50000, 3000000)); },
         [](Project &p) { entityNamed(p, "Customer").fields.push_back(field("f31", "photo", BsonType::BinData, 50000, 1500000)); }},
        {rule::kDocumentOverLimit,
         [](Project &p) { entityNamed(p, "Customer").fields.push_back(field("f31", "scan", BsonType::BinData, 5000, 20000000)); },
         [](Project &p) { entityNamed(p, "Customer").fields.push_back(field("f31", "scan", BsonType::BinData, 5000, 15000000)); }},
        // A string with no maxBytes, and nothing else bounding it, leaves the
        // largest customer unknown; maxLength 40 (no pattern: 4 bytes a
        // character) bounds it at 160 bytes.
        {rule::kValueWithoutMaximum,
         [](Project &p) { entityNamed(p, "Customer").fields.push_back(field("f31", "nickname", BsonType::String, 12)); },
         [](Project &p) {
             Field f = field("f31", "nickname", BsonType::String, 12);
             f.details.edit().maxLength = 40;
             entityNamed(p, "Customer").fields.push_back(f);
         }},
        // ^[A-Z]{2}[0-9]{5}$ matches 7 ASCII characters: maxBytes 8 is one
        // no valid value has; 7 is right.
        {rule::kStatedSizeContradicts,
         [](Project &p) {
             Field f = field("f31", "code", BsonType::String, 7, 8);
             f.details.edit().pattern = "^[A-Z]{2}[0-9]{5}$";
             entityNamed(p, "Customer").fields.push_back(f);
         },
         [](Project &p) {
             Field f = field("f31", "code", BsonType::String, 7, 7);
             f.details.edit().pattern = "^[A-Z]{2}[0-9]{5}$";
             entityNamed(p, "Customer").fields.push_back(f);
         }},
        {rule::kCollectionPerTenant,
         [](Project &p) {
             p.tenancy = Tenancy::CollectionPerTenant;
             p.tenantCount = 20;
         },
         [](Project &p) {
             p.tenancy = Tenancy::DatabasePerTenant;
             p.tenantCount = 20;
         }},
        {rule::kTenantFieldMissing,
         [](Project &p) {
             shareCollections(p);
             auto &fields = entityNamed(p, "Customer").fields;
             fields.erase(fields.begin());
         },
         shareCollections},
        {rule::kIndexNotTenantFirst,
         [](Project &p) {
             shareCollections(p);
             p.indexes[0].keys.erase(p.indexes[0].keys.begin());
         },
         shareCollections},
        {rule::kPatternNotTenantScoped,
         [](Project &p) {
             shareCollections(p);
             pattern(p, "q2").tenantScoped = false;
         },
         shareCollections},
        {rule::kRelationalCopy,
         [](Project &p) {
             rel(p, "r1").representation = Representation::ReferenceFromChild;
             rel(p, "r1").fieldName = "orderId";
             Relationship product;
             product.id = "r3";
             product.name = "Product of an item";
             product.parentId = "e1";
             product.childId = "e3";
             product.representation = Representation::ReferenceFromChild;
             product.fieldName = "soldBy";
             p.relationships.push_back(product);
         },
         [](Project &p) {
             Relationship product;
             product.id = "r3";
             product.name = "Product of an item";
             product.parentId = "e1";
             product.childId = "e3";
             product.representation = Representation::ReferenceFromChild;
             product.fieldName = "soldBy";
             p.relationships.push_back(product);
         }},
        {rule::kReferenceShouldEmbed,
         [](Project &p) {
             rel(p, "r1").representation = Representation::ReferenceFromChild;
             rel(p, "r1").fieldName = "orderId";
             pattern(p, "q1").alsoReads = {"e3"};
         },
         [](Project &p) { pattern(p, "q1").alsoReads = {"e3"}; }},
        {rule::kDuplicateWithoutPlan,
         [](Project &p) {
             Field name = field("f32", "customerName", BsonType::String, 14, 100);
             name.details.edit().duplicatedFrom = "f1";
             name.details.edit().duplication = Duplication::Eventual;
             entityNamed(p, "Order").fields.push_back(name);
         },
         [](Project &p) {
             Field name = field("f32", "customerName", BsonType::String, 14, 100);
             name.details.edit().duplicatedFrom = "f1";
             name.details.edit().duplication = Duplication::Eventual;
             name.details.edit().duplicationOwner = "profile service, on rename, within a minute";
             entityNamed(p, "Order").fields.push_back(name);
         }},
        {rule::kTransactionsEverywhere,
         [](Project &p) {
             pattern(p, "q4").alsoReads = {"e1"};
             AccessPattern w = writePattern("q5", "Rename customer", "e1", Operation::Update, 1);
             w.alsoReads = {"e2"};
             p.accessPatterns.push_back(w);
         },
         [](Project &p) {
             pattern(p, "q4").alsoReads = {"e1"};
             p.accessPatterns.push_back(writePattern("q5", "Rename customer", "e1", Operation::Update, 1));
         }},
        {rule::kWriteSpansCollections, [](Project &p) { pattern(p, "q4").alsoReads = {"e1"}; },
         [](Project &p) { pattern(p, "q4").alsoReads = {"e3"}; }},
        {rule::kFrequentLookup, [](Project &p) { pattern(p, "q1").alsoReads = {"e1"}; },
         [](Project &p) {
             pattern(p, "q1").alsoReads = {"e1"};
             pattern(p, "q1").frequencyPerSecond = 0.2;
         }},
        {rule::kSnapshotReadAsCurrent,
         [](Project &p) {
             Field email = field("f36", "customerEmail", BsonType::String, 24, 254);
             email.details.edit().duplicatedFrom = "f2";
             email.details.edit().duplication = Duplication::Snapshot;
             entityNamed(p, "Order").fields.push_back(email);
             p.accessPatterns[0].consistency = "current customer email";
         },
         [](Project &p) {
             Field email = field("f36", "customerEmail", BsonType::String, 24, 254);
             email.details.edit().duplicatedFrom = "f2";
             email.details.edit().duplication = Duplication::Snapshot;
             entityNamed(p, "Order").fields.push_back(email);
             p.accessPatterns[0].consistency = "strong";
         }},
        {rule::kHistoryRewritten,
         [](Project &p) {
             Field name = field("f37", "customerName", BsonType::String, 14, 100);
             name.details.edit().duplicatedFrom = "f1";
             name.details.edit().duplication = Duplication::Synchronous;
             name.details.edit().duplicationOwner = "profile service, in the rename transaction";
             entityNamed(p, "Order").fields.push_back(name);
         },
         [](Project &p) {
             Field name = field("f37", "customerName", BsonType::String, 14, 100);
             name.details.edit().duplicatedFrom = "f1";
             name.details.edit().duplication = Duplication::Snapshot;
             entityNamed(p, "Order").fields.push_back(name);
         }},
        {rule::kCascadeOutlivesRecord,
         [](Project &p) {
             entityNamed(p, "Customer").deletion = DeletionPolicy::Cascade;
             entityNamed(p, "Order").retentionDays = 3650;
         },
         [](Project &p) { entityNamed(p, "Order").retentionDays = 3650; }},
        {rule::kCascadeCrossesTenant,
         [](Project &p) {
             p.tenancy = Tenancy::SharedCollection;
             entityNamed(p, "Customer").deletion = DeletionPolicy::Cascade;
             entityNamed(p, "Order").tenantScoped = true;
         },
         [](Project &p) {
             p.tenancy = Tenancy::SharedCollection;
             entityNamed(p, "Order").tenantScoped = true;
         }},
        {rule::kDeletionUnspecified, [](Project &p) { entityNamed(p, "Customer").deletion = DeletionPolicy::Unspecified; },
         [](Project &p) { entityNamed(p, "Order").deletion = DeletionPolicy::Unspecified; }},
        {rule::kNoSchemaVersion, addPolymorphicOrders,
         [](Project &p) {
             addPolymorphicOrders(p);
             entityNamed(p, "Order").schemaVersion = 2;
         }},
        {rule::kSoftDeleteUnique, [](Project &p) { entityNamed(p, "Customer").deletion = DeletionPolicy::SoftDelete; },
         [](Project &p) {
             entityNamed(p, "Customer").deletion = DeletionPolicy::SoftDelete;
             p.indexes[1].partialFilter = R"({"deletedAt":{"$exists":false}})";
             p.indexes[1].partialSelectivity = 0.98;
         }},
        {rule::kHotDocument, [](Project &p) { addCounter(p, 1); }, [](Project &p) { addCounter(p, 1000); }},
        {rule::kMoneyAsFloat, [](Project &p) { entityNamed(p, "Order").fields[2].type = BsonType::Double; },
         [](Project &p) { entityNamed(p, "Order").fields.push_back(field("f35", "weightKg", BsonType::Double)); }},
        {rule::kDateAsString,
         [](Project &p) {
             Field &f = entityNamed(p, "Customer").fields[2];
             f.type = BsonType::String;
             f.avgBytes = 24;
             f.maxBytes = 24;
         },
         [](Project &) {}},
        {rule::kEnumAsInteger,
         [](Project &p) {
             Field &f = entityNamed(p, "Order").fields[0];
             f.type = BsonType::Int;
             f.details.edit().enumValues = {"1", "2", "3"};
         },
         [](Project &) {}},
        {rule::kStoredNulls, [](Project &p) { entityNamed(p, "Customer").fields[0].nullFraction = 0.1; },
         [](Project &) {}},
        {rule::kGeoWithoutIndex,
         [](Project &p) { entityNamed(p, "Customer").fields.push_back(geoField()); },
         [](Project &p) {
             entityNamed(p, "Customer").fields.push_back(geoField());
             p.indexes.push_back(index("i9", "e1", {{"location", "2dsphere"}}));
         }},
        {rule::kIdMirrorsId,
         [](Project &p) { entityNamed(p, "Customer").fields.push_back(field("f33", "id", BsonType::String, 24, 24)); },
         [](Project &p) {
             entityNamed(p, "Customer").fields.push_back(field("f33", "customerNumber", BsonType::String, 24, 24));
         }},
        // The same object as a map (keys that are data) and as a
        // subdocument with one named key.
        {rule::kKeysAreData,
         [](Project &p) {
             entityNamed(p, "Customer")
                 .fields.push_back(test::mapField("f50", "visits", MapKeys{MapKeyPattern::Date, "", 3, 10, 10, 10},
                                                  field("f51", "", BsonType::Int)));
         },
         [](Project &p) {
             Field visits = field("f50", "visits", BsonType::Object);
             visits.fields.push_back(field("f51", "lastDay", BsonType::Int));
             entityNamed(p, "Customer").fields.push_back(std::move(visits));
         }},
        // Unique with hashed: "Currently hashed indexes cannot guarantee
        // uniqueness" (hash_access_method.cpp); hashed alone is accepted.
        {rule::kServerRefuses,
         [](Project &p) {
             IndexSpec i = index("i3", "e1", {{"name", "hashed"}});
             i.unique = true;
             p.indexes.push_back(i);
         },
         [](Project &p) { p.indexes.push_back(index("i3", "e1", {{"name", "hashed"}})); }},
        // expireAfterSeconds on a compound index is ignored (manual, TTL
        // Indexes); on a single field it is not.
        {rule::kServerIgnores,
         [](Project &p) {
             IndexSpec i = index("i3", "e1", {{"name", "1"}, {"_id", "1"}});
             i.expireAfterSeconds = 60;
             p.indexes.push_back(i);
         },
         [](Project &p) {
             IndexSpec i = index("i3", "e1", {{"name", "1"}});
             i.expireAfterSeconds = 60;
             p.indexes.push_back(i);
         }},
        {rule::kIndexesOverAtlas, [](Project &p) { addIndexes(p, 30); }, [](Project &p) { addIndexes(p, 28); }},
        {rule::kIndexesOverCompass, [](Project &p) { addIndexes(p, 10); }, [](Project &p) { addIndexes(p, 8); }},
        {rule::kTooManyCollections, [](Project &p) { addEntities(p, 99); }, [](Project &p) { addEntities(p, 98); }},
        {rule::kUnusedIndex, [](Project &p) { p.indexes.push_back(index("i3", "e1", {{"name", "1"}})); },
         [](Project &p) {
             p.indexes.push_back(index("i3", "e1", {{"name", "1"}}));
             AccessPattern byName = readPattern("q6", "Customers by name", "e1", Operation::FindMany, 0.1);
             byName.equality = {"name"};
             p.accessPatterns.push_back(byName);
         }},
        {rule::kMissingIndex, [](Project &p) { p.indexes.pop_back(); },
         [](Project &p) {
             p.indexes.pop_back();
             entityNamed(p, "Customer").count = 500;
         }},
        {rule::kInMemorySort, [](Project &p) { p.indexes[0].keys.pop_back(); },
         [](Project &p) { p.indexes[0].keys.back().kind = "1"; }},
        {rule::kOverLatencyBudget, [](Project &p) { pattern(p, "q1").latencyBudgetMs = 0.5; },
         [](Project &p) { pattern(p, "q1").latencyBudgetMs = 5; }},
        // The customer's email renamed without its paths (issue 17: "renaming a field leaves access
        // patterns and indexes pointing at the old name"), and renamed with them.
        {rule::kPathNamesNoField, [](Project &p) { p.entities[0].fields[1].name = "mail"; },
         [](Project &p) {
             p.entities[0].fields[1].name = "mail";
             pattern(p, "q3").equality = {"mail"};
             p.indexes[1].keys[0].path = "mail";
         }},
        {rule::kWorkingSet,
         [](Project &p) {
             entityNamed(p, "Order").fields.push_back(field("f34", "notes", BsonType::String, 2000, 4000));
             p.ramGiB = 1;
         },
         [](Project &p) {
             entityNamed(p, "Order").fields.push_back(field("f34", "notes", BsonType::String, 2000, 4000));
             p.ramGiB = 64;
         }},
        {rule::kWorksheetMismatch, [](Project &p) { entityNamed(p, "Order").stated.documentBytes = 5000; },
         [](Project &p) {
             const Analysis a = analyze(p);
             entityNamed(p, "Order").stated.documentBytes = a.collections[1].avgDocumentBytes * 1.3;
             entityNamed(p, "Order").stated.maxArrayCount = 50;
         }},
        {rule::kEmbeddedShouldReference,
         [](Project &p) {
             rel(p, "r1").maxChildren.reset();
             rel(p, "r1").growthPerParentPerDay = 2;
         },
         [](Project &p) { rel(p, "r1").growthPerParentPerDay = 0; }},
        {rule::kPatternRecommended,
         [](Project &p) {
             AccessPattern profile = readPattern("q7", "Customer page", "e1", Operation::FindOneById, 0.5);
             profile.alsoReads = {"e2"};
             p.accessPatterns.push_back(profile);
         },
         [](Project &p) {
             p.accessPatterns.push_back(readPattern("q7", "Customer page", "e1", Operation::FindOneById, 0.5));
         }},
    };
    return all;
}

} // namespace

TEST_CASE("the clean shop has no findings at all", "[advisor]") {
    const Advice advice = adviceFor(cleanShop());
    for (const auto &f : advice.findings)
        FAIL_CHECK(f.id << " " << f.target.name << ": " << f.message());
    CHECK(advice.findings.empty());
}

TEST_CASE("every rule fires on its trigger model and not on its near-identical model", "[advisor]") {
    for (const auto &c : cases()) {
        INFO("rule " << c.rule);
        Project triggered = cleanShop();
        c.trigger(triggered);
        Project near = cleanShop();
        c.near(near);
        const Advice yes = adviceFor(triggered);
        const Advice no = adviceFor(near);
        CHECK(has(yes, c.rule));
        CHECK_FALSE(has(no, c.rule));
        for (const Finding *f : findingsOf(yes, c.rule)) {
            CHECK(f->severity == findRule(c.rule)->severity);
            CHECK_FALSE(f->message().empty());
            CHECK_FALSE(f->reason().empty());
            CHECK_FALSE(f->source().empty());
            CHECK_FALSE(f->fix().empty());
            CHECK_FALSE(f->target.kind.empty());
        }
    }
}

TEST_CASE("every rule of the catalogue has a trigger case", "[advisor]") {
    std::set<std::string_view> covered;
    for (const auto &c : cases())
        covered.insert(c.rule);
    std::set<std::string_view> ids;
    for (const auto &r : ruleCatalogue()) {
        INFO(r.id);
        CHECK(ids.insert(r.id).second); // ids are unique
        CHECK(covered.count(r.id) == 1);
        CHECK_FALSE(r.title.empty());
        CHECK_FALSE(r.source.empty());
        for (auto t : r.thresholds)
            CHECK(findThreshold(t) != nullptr);
    }
}

TEST_CASE("thresholds are overridden by name from the project", "[advisor]") {
    Project p = cleanShop();
    rel(p, "r1").maxChildren = 200;
    CHECK_FALSE(has(adviceFor(p), rule::kArrayOverCompass));
    p.thresholds[std::string(threshold::kCompassArrayEntries)] = 100;
    const Advice advice = adviceFor(p);
    REQUIRE(has(advice, rule::kArrayOverCompass));
    CHECK_THAT(findingsOf(advice, rule::kArrayOverCompass).front()->message(), Catch::Contains("over Compass's 100"));
    CHECK(Thresholds(p).overridden(threshold::kCompassArrayEntries));
    CHECK(Thresholds(p).get(threshold::kCompassArrayEntries) == 100);
    CHECK(Thresholds(cleanShop()).get(threshold::kCompassArrayEntries) == 250);
}

TEST_CASE("findings carry the number that triggered them and point at the object", "[advisor]") {
    Project p = cleanShop();
    addCounter(p, 1);
    entityNamed(p, "Order").fields[2].type = BsonType::Double;
    const Advice advice = adviceFor(p);
    const Finding *hot = findingsOf(advice, rule::kHotDocument).front();
    CHECK(hot->target.kind == "accessPattern");
    CHECK(hot->target.id == "q9");
    CHECK_THAT(hot->message(), Catch::Contains("500/s"));
    const Finding *money = findingsOf(advice, rule::kMoneyAsFloat).front();
    CHECK(money->target.kind == "field");
    CHECK(money->target.id == "f6");
    CHECK(money->target.name == "Order.totalMinor");
    CHECK_THAT(money->message(), Catch::Contains("minor units"));
    // Most severe first.
    for (std::size_t i = 1; i < advice.findings.size(); ++i)
        CHECK(advice.findings[i - 1].severity >= advice.findings[i].severity);
}

// A contradiction below the top level names the whole path, and the walk
// leaves no name behind for the fields after it.
TEST_CASE("a stated maximum that contradicts a nested field's pattern names its dotted path", "[advisor]") {
    Project p = cleanShop();
    Field address = field("f40", "address", BsonType::Object);
    Field code = field("f41", "postcode", BsonType::String, 7, 9);
    code.details.edit().pattern = "^[0-9]{5}-[0-9]$";
    Field country = field("f42", "country", BsonType::String, 2, 3);
    country.details.edit().pattern = "^[A-Z]{2}$";
    address.fields = {code};
    entityNamed(p, "Customer").fields.push_back(address);
    entityNamed(p, "Customer").fields.push_back(country);
    const Advice advice = adviceFor(p);
    std::vector<std::string> named;
    for (const Finding *f : findingsOf(advice, rule::kStatedSizeContradicts))
        named.push_back(f->target.name);
    CHECK(named == std::vector<std::string>{"Customer.address.postcode", "Customer.country"});
}
