// The project settings File > Project Settings edits: read and applied as
// one value, and refused before a model without a name or with a database
// name the server refuses is made.
#include "edit/ProjectSettings.h"

#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::edit;

TEST_CASE("project settings apply every setting and nothing else", "[edit][settings]") {
    Project p;
    p.name = "shop";
    p.description = "kept";
    Entity e;
    e.id = "e1";
    e.name = "Order";
    p.entities.push_back(e);
    ProjectSettings s = settingsOf(p);
    s.name = "store";
    s.database = "retail";
    s.mongoVersion = "8.0";
    s.ramGiB = 16;
    s.tenancy = Tenancy::SharedCollection;
    s.tenantField = "shopId";
    s.tenantCount = 40;
    s.growthDays = 730;
    s.thresholds["seed.documentTargetBytes"] = 50000;
    applySettings(p, s);
    CHECK(settingsOf(p) == s);
    CHECK(p.description == "kept");
    CHECK(p.entities.size() == 1);
}

TEST_CASE("project settings refuse an empty name and database names the server refuses", "[edit][settings]") {
    ProjectSettings s = settingsOf(Project{});
    s.name = "shop";
    CHECK_FALSE(settingsRefusal(s));
    auto refusal = [&](ProjectSettings changed) {
        auto r = settingsRefusal(changed);
        REQUIRE(r);
        return r->where + ": " + r->message;
    };
    ProjectSettings blank = s;
    blank.name = "  ";
    CHECK(refusal(blank) == "name: a model needs a name: exports and reports are titled by it");
    // The MongoDB manual, Limits and Thresholds, "Restrictions on Database
    // Names": not empty, fewer than 64 characters, none of /\. "$ (Unix).
    for (const char *bad : {"my.db", "my db", "a/b", "a\\b", "a\"b", "a$b"}) {
        ProjectSettings d = s;
        d.database = bad;
        CHECK(refusal(d).starts_with("database: a database name cannot contain '"));
    }
    ProjectSettings longName = s;
    longName.database = std::string(64, 'd');
    CHECK(refusal(longName) == "database: the database name has 64 bytes; MongoDB allows at most 63");
    longName.database = std::string(63, 'd');
    CHECK_FALSE(settingsRefusal(longName));
    ProjectSettings version = s;
    version.mongoVersion = "seven";
    CHECK(refusal(version) == "mongoVersion: 'seven' is not a version such as 7.0");
}
