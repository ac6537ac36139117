#include "commands/Cli.h"
#include "diff/DiffReport.h"
#include "diff/ModelDiff.h"
#include "io/ProjectFile.h"
#include "support/MigrateCases.h"
#include "support/ModelBuilders.h"
#include "support/TestPaths.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

using namespace docshape;
using namespace docshape::test;

namespace {

const ObjectChange *find(const ModelDiff &d, ObjectKind kind, const std::string &id) {
    for (const auto &c : d.changes)
        if (c.object == kind && c.id == id)
            return &c;
    return nullptr;
}

struct Run {
    int code;
    std::string out;
    std::string err;
};

Run runCli(const std::vector<std::string> &args) {
    std::istringstream in;
    std::ostringstream out, err;
    const int code = cli::run(args, {in, out, err});
    return {code, out.str(), err.str()};
}

// The size libbson gives a document built by `fill`: the oracle for the
// byte counts the diff reports.
template <typename Fill> std::uint32_t bsonSize(Fill fill) {
    bson_t doc = BSON_INITIALIZER;
    fill(&doc);
    const std::uint32_t size = doc.len;
    bson_destroy(&doc);
    return size;
}

} // namespace

TEST_CASE("a renamed field is one change with its old name, never a removal and an addition", "[diff]") {
    const ModelDiff d = diffModels(loadMigrateCase("rename-field/old.docshape"), loadMigrateCase("rename-field/new.docshape"));
    const ObjectChange *buyer = find(d, ObjectKind::Field, "f2");
    REQUIRE(buyer);
    CHECK(buyer->change == ChangeKind::Renamed);
    CHECK(buyer->oldName == "customerName");
    CHECK(buyer->name == "buyerName");
    CHECK(buyer->path == "Order.buyerName");
    REQUIRE(buyer->properties.size() == 1);
    CHECK(buyer->properties[0].property == "name");
    CHECK(buyer->properties[0].before == "customerName");
    CHECK(buyer->properties[0].after == "buyerName");
    for (const auto &c : d.changes)
        CHECK((c.change != ChangeKind::Added && c.change != ChangeKind::Removed));
}

TEST_CASE("a changed property shows its old and new value as the file spells them", "[diff]") {
    const ModelDiff d = diffModels(loadMigrateCase("change-type/old.docshape"), loadMigrateCase("change-type/new.docshape"));
    const ObjectChange *price = find(d, ObjectKind::Field, "f2");
    REQUIRE(price);
    CHECK(price->change == ChangeKind::Changed);
    REQUIRE(price->properties.size() == 1);
    CHECK(price->properties[0].property == "type");
    CHECK(price->properties[0].before == "double");
    CHECK(price->properties[0].after == "decimal");
    const std::string text = diffText(d);
    CHECK(text.find("type: \"double\" → \"decimal\"") != std::string::npos);
}

TEST_CASE("the consequences' document sizes agree with libbson", "[diff]") {
    // v1 products: {_id, name (20 bytes avg, 120 max), price double, stock int};
    // v2: price decimal (16 bytes instead of 8), stock long (8 instead of 4).
    const ModelDiff d = diffModels(loadMigrateCase("change-type/old.docshape"), loadMigrateCase("change-type/new.docshape"));
    REQUIRE(d.consequences.collections.size() == 1);
    const CollectionConsequence &c = d.consequences.collections[0];
    const std::string name120(120, 'x');
    const std::uint32_t maxBefore = bsonSize([&](bson_t *b) {
        bson_oid_t oid;
        bson_oid_init(&oid, nullptr);
        BSON_APPEND_OID(b, "_id", &oid);
        BSON_APPEND_UTF8(b, "name", name120.c_str());
        BSON_APPEND_DOUBLE(b, "price", 1.5);
        BSON_APPEND_INT32(b, "stock", 3);
    });
    const std::uint32_t maxAfter = bsonSize([&](bson_t *b) {
        bson_oid_t oid;
        bson_oid_init(&oid, nullptr);
        bson_decimal128_t dec;
        bson_decimal128_from_string("1.5", &dec);
        BSON_APPEND_OID(b, "_id", &oid);
        BSON_APPEND_UTF8(b, "name", name120.c_str());
        BSON_APPEND_DECIMAL128(b, "price", &dec);
        BSON_APPEND_INT64(b, "stock", 3);
    });
    REQUIRE(c.before.maxDocumentBytes);
    REQUIRE(c.after.maxDocumentBytes);
    CHECK(*c.before.maxDocumentBytes == maxBefore);
    CHECK(*c.after.maxDocumentBytes == maxAfter);
    CHECK(c.after.avgDocumentBytes - c.before.avgDocumentBytes == Approx(12)); // 8 + 4 more payload bytes
}

