#include "model/advisor/AdvisorFixtures.h"

#include "advisor/Advisor.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

using namespace docshape;
using namespace docshape::test;

namespace {

// A shared-collection model of `collections` collections whose rules fire
// all over it: money as doubles, dates as strings, stored nulls, copies
// without a plan, unbounded audit arrays, indexes not tenant-first or
// unused, scans, in-memory sorts, writes across collections, embedded and
// referenced children.
Project busyModel(int collections) {
    Project p;
    p.name = "Busy";
    p.database = "busy";
    p.ramGiB = 1;
    p.tenancy = Tenancy::SharedCollection;
    p.tenantCount = 40;
    for (int c = 0; c < collections; ++c) {
        const std::string n = std::to_string(c);
        Entity e;
        e.id = "e" + n;
        e.name = "Thing" + n;
        e.count = 1000.0 * (1 + c % 17);
        e.growthPerDay = 10.0 * (c % 5);
        e.tenantScoped = c % 3 != 0;
        e.deletion = c % 4 == 0 ? DeletionPolicy::Unspecified : DeletionPolicy::SoftDelete;
        if (c % 6 == 5) // a worksheet that understates the document: a finding made with the worksheet
            e.stated.documentBytes = 20;
        if (e.tenantScoped)
            e.fields.push_back(field("f" + n + "t", "tenantId", BsonType::ObjectId));
        e.fields.push_back(field("f" + n + "p", "price", c % 2 ? BsonType::Double : BsonType::Decimal));
        e.fields.push_back(field("f" + n + "d", "createdDate", BsonType::String, 20));
        Field status = field("f" + n + "s", "status", BsonType::Int);
        if (c % 3 == 1)
            status.details.edit().enumValues = {"1", "2", "3"};
        status.nullFraction = c % 5 == 0 ? 0.2 : 0;
        e.fields.push_back(status);
        Field history = field("f" + n + "h", "history", BsonType::Array);
        history.elementType = BsonType::String;
        history.avgBytes = 12;
        history.avgCount = 1 + c % 9;
        history.countGrowthPerDay = c % 2 ? 0.5 : 0;
        if (c % 3 == 0) {
            history.maxCount = 20 + c;
            history.maxEnforcedBy = c % 2 ? BoundEnforcer::Nobody : BoundEnforcer::Validator;
        }
        e.fields.push_back(history);
        if (c > 0 && c % 7 == 0) {
            Field copy = field("f" + n + "c", "ownerName", BsonType::String, 16);
            copy.details.edit().duplicatedFrom = "f" + std::to_string(c - 1) + "d";
            e.fields.push_back(copy);
        }
        p.entities.push_back(e);

        if (c > 0) {
            Relationship r;
            r.id = "r" + n;
            r.parentId = "e" + std::to_string(c - 1);
            r.childId = e.id;
            r.avgChildren = 1 + c % 30;
            r.cardinality = c % 11 == 0 ? Cardinality::ManyToMany : Cardinality::OneToMany;
            r.representation = c % 11 == 0 ? Representation::ReferenceArrayInParent
                                            : Representation::ReferenceFromChild;
            r.fieldName = "parentId";
            p.relationships.push_back(r);
        }

        AccessPattern byId = readPattern("q" + n + "a", "load thing " + n, e.id, Operation::FindOneById, 50);
        byId.tenantScoped = c % 2 == 0;
        byId.latencyBudgetMs = c % 4 == 0 ? 0.01 : 0;
        if (c > 0)
            byId.alsoReads = {"e" + std::to_string(c - 1)};
        p.accessPatterns.push_back(byId);
        AccessPattern list = readPattern("q" + n + "b", "list things " + n, e.id, Operation::FindMany, 5 + c % 50);
        list.tenantScoped = true;
        list.equality = {c % 2 ? "status" : "price"};
        list.sort = {{"createdDate", -1}};
        list.limit = 20;
        p.accessPatterns.push_back(list);
        AccessPattern write = writePattern("q" + n + "w", "update thing " + n, e.id, Operation::Update, 1 + c % 90);
        write.tenantScoped = true;
        write.consistency = c % 2 ? "strong" : "eventual";
        if (c > 0 && c % 3 == 0)
            write.alsoReads = {"e" + std::to_string(c - 1)};
        p.accessPatterns.push_back(write);

        p.indexes.push_back(index("i" + n + "a", e.id, {{"status", "1"}, {"createdDate", "-1"}}));
        p.indexes.push_back(index("i" + n + "b", e.id, {{"history", "1"}}));
        if (c % 4 == 0)
            p.indexes.push_back(index("i" + n + "u", e.id, {{"createdDate", "1"}}, true));
    }
    return p;
}

} // namespace

// lint() keeps only the findings of advise(): on a model where many rules
// fire all over it, they must be the same findings in the same order.
TEST_CASE("lint on a large model gives advise()'s findings", "[advisor]") {
    const Project project = busyModel(400);
    const Analysis analysis = analyze(project);
    const Advice advice = advise(project, analysis);
    std::set<std::string> rules;
    for (const auto &f : advice.findings)
        rules.insert(f.id);
    CHECK(advice.findings.size() > 1000);
    CHECK(rules.size() >= 10);
    CHECK(rules.count("DS195")); // worksheet mismatch: lint must still make the worksheets
    const std::vector<Finding> linted = lint(project, analysis);
    REQUIRE(linted.size() == advice.findings.size());
    for (std::size_t i = 0; i < linted.size(); ++i) {
        INFO("finding " << i);
        REQUIRE(linted[i] == advice.findings[i]);
        REQUIRE(linted[i].message() == advice.findings[i].message());
    }
}
