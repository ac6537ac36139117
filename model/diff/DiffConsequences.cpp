#include "diff/DiffConsequences.h"

#include "advisor/AdviceJson.h"
#include "advisor/Advisor.h"
#include "estimate/Analysis.h"

#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace docshape {

using nlohmann::ordered_json;

namespace {

// What a collection is derived from, the same in both versions.
using CollectionKey = std::tuple<int, std::string, std::string>;

struct CollectionFacts {
    CollectionFigures figures;
    std::vector<std::pair<std::string, std::string>> indexKeys; // (id or name of _id_, display name), in order
    std::map<std::string, double> entries;                      // by index key
};

// The facts a diff compares, copied out of one version's analysis and
// advice so that neither has to outlive this.
struct VersionFacts {
    std::vector<CollectionKey> order;
    std::map<CollectionKey, CollectionFacts> collections;
    std::vector<Finding> findings;
    std::vector<AccessCost> costs;
};

VersionFacts factsOf(const Analysis &analysis, const Advice &advice) {
    VersionFacts out;
    for (std::size_t i = 0; i < analysis.collections.size(); ++i) {
        const CollectionStat &c = analysis.collections[i];
        const CollectionShape &shape = analysis.derived.collections[i];
        CollectionKey key{static_cast<int>(c.kind), c.rootEntityId,
                          c.kind == CollectionKind::Entity ? std::string() : shape.relationshipId};
        CollectionFacts facts;
        facts.figures = {true, c.name, c.documents, c.avgDocumentBytes, c.maxDocumentBytes};
        for (const auto &ix : c.indexes) {
            const std::string indexKey = ix.id.empty() ? "name:" + ix.name : ix.id;
            facts.indexKeys.emplace_back(indexKey, ix.name);
            facts.entries[indexKey] = ix.entries;
        }
        out.order.push_back(key);
        out.collections.emplace(std::move(key), std::move(facts));
    }
    out.findings = advice.findings;
    out.costs = advice.accessPatterns;
    return out;
}

bool differs(double a, double b) { return std::fabs(a - b) > 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)}); }

std::vector<CollectionConsequence> collectionChanges(const VersionFacts &before, const VersionFacts &after) {
    std::vector<CollectionConsequence> out;
    auto compare = [&](const CollectionKey &key) {
        auto b = before.collections.find(key);
        auto a = after.collections.find(key);
        CollectionConsequence c;
        if (b != before.collections.end())
            c.before = b->second.figures;
        if (a != after.collections.end())
            c.after = a->second.figures;
        std::vector<std::pair<std::string, std::string>> names;
        if (a != after.collections.end())
            names = a->second.indexKeys;
        if (b != before.collections.end())
            for (const auto &n : b->second.indexKeys)
                if (a == after.collections.end() || !a->second.entries.contains(n.first))
                    names.push_back(n);
        for (const auto &[indexKey, name] : names) {
            IndexEntriesChange ix{name, std::nullopt, std::nullopt};
            if (b != before.collections.end())
                if (auto e = b->second.entries.find(indexKey); e != b->second.entries.end())
                    ix.before = e->second;
            if (a != after.collections.end())
                if (auto e = a->second.entries.find(indexKey); e != a->second.entries.end())
                    ix.after = e->second;
            if (ix.before.has_value() != ix.after.has_value() ||
                (ix.before && differs(*ix.before, *ix.after)))
                c.indexes.push_back(std::move(ix));
        }
        const bool figuresDiffer = c.before.present != c.after.present || c.before.name != c.after.name ||
                                   differs(c.before.documents, c.after.documents) ||
                                   differs(c.before.avgDocumentBytes, c.after.avgDocumentBytes) ||
                                   c.before.maxDocumentBytes != c.after.maxDocumentBytes;
        if (figuresDiffer || !c.indexes.empty())
            out.push_back(std::move(c));
    };
    for (const auto &key : after.order)
        compare(key);
    for (const auto &key : before.order)
        if (!after.collections.contains(key))
            compare(key);
    return out;
}