TEST_CASE("index entries before and after, and findings that appear or disappear", "[diff]") {
    const ModelDiff d = diffModels(loadMigrateCase("add-and-drop-index/old.docshape"), loadMigrateCase("add-and-drop-index/new.docshape"));
    REQUIRE(d.consequences.collections.size() == 1);
    const auto &ix = d.consequences.collections[0].indexes;
    auto named = [&](const std::string &n) {
        return std::find_if(ix.begin(), ix.end(), [&](const IndexEntriesChange &i) { return i.name == n; });
    };
    // One entry per document for a single-key index on a field every
    // document has (DESIGN.md, "Index entries"); 1,000,000 orders.
    REQUIRE(named("status_1") != ix.end());
    CHECK(named("status_1")->before == 1000000.0);
    CHECK_FALSE(named("status_1")->after.has_value());
    REQUIRE(named("customerId_1_createdAt_-1") != ix.end());
    CHECK_FALSE(named("customerId_1_createdAt_-1")->before.has_value());
    CHECK(named("customerId_1_createdAt_-1")->after == 1000000.0);
    CHECK(find(d, ObjectKind::Index, "i1")->change == ChangeKind::Removed);
    CHECK(find(d, ObjectKind::Index, "i2")->change == ChangeKind::Added);
}

TEST_CASE("an unbounded array that appears is a finding that appears", "[diff]") {
    Project before = loadMigrateCase("extract-embedded/new.docshape");
    Project after = before;
    Field tags;
    tags.id = "f90";
    tags.name = "tags";
    tags.type = BsonType::Array;
    tags.avgCount = 4;
    tags.avgBytes = 8;
    tags.maxBytes = 20;
    after.entities[0].fields.push_back(tags);
    const ModelDiff d = diffModels(before, after);
    const auto &f = d.consequences.findings;
    CHECK(std::any_of(f.begin(), f.end(), [](const FindingChange &c) {
        return c.appeared && c.targetKind == "field" && c.targetId == "f90";
    }));
    const auto &col = d.consequences.collections;
    REQUIRE(col.size() == 1);
    CHECK(col[0].before.maxDocumentBytes.has_value());
    CHECK_FALSE(col[0].after.maxDocumentBytes.has_value()); // unbounded: no maximum
}

TEST_CASE("card positions are layout: moving a card is no design change", "[diff]") {
    Project before = loadMigrateCase("embed-referenced/old.docshape");
    Project after = before;
    after.entities[0].position = {500, 300};
    CHECK(diffModels(before, after).equal());
}

TEST_CASE("docshape-cli diff: exit 0 equal, 1 different, 2 usage, 3 unreadable", "[diff][cli]") {
    const std::string a = dataPath("migrate/rename-field/old.docshape");
    const std::string b = dataPath("migrate/rename-field/new.docshape");
    const Run same = runCli({"diff", a, a});
    CHECK(same.code == 0);
    CHECK(same.out.find("no design changes") != std::string::npos);
    const Run different = runCli({"diff", a, b, "--json"});
    CHECK(different.code == 1);
    const auto j = nlohmann::json::parse(different.out);
    CHECK(j["equal"] == false);
    CHECK(j["changes"].size() >= 3);
    CHECK(runCli({"diff", a}).code == 2);
    CHECK(runCli({"diff", a, b, "--colour"}).code == 2);
    const Run bad = runCli({"diff", a, dataPath("malformed/01-truncated.docshape")});
    CHECK(bad.code == 3);
    CHECK(bad.err.find("01-truncated.docshape") != std::string::npos);
}

