#pragma once

#include "util/EnumNames.h"

#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <string>
#include <vector>

namespace docshape {

enum class AccessKind { Read, Write };
enum class Operation { FindOneById, FindMany, Aggregate, Insert, Update, Delete };

struct SortKey {
    std::string path;
    int direction = 1; // 1 or -1

    friend bool operator==(const SortKey &, const SortKey &) = default;
};

// One row of the query table of seed start-from-the-queries.txt. Field
// paths are dotted paths in the document of the collection that holds
// `entityId` (for an embedded entity, its root collection).
struct AccessPattern {
    std::string id;
    std::string name;
    AccessKind kind = AccessKind::Read;
    std::string entityId;
    Operation operation = Operation::FindOneById;
    std::vector<std::string> equality;
    std::vector<std::string> range;
    std::vector<SortKey> sort;
    std::optional<std::uint64_t> limit;
    std::vector<std::string> fieldsReturned; // empty: whole document
    std::vector<std::string> alsoReads;      // entity ids read together with entityId
    double frequencyPerSecond = 0;
    double latencyBudgetMs = 0; // 0: not stated
    std::string consistency;    // free text: "strong", "eventual", ...
    bool tenantScoped = true;   // the query carries the tenant constraint
    std::string description;

    friend bool operator==(const AccessPattern &, const AccessPattern &) = default;
};

std::string_view toString(AccessKind k);
std::optional<AccessKind> accessKindFromString(std::string_view s);
std::string_view toString(Operation o);
std::optional<Operation> operationFromString(std::string_view s);

// The spellings of AccessKind in the model file and the CLI, and its words in messages,
// in the enum's order: the one table its names, words and count come from.
inline constexpr EnumSpelling<AccessKind> kAccessKindNames[] = {
    {AccessKind::Read, "read", "read"},
    {AccessKind::Write, "write", "write"},
};
constexpr std::span<const EnumSpelling<AccessKind>> namesOf(AccessKind) { return kAccessKindNames; }

// The spellings of Operation in the model file and the CLI, and its words in messages,
// in the enum's order: the one table its names, words and count come from.
inline constexpr EnumSpelling<Operation> kOperationNames[] = {
    {Operation::FindOneById, "findOneById", "find one by _id"},
    {Operation::FindMany, "findMany", "find many"},
    {Operation::Aggregate, "aggregate", "aggregate"},
    {Operation::Insert, "insert", "insert"},
    {Operation::Update, "update", "update"},
    {Operation::Delete, "delete", "delete"},
};
constexpr std::span<const EnumSpelling<Operation>> namesOf(Operation) { return kOperationNames; }

} // namespace docshape
