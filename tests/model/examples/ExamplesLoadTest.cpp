#include "advisor/Advisor.h"
#include "estimate/Analysis.h"
#include "io/ProjectFile.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

using namespace docshape;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> examplePaths() {
    std::vector<std::string> paths;
    for (const auto &entry : fs::directory_iterator(test::examplesDir()))
        if (entry.path().extension() == ".docshape")
            paths.push_back(entry.path().string());
    std::sort(paths.begin(), paths.end());
    return paths;
}

Project loadExample(const std::string &file) {
    auto result = parseProject(test::readFile(test::examplesDir() + "/" + file));
    if (!result)
        FAIL(file << ": " << result.error().toString());
    return std::move(result.value());
}

const AccessPattern *patternNamed(const Project &project, std::string_view name) {
    for (const auto &q : project.accessPatterns)
        if (q.name == name)
            return &q;
    return nullptr;
}

const Relationship *relationshipBetween(const Project &project, std::string_view parent,
                                        std::string_view child) {
    const Entity *p = project.findEntityByName(parent);
    const Entity *c = project.findEntityByName(child);
    if (!p || !c)
        return nullptr;
    for (const auto &r : project.relationships)
        if (r.parentId == p->id && r.childId == c->id)
            return &r;
    return nullptr;
}

} // namespace

TEST_CASE("every bundled example parses, validates and re-saves byte-identically", "[examples]") {
    const auto paths = examplePaths();
    REQUIRE(paths.size() == 7);
    for (const auto &path : paths) {
        INFO(path);
        const std::string text = test::readFile(path);
        auto project = parseProject(text);
        if (!project)
            FAIL(project.error().toString());
        CHECK(validateProject(*project).ok());
        CHECK(serializeProject(*project) == text);
        CHECK_FALSE(project->decisions.empty());
        CHECK_FALSE(project->accessPatterns.empty());
        CHECK_FALSE(project->indexes.empty());
    }
}

TEST_CASE("bundled examples derive collections whose indexes name real fields", "[examples]") {
    for (const auto &path : examplePaths()) {
        INFO(path);
        auto project = parseProject(test::readFile(path));
        REQUIRE(project.ok());
        const Analysis analysis = analyze(*project);
        CHECK(analysis.derived.problems.empty());
        for (const auto &problem : analysis.problems) {
            INFO(problem.where << ": " << problem.message);
            CHECK(problem.severity != "error");
            CHECK(problem.message.find("is not a field") == std::string::npos);
        }
        std::size_t explicitIndexes = 0;
        for (const auto &collection : analysis.collections)
            for (const auto &index : collection.indexes)
                explicitIndexes += index.id.empty() ? 0 : 1;
        CHECK(explicitIndexes == project->indexes.size()); // each lands on a collection
    }
}

TEST_CASE("order aggregate embeds a validator-bounded items array and snapshots", "[examples]") {
    const Project p = loadExample("order-aggregate.docshape");
    const Relationship *items = relationshipBetween(p, "Order", "LineItem");
    REQUIRE(items);
    CHECK(items->representation == Representation::EmbedArray);
    CHECK(items->fieldName == "items");
    REQUIRE(items->maxChildren);
    CHECK(*items->maxChildren == 50);
    CHECK(items->maxEnforcedBy == BoundEnforcer::Validator);

    const Relationship *customer = relationshipBetween(p, "Order", "Customer");
    REQUIRE(customer);
    CHECK(customer->representation == Representation::ExtendedReference);
    CHECK(customer->copySemantics == Duplication::Snapshot);
    CHECK_FALSE(customer->copyOwner.empty());

    const Entity *line = p.findEntityByName("LineItem");
    REQUIRE(line);
    auto price = std::find_if(line->fields.begin(), line->fields.end(),
                              [](const Field &f) { return f.name == "pricePaise"; });
    REQUIRE(price != line->fields.end());
    CHECK(price->type == BsonType::Long);
    CHECK(price->details->duplication == Duplication::Snapshot);
    REQUIRE(p.findField(price->details->duplicatedFrom));
    CHECK(p.findField(price->details->duplicatedFrom)->name == "pricePaise");
}

TEST_CASE("author posts reference the author and are indexed newest first", "[examples]") {
    const Project p = loadExample("author-posts.docshape");
    const Relationship *posts = relationshipBetween(p, "Author", "Post");
    REQUIRE(posts);
    CHECK(posts->representation == Representation::ReferenceFromChild);
    CHECK(posts->fieldName == "authorId");
    CHECK_FALSE(posts->maxChildren);
    const Entity *post = p.findEntityByName("Post");
    REQUIRE(post);
    const bool indexed = std::any_of(p.indexes.begin(), p.indexes.end(), [&](const IndexSpec &i) {
        return i.entityId == post->id && indexName(i) == "authorId_1_publishedAt_-1";
    });
    CHECK(indexed);
    CHECK(patternNamed(p, "Posts by author, newest first"));
}

