#pragma once

#include "io/ProjectFile.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <string>

namespace docshape::test {

// A model of the migration cases, tests/data/migrate/<case>/{old,new}.docshape:
// loadMigrateCase("rename-field/new.docshape").
inline Project loadMigrateCase(const std::string &relative) {
    auto p = loadProject(dataPath("migrate/" + relative));
    INFO((p ? std::string() : p.error().toString()));
    REQUIRE(p.ok());
    return std::move(*p);
}

} // namespace docshape::test
