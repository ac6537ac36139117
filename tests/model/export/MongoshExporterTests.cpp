#include "derive/DeriveCollections.h"
#include "export/ExtendedJson.h"
#include "export/IndexExporter.h"
#include "export/MongoshExporter.h"
#include "export/ValidatorExporter.h"
#include "model/export/ExportTestSupport.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <fstream>

using namespace docshape;
using namespace docshape::test;
using nlohmann::ordered_json;

namespace {

std::string writeTemp(const std::string &dir, const std::string &name, const std::string &text) {
    const std::string path = dir + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

// Stand-ins for mongosh's globals that record what the script asks of the
// server; the constructors give back canonical Extended JSON so the
// recorded commands compare with the JSON exports.
constexpr const char *kMockShell = R"js(
const fs = require("fs");
const vm = require("vm");
const [scriptPath, existingJson] = process.argv.slice(2);
const calls = [];
const existing = JSON.parse(existingJson);
Date.prototype.toJSON = function () { return { $date: { $numberLong: String(this.getTime()) } }; };
globalThis.NumberInt = (v) => ({ $numberInt: String(v) });
globalThis.NumberLong = (v) => ({ $numberLong: String(v) });
globalThis.NumberDecimal = (v) => ({ $numberDecimal: String(v) });
globalThis.Double = class { constructor(v) { this.$numberDouble = String(v); } };
globalThis.ObjectId = (v) => ({ $oid: v });
globalThis.ISODate = (v) => new Date(v);
globalThis.MinKey = () => ({ $minKey: 1 });
globalThis.MaxKey = () => ({ $maxKey: 1 });
globalThis.BinData = (t, b) => ({ $binary: { base64: b, subType: t.toString(16).padStart(2, "0") } });
globalThis.EJSON = { parse: (text) => JSON.parse(text) };
globalThis.print = () => {};
globalThis.db = {
  getSiblingDB(name) {
    calls.push({ op: "getSiblingDB", name });
    return {
      getCollectionNames: () => existing.slice(),
      createCollection(name, options) { calls.push({ op: "createCollection", name, options }); return { ok: 1 }; },
      runCommand(command) { calls.push({ op: "runCommand", command }); return { ok: 1 }; },
    };
  },
};
vm.runInThisContext(fs.readFileSync(scriptPath, "utf8"), { filename: scriptPath });
process.stdout.write(JSON.stringify(calls));
)js";

// {"$numberDouble": "2"} and {"$numberDouble": "2.0"} are the same value.
ordered_json normalizeDoubles(const ordered_json &v) {
    if (v.is_object()) {
        if (v.size() == 1 && v.contains("$numberDouble") && v["$numberDouble"].is_string())
            return ordered_json{{"$numberDouble", std::stod(v["$numberDouble"].get<std::string>())}};
        ordered_json out = ordered_json::object();
        for (auto it = v.begin(); it != v.end(); ++it)
            out[it.key()] = normalizeDoubles(it.value());
        return out;
    }
    if (v.is_array()) {
        ordered_json out = ordered_json::array();
        for (const auto &e : v)
            out.push_back(normalizeDoubles(e));
        return out;
    }
    return v;
}

std::string scriptOf(const Project &p) {
    auto script = mongoshScript(p, deriveCollections(p));
    INFO((script ? std::string() : script.error().toString()));
    REQUIRE(script.ok());
    return *script;
}

} // namespace

TEST_CASE("node --check accepts the mongosh script, and rejects a broken one", "[export][mongosh]") {
    if (!haveNode()) {
        WARN("node is not installed: the mongosh script syntax check is skipped");
        return;
    }
    const std::string dir = makeTempDir("mongosh-check");
    Project p = richProject();
    // Names that need quoting or escaping in JavaScript.
    p.name = "Quotes \" and \\ and a\nnew line \xE2\x80\xA8 too";
    p.entities[0].fields[0].details.edit().description = "it's \"quoted\" \xE2\x80\xA8 </script>";
    const std::string script = scriptOf(p);
    auto ok = runCommand("node --check " + writeTemp(dir, "create.js", script));
    INFO(ok.output);
    CHECK(ok.status == 0);

    // The check can fail: the same script cut short does not parse.
    auto broken = runCommand("node --check " + writeTemp(dir, "broken.js", script.substr(0, script.size() - 4)));
    CHECK(broken.status != 0);
}

TEST_CASE("the mongosh script has database, options, collMod path and index options",
          "[export][mongosh]") {
    const std::string script = scriptOf(richProject());
    CHECK(script.find("const target = db.getSiblingDB(\"shop\");") != std::string::npos);
    CHECK(script.find("existing.includes(name)") != std::string::npos);
    CHECK(script.find("collMod: name") != std::string::npos);
    CHECK(script.find("validationLevel: \"moderate\"") != std::string::npos);
    CHECK(script.find("validationAction: \"warn\"") != std::string::npos);
    CHECK(script.find("granularity: \"minutes\"") != std::string::npos);
    CHECK(script.find("partialFilterExpression") != std::string::npos);
    CHECK(script.find("new Date(0)") != std::string::npos);
    CHECK(script.find("NumberInt(1)") != std::string::npos);
    CHECK(script.back() == '\n');
    CHECK(script == scriptOf(richProject())); // deterministic
}