using FindingKey = std::tuple<std::string, std::string, std::string>;
FindingKey keyOf(const Finding &f) { return {f.id, f.target.kind, f.target.id.empty() ? f.target.name : f.target.id}; }

std::vector<FindingChange> findingChanges(const VersionFacts &before, const VersionFacts &after) {
    std::set<FindingKey> old, now;
    for (const auto &f : before.findings)
        old.insert(keyOf(f));
    for (const auto &f : after.findings)
        now.insert(keyOf(f));
    std::vector<FindingChange> out;
    auto add = [&](const Finding &f, bool appeared) {
        out.push_back({appeared, f.id, std::string(toString(f.severity)), f.target.kind, f.target.id, f.target.name,
                       f.message()});
    };
    for (const auto &f : after.findings)
        if (!old.contains(keyOf(f)))
            add(f, true);
    for (const auto &f : before.findings)
        if (!now.contains(keyOf(f)))
            add(f, false);
    return out;
}

ordered_json optionalBool(const std::optional<bool> &b) { return b ? ordered_json(*b) : ordered_json(nullptr); }

std::vector<PropertyChange> costDifferences(const AccessCost &a, const AccessCost &b) {
    std::vector<PropertyChange> out;
    auto number = [&](const char *name, double x, double y) {
        if (differs(x, y))
            out.push_back({name, jsonNumber(x), jsonNumber(y)});
    };
    if (a.collections != b.collections)
        out.push_back({"collections", a.collections, b.collections});
    number("roundTrips", a.roundTrips, b.roundTrips);
    if (a.index != b.index)
        out.push_back({"index", a.index, b.index});
    if (a.inMemorySort != b.inMemorySort)
        out.push_back({"inMemorySort", a.inMemorySort, b.inMemorySort});
    number("docsExamined", a.docsExamined, b.docsExamined);
    number("bytesRead", a.bytesRead, b.bytesRead);
    number("documentsTouched", a.documentsTouched, b.documentsTouched);
    number("bytesWritten", a.bytesWritten, b.bytesWritten);
    number("indexEntriesTouched", a.indexEntriesTouched, b.indexEntriesTouched);
    if (a.needsTransaction != b.needsTransaction)
        out.push_back({"needsTransaction", a.needsTransaction, b.needsTransaction});
    number("estimatedMs", a.estimatedMs, b.estimatedMs);
    if (a.withinBudget != b.withinBudget)
        out.push_back({"withinBudget", optionalBool(a.withinBudget), optionalBool(b.withinBudget)});
    return out;
}

std::vector<AccessCostChange> costChanges(const VersionFacts &before, const VersionFacts &after) {
    std::map<std::string_view, const AccessCost *> old;
    for (const auto &c : before.costs)
        old.emplace(c.patternId, &c);
    std::vector<AccessCostChange> out;
    for (const auto &c : after.costs) {
        auto it = old.find(c.patternId);
        if (it == old.end())
            continue; // a new pattern: listed among the changes, no cost to compare with
        std::vector<PropertyChange> changes = costDifferences(*it->second, c);
        if (!changes.empty())
            out.push_back({c.patternId, c.name, std::move(changes)});
    }
    return out;
}

} // namespace

struct DiffFacts::Data : VersionFacts {};

DiffFacts::DiffFacts(const Project &project) : DiffFacts(project, analyze(project)) {}

DiffFacts::DiffFacts(const Project &project, const Analysis &analysis)
    : DiffFacts(analysis, advise(project, analysis)) {}

DiffFacts::DiffFacts(const Analysis &analysis, const Advice &advice) {
    auto data = std::make_shared<Data>();
    static_cast<VersionFacts &>(*data) = factsOf(analysis, advice);
    m_data = std::move(data);
}

Consequences diffConsequences(const DiffFacts &before, const DiffFacts &after) {
    const VersionFacts &b = *before.m_data;
    const VersionFacts &a = *after.m_data;
    return {collectionChanges(b, a), findingChanges(b, a), costChanges(b, a)};
}

Consequences diffConsequences(const Project &before, const Project &after) {
    return diffConsequences(DiffFacts(before), DiffFacts(after));
}

} // namespace docshape
