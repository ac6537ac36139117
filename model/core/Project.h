#pragma once

#include "core/AccessPattern.h"
#include "core/Entity.h"
#include "core/IndexSpec.h"
#include "core/Relationship.h"
#include "util/EnumNames.h"

#include <map>
#include <span>
#include <string_view>
#include <utility>
#include <string>
#include <vector>

namespace docshape {

enum class Tenancy { None, SharedCollection, DatabasePerTenant, CollectionPerTenant };

struct Decision {
    std::string id;
    std::string date; // ISO 8601 day
    std::string title;
    std::string text;

    friend bool operator==(const Decision &, const Decision &) = default;
};

// A DocShape design: the whole content of a .docshape file.
struct Project {
    std::string name;
    std::string description;
    std::string database = "app"; // for namespace length checks and scripts
    std::string mongoVersion = "7.0";
    double ramGiB = 8;
    Tenancy tenancy = Tenancy::None;
    std::string tenantField = "tenantId";
    double tenantCount = 0;
    int growthDays = 365; // horizon of the growth projection

    std::vector<Entity> entities;
    std::vector<Relationship> relationships;
    std::vector<AccessPattern> accessPatterns;
    std::vector<IndexSpec> indexes;
    std::vector<Decision> decisions;
    std::map<std::string, double> thresholds; // overrides of the analysis and advisor settings by name (core/Thresholds.h)

    const Entity *findEntity(std::string_view id) const;
    Entity *findEntity(std::string_view id);
    const Entity *findEntityByName(std::string_view name) const;
    const Relationship *findRelationship(std::string_view id) const;
    const AccessPattern *findAccessPattern(std::string_view id) const;
    const IndexSpec *findIndex(std::string_view id) const;
    // Searches every entity's fields, nested fields and variant fields.
    const Field *findField(std::string_view id) const;

    // A fresh id with the given prefix ("e", "f", "r", "q", "i", "d") not yet
    // used by any object of the project.
    std::string newId(std::string_view prefix) const;

    friend bool operator==(const Project &, const Project &) = default;
};

std::string_view toString(Tenancy t);
std::optional<Tenancy> tenancyFromString(std::string_view s);

// The spellings of Tenancy in the model file and the CLI, and its words in messages,
// in the enum's order: the one table its names, words and count come from.
inline constexpr EnumSpelling<Tenancy> kTenancyNames[] = {
    {Tenancy::None, "none", "none"},
    {Tenancy::SharedCollection, "sharedCollection", "shared collection"},
    {Tenancy::DatabasePerTenant, "databasePerTenant", "database per tenant"},
    {Tenancy::CollectionPerTenant, "collectionPerTenant", "collection per tenant"},
};
constexpr std::span<const EnumSpelling<Tenancy>> namesOf(Tenancy) { return kTenancyNames; }

} // namespace docshape