TEST_CASE("running the script creates, then collMods, exactly what the JSON exports say",
          "[export][mongosh]") {
    if (!haveNode()) {
        WARN("node is not installed: the mongosh script run is skipped");
        return;
    }
    const Project p = richProject();
    const Derived d = deriveCollections(p);
    const std::string dir = makeTempDir("mongosh-run");
    const std::string mock = writeTemp(dir, "mock.js", kMockShell);
    const std::string script = writeTemp(dir, "create.js", scriptOf(p));

    SECTION("empty database: createCollection with validator or time-series options") {
        auto run = runCommand("node " + mock + " " + script + " '[]'");
        INFO(run.output);
        REQUIRE(run.status == 0);
        const auto calls = ordered_json::parse(run.output);
        CHECK(calls[0] == ordered_json{{"op", "getSiblingDB"}, {"name", "shop"}});
        std::size_t call = 1;
        for (const auto &c : d.collections) {
            INFO(c.name);
            REQUIRE(call < calls.size());
            const auto &create = calls[call++];
            CHECK(create["op"] == "createCollection");
            CHECK(create["name"] == c.name);
            if (c.name == "readings") {
                CHECK(create["options"] == ordered_json::parse(R"({"timeseries":{"timeField":"ts",
                    "metaField":"sensor","granularity":"minutes"},"expireAfterSeconds":86400})"));
            } else {
                auto schema = validatorFor(p, c);
                REQUIRE(schema.ok());
                CHECK(normalizeDoubles(create["options"]["validator"]["$jsonSchema"]) == normalizeDoubles(*schema));
                const std::string level = c.name == "orders" ? "moderate" : "strict";
                CHECK(create["options"]["validationLevel"] == level);
                CHECK(create["options"]["validationAction"] == (c.name == "orders" ? "warn" : "error"));
            }
            auto indexes = indexSpecsFor(p, d, c);
            REQUIRE(indexes.ok());
            if (!indexes->empty()) {
                REQUIRE(call < calls.size());
                const auto &command = calls[call++]["command"];
                CHECK(command["createIndexes"] == c.name);
                CHECK(command["indexes"] == *indexes);
            }
        }
        CHECK(call == calls.size());
    }

    SECTION("collections exist: collMod with the validator, nothing created") {
        auto run = runCommand("node " + mock + " " + script +
                              " '[\"customers\",\"orders\",\"vehicles\",\"readings\",\"tags\",\"vehicle_tags\"]'");
        INFO(run.output);
        REQUIRE(run.status == 0);
        const auto calls = ordered_json::parse(run.output);
        std::size_t collMods = 0;
        for (const auto &call : calls) {
            CHECK(call["op"] != "createCollection");
            if (call["op"] == "runCommand" && call["command"].contains("collMod")) {
                ++collMods;
                const auto &command = call["command"];
                if (command["collMod"] == "readings") {
                    CHECK(command == ordered_json::parse(R"({"collMod":"readings","expireAfterSeconds":86400})"));
                } else {
                    CHECK(command["validator"].contains("$jsonSchema"));
                    CHECK(command.contains("validationLevel"));
                    CHECK(command.contains("validationAction"));
                }
            }
        }
        CHECK(collMods == d.collections.size());
    }
}

TEST_CASE("index specs carry name, unique, sparse, partial filter, TTL and collation",
          "[export][index]") {
    const Project p = richProject();
    const Derived d = deriveCollections(p);
    auto find = [&](const std::string &name) -> const CollectionShape & {
        for (const auto &c : d.collections)
            if (c.name == name)
                return c;
        throw std::logic_error("no collection " + name);
    };
    CHECK(*indexSpecsFor(p, d, find("customers")) == ordered_json::parse(R"([{"key":{"email":1},
        "name":"email_1","unique":true,"collation":{"locale":"en","strength":2}}])"));
    CHECK(*indexSpecsFor(p, d, find("orders")) == ordered_json::parse(R"([
        {"key":{"customerId":1,"placedAt":-1},"name":"customer_recent"},
        {"key":{"status":1},"name":"status_1","partialFilterExpression":{"status":{"$eq":"placed"},
          "placedAt":{"$gt":{"$date":{"$numberLong":"0"}}},"items.qty":{"$gte":{"$numberInt":"1"}}}},
        {"key":{"placedAt":1},"name":"ttl","sparse":true,"expireAfterSeconds":3600}])"));
    CHECK(*indexSpecsFor(p, d, find("vehicles")) ==
          ordered_json::parse(R"([{"key":{"make":"hashed"},"name":"make_hashed"}])"));
    CHECK(indexSpecsFor(p, d, find("tags"))->empty());

    Project bad = richProject();
    bad.indexes[2].partialFilter = "{\"status\": ";
    auto refused = indexSpecsFor(bad, deriveCollections(bad), find("orders"));
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().where == "orders.status_1");

    Project twice = richProject();
    twice.indexes[3].name = "customer_recent";
    auto dup = indexSpecsFor(twice, deriveCollections(twice), find("orders"));
    REQUIRE_FALSE(dup.ok());
    CHECK(dup.error().message.find("two indexes") != std::string::npos);
}