TEST_CASE("student enrollment is a collection referencing both sides, copying what its reads show", "[examples]") {
    // Seed lesson-135: "an enrollment collection is usually the natural
    // model"; start-from-the-queries: copy the few fields a read shows beside
    // the reference (extended reference). The schedule (50/s) shows course
    // titles, the roster student names: one read each.
    const Project p = loadExample("student-enrollment.docshape");
    const Relationship *student = relationshipBetween(p, "Enrollment", "Student");
    const Relationship *course = relationshipBetween(p, "Enrollment", "Course");
    REQUIRE(student);
    REQUIRE(course);
    CHECK(student->representation == Representation::ExtendedReference);
    CHECK(course->representation == Representation::ExtendedReference);
    CHECK(student->fieldName == "student");
    CHECK(course->fieldName == "course");
    for (const Relationship *r : {student, course}) {
        CHECK_FALSE(r->copiedFieldIds.empty());
        CHECK_FALSE(r->copyOwner.empty());
    }
    for (const auto &q : p.accessPatterns)
        CHECK(q.alsoReads.empty());
    // The model answer draws no finding.
    CHECK(lint(p, analyze(p)).empty());
}

TEST_CASE("product reviews keep a subset of 3 and computed summaries", "[examples]") {
    const Project p = loadExample("product-reviews.docshape");
    const Relationship *reviews = relationshipBetween(p, "Product", "Review");
    REQUIRE(reviews);
    CHECK(reviews->representation == Representation::Subset);
    CHECK(reviews->subsetCount == 3);
    const Entity *product = p.findEntityByName("Product");
    REQUIRE(product);
    int computed = 0;
    for (const auto &f : product->fields)
        if (!f.details->computedFrom.empty())
            ++computed;
    CHECK(computed == 2);
}

TEST_CASE("IoT readings are bucketed and also modelled as a time series", "[examples]") {
    const Project p = loadExample("iot-readings.docshape");
    const Relationship *bucket = relationshipBetween(p, "Sensor", "Reading");
    REQUIRE(bucket);
    CHECK(bucket->representation == Representation::Bucket);
    CHECK(bucket->bucketSize == 288);
    const Entity *measurement = p.findEntityByName("Measurement");
    REQUIRE(measurement);
    REQUIRE(measurement->timeSeries);
    CHECK(measurement->timeSeries->timeField == "time");
    CHECK(measurement->timeSeries->metaField == "sensorId");
    CHECK(measurement->timeSeries->granularity == TimeSeriesGranularity::Minutes);
}

TEST_CASE("vehicle auction carries the seed's query table", "[examples]") {
    const Project p = loadExample("vehicle-auction.docshape");
    struct Row {
        const char *name;
        double frequency;
        double latency;
    };
    // start-from-the-queries.txt: very high / high / medium / low scheduled.
    const Row rows[] = {
        {"List vehicles for the catalogue, newest first", 2000, 100},
        {"Vehicle detail by id", 500, 100},
        {"A user's bids across auctions", 50, 300},
        {"Admin: settle auctions due now", 0.02, 5000},
    };
    for (const auto &row : rows) {
        INFO(row.name);
        const AccessPattern *q = patternNamed(p, row.name);
        REQUIRE(q);
        CHECK(q->frequencyPerSecond == Approx(row.frequency));
        CHECK(q->latencyBudgetMs == Approx(row.latency));
    }
    const Entity *vehicle = p.findEntityByName("Vehicle");
    REQUIRE(vehicle);
    CHECK(vehicle->validationLevel == ValidationLevel::Moderate);
    CHECK(vehicle->schemaVersion);
    auto status = std::find_if(vehicle->fields.begin(), vehicle->fields.end(),
                               [](const Field &f) { return f.name == "status"; });
    REQUIRE(status != vehicle->fields.end());
    CHECK(status->details->enumValues == std::vector<std::string>{"draft", "listed", "sold", "archived"});
    const Relationship *buyer = relationshipBetween(p, "Bid", "User");
    REQUIRE(buyer);
    CHECK(buyer->representation == Representation::ExtendedReference);
    CHECK(buyer->fieldName == "buyer");
}

TEST_CASE("SaaS example scopes tenants and soft-deletes behind a partial unique index", "[examples]") {
    const Project p = loadExample("saas-multitenant.docshape");
    CHECK(p.tenancy == Tenancy::SharedCollection);
    for (const auto &e : p.entities) {
        if (!e.tenantScoped)
            continue;
        INFO(e.name);
        CHECK(std::any_of(e.fields.begin(), e.fields.end(),
                          [&](const Field &f) { return f.name == p.tenantField; }));
    }
    const Entity *user = p.findEntityByName("User");
    REQUIRE(user);
    CHECK(user->deletion == DeletionPolicy::SoftDelete);
    const bool partialUnique = std::any_of(p.indexes.begin(), p.indexes.end(), [&](const IndexSpec &i) {
        return i.entityId == user->id && i.unique && !i.partialFilter.empty() && i.partialSelectivity < 1;
    });
    CHECK(partialUnique);
    const Entity *notification = p.findEntityByName("Notification");
    REQUIRE(notification);
    CHECK(notification->discriminator == "type");
    REQUIRE(notification->variants.size() == 2);
    CHECK(notification->variants[0].share + notification->variants[1].share == Approx(1.0));
    CHECK(relationshipBetween(p, "Ticket", "AuditEvent"));
}