TEST_CASE("docshape-cli migrate writes the script and the plan, and refuses bad options", "[migrate][cli]") {
    const std::string a = dataPath("migrate/embed-referenced/old.docshape");
    const std::string b = dataPath("migrate/embed-referenced/new.docshape");
    const std::string out = makeTempDir("migrate-cli");
    const Run ok = runCli({"migrate", a, b, "--out", out, "--batch-size", "250"});
    REQUIRE(ok.code == 0);
    const std::string script = readFile(out + "/migrate.js");
    CHECK(script.find("\"batchSize\":250") != std::string::npos);
    CHECK(readFile(out + "/PLAN.md").find("# Migration plan") == 0);
    CHECK(runCli({"migrate", a, b}).code == 2);
    CHECK(runCli({"migrate", a, b, "--out", out, "--batch-size", "0"}).code == 2);
    CHECK(runCli({"migrate", a, b, "--out", out, "--write-rate", "fast"}).code == 2);
    CHECK(runCli({"migrate", a, dataPath("malformed/11-embedding-cycle.docshape"), "--out", out}).code == 3);
}

TEST_CASE("the access costs among the consequences are worded with their units, unchanged ones left out", "[diff]") {
    // Orders read by status: a longer status makes each read bring more
    // bytes (AccessCostEstimator), a change the report words as the
    // collections' sizes are worded.
    Project before;
    before.name = "orders";
    Entity order = entity("e1", "Order", 100000);
    order.fields = {stringField("f1", "status", 8, 16)};
    before.entities = {order};
    AccessPattern byStatus = readPattern("q1", "orders by status", "e1", Operation::FindMany, 20);
    byStatus.equality = {"status"};
    before.accessPatterns = {byStatus};
    Project after = before;
    after.entities[0].fields[0].avgBytes = 400;
    after.entities[0].fields[0].maxBytes = 800;

    const ModelDiff d = diffModels(before, after);
    REQUIRE(d.consequences.accessPatterns.size() == 1);
    const std::string text = diffText(d);
    INFO(text);
    CHECK(text.find("bytesRead") == std::string::npos);
    CHECK(text.find("      bytes read  ") != std::string::npos);
    // Each worded line says two different things on either side of the arrow.
    const std::size_t section = text.find("  access patterns\n");
    REQUIRE(section != std::string::npos);
    std::istringstream lines(text.substr(section));
    std::string line;
    int worded = 0;
    while (std::getline(lines, line)) {
        const std::size_t arrow = line.find(" → ");
        if (arrow == std::string::npos)
            continue;
        const std::size_t gap = line.rfind("  ", arrow);
        REQUIRE(gap != std::string::npos);
        CHECK(line.substr(gap + 2, arrow - gap - 2) != line.substr(arrow + std::string(" → ").size()));
        ++worded;
    }
    CHECK(worded >= 1);
    // The machine-readable form keeps the property names.
    CHECK(diffJson(d).dump().find("\"bytesRead\"") != std::string::npos);

    // A cost that moved below what the words show (the estimate's last
    // digits) is left out, and a pattern with nothing left to show too.
    ModelDiff small = d;
    small.consequences.collections.clear();
    small.consequences.accessPatterns = {
        {"q1", "orders by status", {{"estimatedMs", 1.0041, 1.0044}, {"bytesRead", 83.0, 97.0}}},
        {"q2", "orders by date", {{"estimatedMs", 2.5001, 2.5002}}}};
    const std::string smallText = diffText(small);
    INFO(smallText);
    CHECK(smallText.find("bytes read  83 bytes → 97 bytes") != std::string::npos);
    CHECK(smallText.find("estimated time") == std::string::npos);
    CHECK(smallText.find("orders by date") == std::string::npos);
}
