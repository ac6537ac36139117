#include "io/ProjectValidator.h"

#include "core/DocumentKeys.h"

#include "io/JsonPath.h"
#include "io/JsonText.h"
#include "io/ProjectFile.h"
#include "io/ProjectReader.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>
#include <unordered_set>

namespace docshape {

Status validateProject(const Project &project) { return io::ProjectValidator(project).run(); }

namespace io {

namespace {

constexpr std::size_t kMaxIndexKeys = 32; // the server's limit for a compound index
constexpr double kShareTolerance = 0.001;

// The ceilings of the format's numbers (FORMAT.md, "Limits"). A number past
// one is a typo or a hostile file, not a design, and the estimates ran it
// to infinity: an average of 6e307 bytes made a report that never finished
// (issue 43). A count of documents stays below 2^63 (countValue).
constexpr double kBsonDocumentBytes = 16777216; // the manual, "MongoDB Limits and Thresholds"
// A value is inside a document, so no size or length can pass the
// document's limit; a character and an array element take a byte at least.
constexpr NumberCeiling kSize{kBsonDocumentBytes, "16 MiB (16,777,216 bytes), the BSON document size limit"};
constexpr NumberCeiling kLength{kBsonDocumentBytes,
                                "16,777,216 characters: a document holds 16 MiB, and a character takes a byte"};
constexpr NumberCeiling kElements{kBsonDocumentBytes,
                                  "16,777,216 elements: a document holds 16 MiB, and an element takes a byte"};
// One operation a nanosecond: beyond any deployment by orders of magnitude.
constexpr NumberCeiling kRate{1e9, "1,000,000,000 a second (one a nanosecond)"};
// The server refuses a maxTimeMS or an expireAfterSeconds past a 32-bit int.
constexpr NumberCeiling kLatency{2147483647, "2,147,483,647 ms, the longest maxTimeMS the server accepts"};
constexpr NumberCeiling kTtl{2147483647, "2,147,483,647 seconds, the longest expireAfterSeconds the server accepts"};
// The studio's project settings offer the same ranges.
constexpr NumberCeiling kRam{1048576, "1,048,576 GiB (1 PiB), more than any server has"};
constexpr NumberCeiling kDays{36500, "36,500 days (100 years)"};
// The canvas: a grid of the 100,000 entities a file may hold, a few hundred
// units apart, spans well under a million units, and the diagram's export
// sizes its image in integers from these coordinates.
constexpr double kCanvasExtent = 1e6;

bool isIndexKind(std::string_view kind) {
    return kind == "1" || kind == "-1" || kind == "hashed" || kind == "text" ||
           kind == "2dsphere" || kind == "2d";
}

// Why PCRE2 refuses `pattern` as the server compiles a $jsonSchema pattern
// (PCRE2_UTF, patterns up to mongo::pcre kMaxPatternLength = 32764 bytes),
// with the offset PCRE2 names; nullopt when it compiles. A model keeping such
// a pattern would export a validator the server refuses.
std::optional<std::string> patternRefusal(const std::string &pattern) {
    constexpr std::size_t kMaxPatternLength = 32764;
    pcre2_compile_context *context = pcre2_compile_context_create(nullptr);
    pcre2_set_max_pattern_length(context, kMaxPatternLength);
    int code = 0;
    PCRE2_SIZE offset = 0;
    pcre2_code *compiled = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                                         PCRE2_UTF, &code, &offset, context);
    pcre2_compile_context_free(context);
    if (compiled) {
        pcre2_code_free(compiled);
        return std::nullopt;
    }
    PCRE2_UCHAR text[256];
    std::string message = pcre2_get_error_message(code, text, sizeof text) < 0
                              ? "PCRE2 error " + std::to_string(code)
                              : std::string(reinterpret_cast<const char *>(text));
    return "Regular expression is invalid: " + message + " (at offset " + std::to_string(offset) + ")";
}

bool containsField(const std::vector<Field> &fields, std::string_view id) {
    for (const Field &f : fields)
        if (f.id == id || containsField(f.fields, id))
            return true;
    return false;
}

template <typename F> void forEachFieldIn(const std::vector<Field> &fields, const F &visit) {
    for (const Field &f : fields) {
        visit(f);
        forEachFieldIn(f.fields, visit);
    }
}

template <typename F> void forEachField(const Entity &e, const F &visit) {
    forEachFieldIn(e.fields, visit);
    for (const Variant &v : e.variants)
        forEachFieldIn(v.fields, visit);
}

bool among(const std::vector<std::string> &sorted, std::string_view id) {
    if (sorted.size() <= 4) // an edit's scope, usually
        return std::find(sorted.begin(), sorted.end(), id) != sorted.end();
    return std::binary_search(sorted.begin(), sorted.end(), id, std::less<>());
}

std::vector<std::string> sorted(std::vector<std::string> ids) {
    std::sort(ids.begin(), ids.end());
    return ids;
}

// The ids of the objects in scope, once per object that has them (an id
// used twice is there twice), sorted.
std::vector<std::string> idsInScope(const Project &project, const EditScope &scope) {
    std::vector<std::string> ids;
    const auto entities = sorted(scope.entities);
    for (const Entity &e : project.entities)
        if (among(entities, e.id)) {
            ids.push_back(e.id);
            forEachField(e, [&](const Field &f) { ids.push_back(f.id); });
        }
    const auto add = [&](const auto &items, const std::vector<std::string> &inScope) {
        const auto wanted = sorted(inScope);
        for (const auto &item : items)
            if (among(wanted, item.id))
                ids.push_back(item.id);
    };
    add(project.relationships, scope.relationships);
    add(project.accessPatterns, scope.accessPatterns);
    add(project.indexes, scope.indexes);
    std::sort(ids.begin(), ids.end());
    return ids;
}

// The ends and representation of each relationship in scope, one string
// each, in the project's order (EditCheck::m_endsBefore).
std::vector<std::string> endsInScope(const Project &project, const EditScope &scope) {
    std::vector<std::string> ends;
    const auto relationships = sorted(scope.relationships);
    for (const Relationship &r : project.relationships)
        if (among(relationships, r.id))
            ends.push_back(r.id + '\0' + r.parentId + '\0' + r.childId + '\0' +
                           std::to_string(static_cast<int>(r.representation)));
    return ends;
}

// The collection an entity roots when nothing embeds it.
const std::string &collectionNameOf(const Entity &e) { return e.collectionName.empty() ? e.name : e.collectionName; }

std::string relationshipLabel(const Relationship &r) {
    return "relationship " + inQuotes(r.name.empty() ? r.id : r.name);
}

std::string patternLabel(const AccessPattern &q) {
    return "access pattern " + inQuotes(q.name.empty() ? q.id : q.name);
}

} // namespace

Status ProjectValidator::run() {
    const Project &p = m_project;
    m_embeddedBy.assign(p.entities.size(), nullptr);
    std::size_t fields = 0;
    // Only a reservation hint: stops where checkFields stops descending.
    const std::function<void(const std::vector<Field> &, int)> count = [&](const auto &list,
                                                                           int depth) {
        fields += list.size();
        if (depth <= kMaxFieldDepth)
            for (const Field &f : list)
                count(f.fields, depth + 1);
    };
    for (const Entity &e : p.entities) {
        count(e.fields, 1);
        for (const Variant &v : e.variants)
            count(v.fields, 1);
    }
    m_fieldEntity.reserve(fields);
    m_ids.reserve(fields + p.entities.size() + p.relationships.size() + p.accessPatterns.size() +
                  p.indexes.size() + p.decisions.size());
    m_entityById.reserve(p.entities.size());
    m_entityByName.reserve(p.entities.size());
    bool ok = checkProject();
    for (std::size_t i = 0; ok && i < p.entities.size(); ++i)
        ok = checkEntity(i);
    ok = ok && checkFieldReferences();
    for (std::size_t i = 0; ok && i < p.relationships.size(); ++i)
        ok = checkRelationship(i);
    ok = ok && checkEmbeddingCycles() && checkCollections();
    for (std::size_t i = 0; ok && i < p.entities.size(); ++i)
        ok = checkDocumentKeys(i);
    for (std::size_t i = 0; ok && i < p.accessPatterns.size(); ++i)
        ok = checkAccessPattern(i);
    for (std::size_t i = 0; ok && i < p.indexes.size(); ++i)
        ok = checkIndex(i);
    for (std::size_t i = 0; ok && i < p.decisions.size(); ++i)
        ok = checkDecision(i);
    if (!ok)
        return m_error;
    return {};
}

bool ProjectValidator::runScoped(const EditScope &scope, const std::vector<std::string> &added,
                                 const std::vector<std::string> &removed, bool sameEnds) {
    if (scope.everything)
        return run().ok();
    const Project &p = m_project;
    std::vector<std::string> entities = scope.entities;
    std::vector<std::string> relationships = scope.relationships;
    std::sort(entities.begin(), entities.end());
    std::sort(relationships.begin(), relationships.end());
    if (!prepareScoped() || (scope.project && !checkProject()))
        return false;
    for (std::size_t i = 0; i < p.entities.size(); ++i)
        if (among(entities, p.entities[i].id) && !checkEntity(i))
            return false;
    if (!checkFieldReferences() || !appearOnce(added) || !unreferenced(removed))
        return false;
    // The relationships in scope and those of the entities in scope (their
    // copied fields must still be fields of the child).
    std::vector<std::string> embeddedChildren;
    for (std::size_t i = 0; i < p.relationships.size(); ++i) {
        const Relationship &r = p.relationships[i];
        const bool inScope = among(relationships, r.id);
        if (inScope)
            embeddedChildren.push_back(r.childId);
        if ((inScope || among(entities, r.parentId) || among(entities, r.childId)) && !checkRelationship(i))
            return false;
    }
    // The documents of the entities in scope, and of both ends of the
    // relationships in scope, hold each key once.
    {
        std::vector<std::string_view> ends(entities.begin(), entities.end());
        for (const Relationship &r : p.relationships)
            if (among(relationships, r.id) || among(entities, r.parentId) || among(entities, r.childId)) {
                ends.push_back(r.parentId);
                ends.push_back(r.childId);
            }
        std::sort(ends.begin(), ends.end());
        ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
        for (std::string_view id : ends)
            if (auto it = m_entityById.find(id); it != m_entityById.end() && !checkDocumentKeys(it->second))
                return false;
    }
    if (!sameEnds) {
        if (!(checkEmbeddingCycles() && checkCollections()))
            return false;
    } else {
        for (std::size_t i = 0; i < p.entities.size(); ++i)
            if (among(entities, p.entities[i].id) && !collectionNameFree(i))
                return false;
    }
    // The indexes in scope, and those of entities a relationship in scope
    // may have embedded; names are compared with the other indexes of the
    // same collection.
    std::sort(embeddedChildren.begin(), embeddedChildren.end());
    std::vector<std::string> indexes = scope.indexes;
    std::sort(indexes.begin(), indexes.end());
    std::vector<std::size_t> checked;
    std::vector<std::string> collections;
    for (std::size_t i = 0; i < p.indexes.size(); ++i)
        if (among(indexes, p.indexes[i].id) || among(embeddedChildren, p.indexes[i].entityId)) {
            checked.push_back(i);
            collections.push_back(p.indexes[i].entityId);
        }
    std::sort(collections.begin(), collections.end());
    for (std::size_t i = 0; i < p.indexes.size(); ++i) {
        const IndexSpec &ix = p.indexes[i];
        if (among(collections, ix.entityId) && !std::binary_search(checked.begin(), checked.end(), i))
            m_indexNames.emplace(ix.entityId + '\0' + indexName(ix), i);
    }
    for (std::size_t i : checked)
        if (!checkIndex(i))
            return false;
    std::vector<std::string> patterns = scope.accessPatterns;
    std::sort(patterns.begin(), patterns.end());
    for (std::size_t i = 0; i < p.accessPatterns.size(); ++i)
        if (among(patterns, p.accessPatterns[i].id) && !checkAccessPattern(i))
            return false;
    return true;
}

bool ProjectValidator::prepareScoped() {
    // Every entity's id and every embedding. In the valid project before
    // the edit these had no conflict, so one now points at the edit (and
    // the full run words it). The names of the entities in scope are
    // compared with the others' by checkEntity.
    const Project &p = m_project;
    m_scoped = true;
    m_entityById.reserve(p.entities.size());
    m_embeddedBy.assign(p.entities.size(), nullptr);
    for (std::size_t i = 0; i < p.entities.size(); ++i)
        if (!m_entityById.emplace(p.entities[i].id, i).second)
            return false;
    for (const Relationship &r : p.relationships) {
        if (!embedsChild(r.representation))
            continue;
        const auto child = m_entityById.find(r.childId);
        if (child == m_entityById.end() || !m_entityById.contains(r.parentId) || m_embeddedBy[child->second])
            return false;
        m_embeddedBy[child->second] = &r;
    }
    return true;
}

bool ProjectValidator::appearOnce(const std::vector<std::string> &ids) const {
    if (ids.empty())
        return true;
    std::vector<int> seen(ids.size(), 0);
    bool once = true;
    const auto count = [&](std::string_view id) {
        const auto it = std::lower_bound(ids.begin(), ids.end(), id, std::less<>());
        if (it != ids.end() && *it == id && ++seen[std::size_t(it - ids.begin())] > 1)
            once = false;
    };
    for (const Entity &e : m_project.entities) {
        count(e.id);
        forEachField(e, [&](const Field &f) { count(f.id); });
    }
    for (const auto &r : m_project.relationships)
        count(r.id);
    for (const auto &q : m_project.accessPatterns)
        count(q.id);
    for (const auto &ix : m_project.indexes)
        count(ix.id);
    for (const auto &d : m_project.decisions)
        count(d.id);
    return once;
}

bool ProjectValidator::unreferenced(const std::vector<std::string> &ids) const {
    if (ids.empty())
        return true;
    const auto refers = [&](const std::string &id) { return !id.empty() && among(ids, id); };
    for (const Entity &e : m_project.entities) {
        bool found = false;
        forEachField(e, [&](const Field &f) { found = found || refers(f.details->duplicatedFrom); });
        if (found)
            return false;
    }
    for (const auto &r : m_project.relationships)
        if (refers(r.parentId) || refers(r.childId) ||
            std::any_of(r.copiedFieldIds.begin(), r.copiedFieldIds.end(), refers))
            return false;
    for (const auto &q : m_project.accessPatterns)
        if (refers(q.entityId) || std::any_of(q.alsoReads.begin(), q.alsoReads.end(), refers))
            return false;
    for (const auto &ix : m_project.indexes)
        if (refers(ix.entityId))
            return false;
    return true;
}

bool ProjectValidator::fail(std::string message) {
    if (!m_failed) {
        m_failed = true;
        m_error = Error{m_path.toString(), std::move(message)};
    }
    return false;
}

bool ProjectValidator::failWithPath(std::string path, std::string message) {
    if (!m_failed) {
        m_failed = true;
        m_error = Error{std::move(path), std::move(message)};
    }
    return false;
}

bool ProjectValidator::failAt(std::string_view member, std::string message) {
    JsonPathScope scope(m_path, member);
    return fail(std::move(message));
}

bool ProjectValidator::finite(double value, std::string_view member, const Owner &owner) {
    if (std::isfinite(value))
        return true;
    return failAt(member, owner() + ": " + std::string(member) + " is " + formatNumber(value) +
                              "; it must be a finite number");
}

bool ProjectValidator::nonNegative(double value, std::string_view member, const Owner &owner) {
    if (!finite(value, member, owner))
        return false;
    if (value >= 0)
        return true;
    return failAt(member, owner() + ": " + std::string(member) + " " + formatNumber(value) +
                              " is negative");
}

bool ProjectValidator::countValue(double value, std::string_view member, const Owner &owner) {
    if (!nonNegative(value, member, owner))
        return false;
    // The server keeps a collection's count (collStats, the storage
    // engine's numRecords) and array sizes in signed 64-bit integers.
    constexpr double kCountLimit = 9223372036854775808.0; // 2^63, exact in a double
    if (value < kCountLimit)
        return true;
    return failAt(member, owner() + ": " + std::string(member) + " " + formatNumber(value) +
                              " is beyond the largest count, 2^63 - 1 (the server counts in 64-bit integers)");
}

bool ProjectValidator::fraction(double value, std::string_view member, const Owner &owner,
                                bool zeroAllowed) {
    if (!finite(value, member, owner))
        return false;
    if ((zeroAllowed ? value >= 0 : value > 0) && value <= 1)
        return true;
    return failAt(member, owner() + ": " + std::string(member) + " " + formatNumber(value) +
                              " is outside " + (zeroAllowed ? "[0, 1]" : "(0, 1]"));
}

bool ProjectValidator::atMost(double value, std::string_view member, std::string_view what,
                               const NumberCeiling &ceiling, const Owner &owner) {
    if (!nonNegative(value, member, owner))
        return false;
    if (value <= ceiling.limit)
        return true;
    return failAt(member, owner() + ": " + std::string(what) + " (" + std::string(member) + ") " +
                              formatNumber(value) + " is more than " + std::string(ceiling.words));
}

bool ProjectValidator::claimId(std::string_view id, std::string_view kind, const Owner &owner) {
    JsonPathScope scope(m_path, "id");
    if (id.empty())
        return fail(owner() + " has no id; every " + std::string(kind) + " needs one");
    if (!m_ids.insert(id).second)
        return fail(owner() + ": duplicate id " + inQuotes(id) + ", already used at " +
                    firstPathOf(id));
    return true;
}

std::string ProjectValidator::firstPathOf(std::string_view id) const {
    // The same order as run() claims ids in, so the first hit is the first use.
    std::string found;
    const std::function<bool(const std::vector<Field> &, const std::string &, int)> inFields =
        [&](const std::vector<Field> &fields, const std::string &path, int depth) {
            if (depth > kMaxFieldDepth)
                return false; // never claimed: checkFields stops there
            for (std::size_t i = 0; i < fields.size(); ++i) {
                const std::string at = path + ".fields[" + std::to_string(i) + "]";
                if (fields[i].id == id) {
                    found = at + ".id";
                    return true;
                }
                if (inFields(fields[i].fields, at, depth + 1))
                    return true;
            }
            return false;
        };
    const auto &p = m_project;
    for (std::size_t i = 0; i < p.entities.size(); ++i) {
        const std::string at = "$.entities[" + std::to_string(i) + "]";
        if (p.entities[i].id == id)
            return at + ".id";
        if (inFields(p.entities[i].fields, at, 1))
            return found;
        for (std::size_t v = 0; v < p.entities[i].variants.size(); ++v)
            if (inFields(p.entities[i].variants[v].fields,
                         at + ".variants[" + std::to_string(v) + "]", 1))
                return found;
    }
    const auto inList = [&](const auto &items, std::string_view name) {
        for (std::size_t i = 0; i < items.size(); ++i)
            if (items[i].id == id) {
                found = "$." + std::string(name) + "[" + std::to_string(i) + "].id";
                return true;
            }
        return false;
    };
    if (inList(p.relationships, "relationships") || inList(p.accessPatterns, "accessPatterns") ||
        inList(p.indexes, "indexes") || inList(p.decisions, "decisions"))
        return found;
    return "?";
}

bool ProjectValidator::checkFieldName(std::string_view name, const Owner &owner) {
    JsonPathScope scope(m_path, "name");
    if (name.empty())
        return fail(owner() + ": a field name cannot be empty");
    if (name.front() == '$')
        return fail(owner() + ": field name " + inQuotes(name) + " starts with '$'");
    if (name.find('.') != std::string_view::npos)
        return fail(owner() + ": field name " + inQuotes(name) + " contains '.'");
    if (name.find('\0') != std::string_view::npos)
        return fail(owner() + ": field name " + inQuotes(name) + " contains a NUL character");
    return true;
}

std::string ProjectValidator::entityLabel(const Entity &entity) const {
    return entity.name.empty() ? "entity with id " + inQuotes(entity.id)
                               : "entity " + inQuotes(entity.name);
}

std::string ProjectValidator::entityLabelById(std::string_view id) const {
    const auto it = m_entityById.find(id);
    return it == m_entityById.end() ? inQuotes(id) : inQuotes(m_project.entities[it->second].name);
}

std::string ProjectValidator::fieldLabel(const FieldContext &context) const {
    std::string dotted;
    for (std::string_view name : m_fieldNames) {
        if (!dotted.empty())
            dotted += '.';
        dotted += name;
    }
    std::string label = "entity " + inQuotes(context.entity);
    if (context.variant.data() != nullptr)
        label += " variant " + inQuotes(context.variant);
    return label + " field " + inQuotes(dotted);
}

bool ProjectValidator::checkProject() {
    const Project &p = m_project;
    const Owner owner = [] { return std::string("project"); };
    if (!atMost(p.ramGiB, "ramGiB", "RAM in GiB", kRam, owner) || !countValue(p.tenantCount, "tenantCount", owner))
        return false;
    if (p.growthDays < 0)
        return failAt("growthDays", "project: growthDays " + std::to_string(p.growthDays) +
                                        " is negative");
    if (!atMost(p.growthDays, "growthDays", "growth horizon in days", kDays, owner))
        return false;
    if (p.tenancy == Tenancy::SharedCollection && p.tenantField.empty())
        return failAt("tenantField",
                      "project: a shared-collection tenancy needs a tenantField name");
    if (!p.tenantField.empty() && !checkFieldName(p.tenantField, [] { return std::string("project tenantField"); }))
        return false;
    for (const auto &[name, value] : p.thresholds) {
        if (std::isfinite(value))
            continue;
        JsonPathScope scope(m_path, "thresholds");
        JsonPathScope key(m_path, name);
        return fail("project: threshold " + inQuotes(name) + " is " + formatNumber(value) +
                    "; it must be a finite number");
    }
    return true;
}

bool ProjectValidator::checkEntity(std::size_t index) {
    const Entity &e = m_project.entities[index];
    JsonPathScope scope(m_path, "entities", index);
    m_currentEntity = index;
    const Owner owner = [&] { return entityLabel(e); };
    if (!claimId(e.id, "entity", owner))
        return false;
    if (e.name.empty())
        return failAt("name", owner() + " has no name");
    if (m_scoped) {
        // Its name against every other's (the others had no conflict).
        for (std::size_t i = 0; i < m_project.entities.size(); ++i)
            if (i != index && m_project.entities[i].name == e.name)
                return false; // the full run words it
    } else {
        m_entityById.emplace(e.id, index);
        if (const auto [first, inserted] = m_entityByName.emplace(e.name, index); !inserted)
            return failAt("name", "duplicate entity name " + inQuotes(e.name) + ", also at $.entities[" +
                                      std::to_string(first->second) + "]");
    }
    if (!countValue(e.count, "count", owner) ||
        !countValue(e.growthPerDay, "growthPerDay", owner))
        return false;
    if (e.retentionDays && !atMost(*e.retentionDays, "retentionDays", "retention in days", kDays, owner))
        return false;
    if (e.schemaVersion && *e.schemaVersion < 0)
        return failAt("schemaVersion", owner() + ": schemaVersion " +
                                           std::to_string(*e.schemaVersion) + " is negative");

    {
        const FieldContext context{e.name, std::string_view()};
        for (const Field &field : e.fields)
            if (field.name == "_id") {
                JsonPathScope fields(m_path, "fields", static_cast<std::size_t>(&field - e.fields.data()));
                return failAt("name", owner() + ": '_id' is implicit and cannot be a field; set "
                                              "idType to choose its type");
            }
        if (!checkFields(e.fields, context, 1))
            return false;
    }
    if (!checkVariants(e))
        return false;

    if (e.timeSeries) {
        JsonPathScope ts(m_path, "timeSeries");
        if (e.timeSeries->timeField.empty())
            return failAt("timeField", owner() + ": a time-series collection needs a timeField");
        if (e.timeSeries->expireAfterSeconds && *e.timeSeries->expireAfterSeconds < 0)
            return failAt("expireAfterSeconds", owner() + ": expireAfterSeconds is negative");
        if (e.timeSeries->expireAfterSeconds &&
            !atMost(double(*e.timeSeries->expireAfterSeconds), "expireAfterSeconds", "expiry in seconds", kTtl, owner))
            return false;
    }
    {
        JsonPathScope stated(m_path, "stated");
        if (e.stated.documentBytes &&
            !atMost(*e.stated.documentBytes, "documentBytes", "stated document size in bytes", kSize, owner))
            return false;
        if (e.stated.maxArrayCount &&
            !atMost(*e.stated.maxArrayCount, "maxArrayCount", "stated largest array", kElements, owner))
            return false;
    }
    JsonPathScope position(m_path, "position");
    for (const auto &[value, member] : {std::pair(e.position.x, "x"), std::pair(e.position.y, "y")}) {
        if (!finite(value, member, owner))
            return false;
        if (std::fabs(value) > kCanvasExtent)
            return failAt(member, owner() + ": position on the diagram " + member + " = " + formatNumber(value) +
                                      " is beyond ±1,000,000, the canvas's extent");
    }
    return true;
}

bool ProjectValidator::checkVariants(const Entity &e) {
    const Owner owner = [&] { return entityLabel(e); };
    if (!e.discriminator.empty()) {
        bool found = false;
        for (const Field &field : e.fields)
            found = found || field.name == e.discriminator;
        if (!found)
            return failAt("discriminator", owner() + ": discriminator " + inQuotes(e.discriminator) +
                                               " is not a field of the entity");
    } else if (!e.variants.empty()) {
        return failAt("discriminator", owner() + " has variants but no discriminator field");
    }
    if (e.variants.empty())
        return true;
    double total = 0;
    std::unordered_set<std::string_view> values;
    for (std::size_t i = 0; i < e.variants.size(); ++i) {
        const Variant &v = e.variants[i];
        JsonPathScope scope(m_path, "variants", i);
        const Owner variantOwner = [&] { return owner() + " variant " + inQuotes(v.value); };
        if (!values.insert(v.value).second)
            return failAt("value", owner() + ": two variants have the value " + inQuotes(v.value));
        if (!fraction(v.share, "share", variantOwner, true))
            return false;
        total += v.share;
        if (!checkFields(v.fields, FieldContext{e.name, v.value}, 1, &e.fields))
            return false;
    }
    if (std::fabs(total - 1) > kShareTolerance)
        return failAt("variants", owner() + ": variant shares sum to " + formatApproximate(total) +
                                      ", not 1");
    return true;
}

bool ProjectValidator::checkFields(const std::vector<Field> &fields, const FieldContext &context,
                                   int depth, const std::vector<Field> *alsoInObject) {
    if (fields.empty())
        return true;
    if (depth > kMaxFieldDepth)
        return fail(fieldLabel(context) + ": fields nested more than " +
                    std::to_string(kMaxFieldDepth) + " levels deep");
    // Small objects (nearly all) are checked by a scan, large ones by a map.
    constexpr std::size_t kScanLimit = 32;
    const std::size_t outer = alsoInObject ? alsoInObject->size() : 0;
    const bool useMap = fields.size() + outer > kScanLimit;
    std::unordered_map<std::string_view, std::size_t> names;
    if (useMap && alsoInObject)
        for (const Field &field : *alsoInObject)
            names.emplace(field.name, SIZE_MAX);
    const auto earlier = [&](std::size_t i) -> std::size_t { // SIZE_MAX - 1: none
        const std::string_view name = fields[i].name;
        if (useMap) {
            const auto [it, inserted] = names.emplace(name, i);
            return inserted ? SIZE_MAX - 1 : it->second;
        }
        for (std::size_t k = 0; k < outer; ++k)
            if ((*alsoInObject)[k].name == name)
                return SIZE_MAX;
        for (std::size_t k = 0; k < i; ++k)
            if (fields[k].name == name)
                return k;
        return SIZE_MAX - 1;
    };
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const Field &field = fields[i];
        JsonPathScope scope(m_path, "fields", i);
        m_fieldNames.push_back(field.name);
        const std::size_t other = earlier(i);
        bool ok = true;
        if (other != SIZE_MAX - 1 && !field.name.empty()) {
            const std::string where = other == SIZE_MAX ? std::string("a field of the entity")
                                                        : "fields[" + std::to_string(other) + "]";
            ok = failAt("name", fieldLabel(context) + ": duplicate field name, also " + where);
        }
        ok = ok && checkField(field, context, depth);
        m_fieldNames.pop_back();
        if (!ok)
            return false;
    }
    return true;
}

bool ProjectValidator::checkField(const Field &f, const FieldContext &context, int depth) {
    const Owner owner = [&] { return fieldLabel(context); };
    if (!claimId(f.id, "field", owner) || !checkFieldName(f.name, owner))
        return false;
    m_fieldEntity.emplace(f.id, m_currentEntity);

    if (!fraction(f.presence, "presence", owner, false))
        return false;
    if (f.required && f.presence != 1)
        return failAt("presence", owner() + ": presence " + formatNumber(f.presence) +
                                      " but the field is required; set required to false");
    if (!atMost(f.avgBytes, "avgBytes", "average bytes", kSize, owner) ||
        !atMost(double(f.maxBytes), "maxBytes", "maximum bytes", kSize, owner))
        return false;
    if (f.maxBytes > 0 && f.avgBytes > static_cast<double>(f.maxBytes))
        return failAt("avgBytes", owner() + ": average size " + formatNumber(f.avgBytes) +
                                      " bytes exceeds the maximum " + std::to_string(f.maxBytes));
    if (!atMost(f.avgCount, "avgCount", "average count", kElements, owner) ||
        (f.maxCount && !atMost(double(*f.maxCount), "maxCount", "maximum count", kElements, owner)) ||
        (f.details->minItems && !atMost(double(*f.details->minItems), "minItems", "minimum items", kElements, owner)))
        return false;
    if (f.maxCount && f.avgCount > static_cast<double>(*f.maxCount))
        return failAt("avgCount", owner() + ": average count " + formatNumber(f.avgCount) +
                                      " exceeds the maximum " + std::to_string(*f.maxCount));
    if (f.maxCount && f.details->minItems && *f.details->minItems > *f.maxCount)
        return failAt("minItems", owner() + ": minItems " + std::to_string(*f.details->minItems) +
                                      " exceeds the maximum count " + std::to_string(*f.maxCount));
    if (!fraction(f.distinctFraction, "distinctFraction", owner, true) ||
        !atMost(f.countGrowthPerDay, "countGrowthPerDay", "elements added per day", kElements, owner) ||
        !fraction(f.nullFraction, "nullFraction", owner, true))
        return false;
    if ((f.details->minimum && !finite(*f.details->minimum, "minimum", owner)) ||
        (f.details->maximum && !finite(*f.details->maximum, "maximum", owner)))
        return false;
    if (f.details->minimum && f.details->maximum && *f.details->minimum > *f.details->maximum)
        return failAt("minimum", owner() + ": minimum " + formatNumber(*f.details->minimum) +
                                     " exceeds the maximum " + formatNumber(*f.details->maximum));
    if ((f.details->minLength && !atMost(double(*f.details->minLength), "minLength", "minimum length", kLength, owner)) ||
        (f.details->maxLength && !atMost(double(*f.details->maxLength), "maxLength", "maximum length", kLength, owner)))
        return false;
    if (f.details->minLength && f.details->maxLength && *f.details->minLength > *f.details->maxLength)
        return failAt("minLength", owner() + ": minLength " + std::to_string(*f.details->minLength) +
                                       " exceeds maxLength " + std::to_string(*f.details->maxLength));
    if (f.details->pattern)
        if (auto refusal = patternRefusal(*f.details->pattern))
            return failAt("pattern", owner() + ": the server would refuse pattern " + inQuotes(*f.details->pattern) +
                                         ": " + *refusal);
    if (f.details->map && !checkMap(f, owner))
        return false;
    if (!f.fields.empty() && !f.isObject() && !f.elementIsObject())
        return failAt("fields", owner() + ": has subfields but its type is " +
                                    std::string(toString(f.type)) +
                                    ", not object or array of objects");
    if (!f.details->duplicatedFrom.empty()) {
        if (f.details->duplicatedFrom == f.id)
            return failAt("duplicatedFrom", owner() + ": a field cannot duplicate itself");
        JsonPathScope scope(m_path, "duplicatedFrom");
        m_duplicatedFields.push_back(PendingReference{&f, m_path.toString(), owner()});
    }
    return checkFields(f.fields, context, depth + 1);
}

bool ProjectValidator::checkMap(const Field &f, const Owner &owner) {
    const MapKeys &m = *f.details->map;
    if (f.type != BsonType::Object)
        return failAt("map", owner() + ": a map is an object, but the field's type is " +
                                 std::string(toString(f.type)));
    if (f.fields.size() != 1)
        return failAt("fields", owner() + ": a map has one subfield, the value under every key (named " +
                                    std::string(kMapValueName) + "); it has " + std::to_string(f.fields.size()));
    if (f.fields[0].name != kMapValueName)
        return failAt("fields", owner() + ": the value of a map is named " + inQuotes(kMapValueName) + ", not " +
                                    inQuotes(f.fields[0].name));
    if (!f.fields[0].required)
        return failAt("fields", owner() + ": the value of a map is required: every key holds one");
    JsonPathScope scope(m_path, "map");
    if (!atMost(m.avgKeys, "avgKeys", "average keys", kElements, owner) ||
        !atMost(double(m.maxKeys), "maxKeys", "maximum keys", kElements, owner) ||
        !atMost(m.avgKeyBytes, "avgKeyBytes", "average key bytes", kSize, owner) ||
        !atMost(double(m.maxKeyBytes), "maxKeyBytes", "maximum key bytes", kSize, owner))
        return false;
    if (m.avgKeys > static_cast<double>(m.maxKeys))
        return failAt("avgKeys", owner() + ": average keys " + formatNumber(m.avgKeys) + " exceeds the maximum " +
                                     std::to_string(m.maxKeys));
    if (m.avgKeyBytes > static_cast<double>(m.maxKeyBytes))
        return failAt("avgKeyBytes", owner() + ": average key bytes " + formatNumber(m.avgKeyBytes) +
                                         " exceeds the maximum " + std::to_string(m.maxKeyBytes));
    if ((m.keys == MapKeyPattern::Regex) != !m.regex.empty())
        return failAt("regex", owner() + (m.regex.empty() ? ": keys \"regex\" needs a regex"
                                                            : ": a regex is for keys \"regex\" only, not \"" +
                                                                  std::string(toString(m.keys)) + "\""));
    if (!m.regex.empty())
        if (auto refusal = patternRefusal(m.regex))
            return failAt("regex", owner() + ": the server would refuse key pattern " + inQuotes(m.regex) + ": " +
                                       *refusal);
    return true;
}

std::size_t ProjectValidator::entityOfFieldId(std::string_view id) const {
    if (const auto it = m_fieldEntity.find(id); it != m_fieldEntity.end())
        return it->second;
    if (!m_scoped)
        return SIZE_MAX;
    // A scoped run indexed only the fields in scope: look through the rest.
    for (std::size_t i = 0; i < m_project.entities.size(); ++i) {
        const Entity &e = m_project.entities[i];
        bool found = containsField(e.fields, id);
        for (const Variant &v : e.variants)
            found = found || containsField(v.fields, id);
        if (found)
            return i;
    }
    return SIZE_MAX;
}

bool ProjectValidator::checkFieldReferences() {
    for (const PendingReference &ref : m_duplicatedFields) {
        const std::string &source = ref.field->details->duplicatedFrom;
        if (entityOfFieldId(source) == SIZE_MAX) {
            return failWithPath(ref.path, ref.label + ": duplicatedFrom " + inQuotes(source) +
                        " is not the id of a field");
        }
    }
    return true;
}

bool ProjectValidator::checkRelationship(std::size_t index) {
    const Relationship &r = m_project.relationships[index];
    JsonPathScope scope(m_path, "relationships", index);
    const Owner owner = [&] { return relationshipLabel(r); };
    if (!claimId(r.id, "relationship", owner))
        return false;
    const auto parent = m_entityById.find(r.parentId);
    if (parent == m_entityById.end())
        return failAt("parentId", owner() + ": parent " + inQuotes(r.parentId) +
                                      " is not the id of an entity");
    const auto child = m_entityById.find(r.childId);
    if (child == m_entityById.end())
        return failAt("childId", owner() + ": child " + inQuotes(r.childId) +
                                     " is not the id of an entity");
    if (!countValue(r.avgChildren, "avgChildren", owner) ||
        !countValue(r.growthPerParentPerDay, "growthPerParentPerDay", owner) ||
        !atMost(double(r.subsetCount), "subsetCount", "subset size", kElements, owner) ||
        !atMost(double(r.bucketSize), "bucketSize", "bucket size", kElements, owner))
        return false;
    if (r.maxChildren && r.avgChildren > static_cast<double>(*r.maxChildren))
        return failAt("avgChildren", owner() + ": average children " + formatNumber(r.avgChildren) +
                                         " exceeds the maximum " + std::to_string(*r.maxChildren));
    if (!fraction(r.presence, "presence", owner, false))
        return false;
    if (r.presence != 1 && r.representation != Representation::EmbedOne &&
        r.representation != Representation::EmbedArray)
        return failAt("presence", owner() + ": presence " + formatNumber(r.presence) + " with representation " +
                                      std::string(toString(r.representation)) +
                                      "; only an embedded field (embedOne, embedArray) can be absent");
    // The parents that hold the field hold every child: avgChildren /
    // presence each, which the maximum bounds (one for a subdocument). The
    // relative slack keeps an import whose arrays are all full (avgChildren
    // and presence from one division each) from failing by a rounding.
    const std::optional<std::uint64_t> perHolder =
        r.representation == Representation::EmbedOne ? std::optional<std::uint64_t>(1) : r.maxChildren;
    if (perHolder && r.presence < 1 && r.avgChildren > r.presence * static_cast<double>(*perHolder) * (1 + 1e-12))
        return failAt("presence", owner() + ": presence " + formatNumber(r.presence) + " puts " +
                                      formatNumber(r.avgChildren / r.presence) +
                                      " children in each parent that holds the field (avgChildren " +
                                      formatNumber(r.avgChildren) + " / presence), more than the maximum " +
                                      std::to_string(*perHolder));
    if (!r.fieldName.empty() && !checkFieldName(r.fieldName, [&] { return owner() + " fieldName"; }))
        return false;
    if (!r.backFieldName.empty() && !checkFieldName(r.backFieldName, [&] { return owner() + " backFieldName"; }))
        return false;
    for (std::size_t i = 0; i < r.copiedFieldIds.size(); ++i) {
        const std::string &id = r.copiedFieldIds[i];
        const std::size_t holder = entityOfFieldId(id);
        if (holder == SIZE_MAX) {
            JsonPathScope copied(m_path, "copiedFieldIds", i);
            return fail(owner() + ": copied field " + inQuotes(id) + " is not the id of a field");
        }
        if (holder != child->second) {
            JsonPathScope copied(m_path, "copiedFieldIds", i);
            return fail(owner() + ": copied field " + inQuotes(id) + " belongs to " +
                        entityLabel(m_project.entities[holder]) +
                        ", not to the child " + entityLabelById(r.childId));
        }
    }
    if (embedsChild(r.representation)) {
        if (r.parentId == r.childId)
            return failAt("childId", "embedding cycle: " + owner() + " embeds " +
                                         entityLabelById(r.childId) + " in itself");
        // A scoped run has placed every embedding already.
        const Relationship *&embedder = m_embeddedBy[child->second];
        if (embedder && embedder != &r)
            return failAt("childId",
                          owner() + ": " + entityLabelById(r.childId) +
                              " is already embedded by " + relationshipLabel(*embedder) +
                              "; an entity is embedded in one place only (model the second "
                              "place as its own entity)");
        embedder = &r;
    }
    return true;
}

bool ProjectValidator::checkEmbeddingCycles() {
    // Every entity has at most one embedding parent (checkRelationship), so
    // following parents from any entity either ends at a collection root or
    // comes back to an entity seen on this walk.
    const auto &entities = m_project.entities;
    std::vector<int> state(entities.size(), 0); // 0 unvisited, 1 on the current walk, 2 done
    for (std::size_t start = 0; start < entities.size(); ++start) {
        std::vector<std::size_t> walk;
        std::size_t at = start;
        while (state[at] == 0) {
            state[at] = 1;
            walk.push_back(at);
            const Relationship *r = m_embeddedBy[at];
            if (!r)
                break;
            at = m_entityById.at(r->parentId);
        }
        if (state[at] == 1 && m_embeddedBy[at]) {
            // `at` is on the cycle: describe it from there.
            std::string chain = inQuotes(entities[at].name);
            std::size_t cursor = at;
            std::size_t firstRelationship = SIZE_MAX;
            do {
                const Relationship *r = m_embeddedBy[cursor];
                firstRelationship =
                    std::min(firstRelationship,
                             static_cast<std::size_t>(r - m_project.relationships.data()));
                cursor = m_entityById.at(r->parentId);
                chain = inQuotes(entities[cursor].name) + " embeds " + chain;
            } while (cursor != at);
            return failWithPath("$.relationships[" + std::to_string(firstRelationship) + "]",
                                "embedding cycle: " + chain +
                        "; one of these relationships must be a reference");
        }
        for (std::size_t i : walk)
            state[i] = 2;
    }
    return true;
}

bool ProjectValidator::checkDocumentKeys(std::size_t index) {
    const Project &p = m_project;
    if (!m_relationshipsIndexed) {
        for (std::size_t i = 0; i < p.relationships.size(); ++i) {
            m_relationshipsOf[p.relationships[i].parentId].push_back(i);
            if (p.relationships[i].childId != p.relationships[i].parentId)
                m_relationshipsOf[p.relationships[i].childId].push_back(i);
        }
        m_relationshipsIndexed = true;
    }
    const Entity &e = p.entities[index];
    // key -> what put it there, in the reader's words
    std::unordered_map<std::string, std::string> keys;
    for (const Field &f : e.fields)
        keys.emplace(f.name, "field " + inQuotes(f.name));
    const auto find = [&](std::string_view id) -> const Entity * {
        auto it = m_entityById.find(id);
        return it == m_entityById.end() ? nullptr : &p.entities[it->second];
    };
    const auto it = m_relationshipsOf.find(e.id);
    if (it == m_relationshipsOf.end())
        return true;
    for (std::size_t i : it->second) {
        const Relationship &r = p.relationships[i];
        const Entity *parent = find(r.parentId);
        const Entity *child = find(r.childId);
        if (!parent || !child)
            continue;
        // A relationship of an entity with itself adds both keys to it.
        for (const bool parentSide : {false, true}) {
            if ((parentSide ? r.parentId : r.childId) != e.id)
                continue;
            const auto key = parentSide ? parentSideKey(r, *child) : childSideKey(r, *parent);
            if (!key)
                continue;
            std::string source = std::string(parentSide ? "the " : "the reference of ") + relationshipLabel(r);
            const auto [at, inserted] = keys.emplace(*key, source);
            if (!inserted) {
                JsonPathScope scope(m_path, "relationships", i);
                return failAt(parentSide ? "fieldName" : (r.representation == Representation::ReferenceFromChild
                                                               ? "fieldName"
                                                               : "backFieldName"),
                              entityLabel(e) + ": its documents would hold the key " + inQuotes(*key) +
                                  " twice: " + at->second + " and " + source +
                                  "; rename one, or let the relationship use the field");
            }
        }
    }
    return true;
}

bool ProjectValidator::checkCollections() {
    std::unordered_map<std::string_view, std::size_t> collections;
    for (std::size_t i = 0; i < m_project.entities.size(); ++i) {
        if (m_embeddedBy[i])
            continue;
        const Entity &e = m_project.entities[i];
        const std::string &name = collectionNameOf(e);
        const std::string_view member = e.collectionName.empty() ? "name" : "collectionName";
        JsonPathScope scope(m_path, "entities", i);
        if (name.find('$') != std::string::npos || name.find('\0') != std::string::npos)
            return failAt(member, entityLabel(e) + ": collection name " + inQuotes(name) +
                                      " contains '$' or a NUL character");
        const auto [it, inserted] = collections.emplace(name, i);
        if (!inserted)
            return failAt(member, entityLabel(e) + ": duplicate collection name " + inQuotes(name) +
                                      ", also the collection of " +
                                      entityLabel(m_project.entities[it->second]));
    }
    return true;
}

bool ProjectValidator::collectionNameFree(std::size_t index) const {
    const auto &entities = m_project.entities;
    if (m_embeddedBy[index])
        return true;
    const std::string &name = collectionNameOf(entities[index]);
    if (name.find('$') != std::string::npos || name.find('\0') != std::string::npos)
        return false;
    for (std::size_t i = 0; i < entities.size(); ++i)
        if (i != index && !m_embeddedBy[i] && collectionNameOf(entities[i]) == name)
            return false;
    return true;
}

bool ProjectValidator::checkAccessPattern(std::size_t index) {
    const AccessPattern &q = m_project.accessPatterns[index];
    JsonPathScope scope(m_path, "accessPatterns", index);
    const Owner owner = [&] { return patternLabel(q); };
    if (!claimId(q.id, "access pattern", owner))
        return false;
    if (!m_entityById.contains(q.entityId))
        return failAt("entityId", owner() + ": entity " + inQuotes(q.entityId) +
                                      " is not the id of an entity");
    for (std::size_t i = 0; i < q.alsoReads.size(); ++i)
        if (!m_entityById.contains(q.alsoReads[i])) {
            JsonPathScope also(m_path, "alsoReads", i);
            return fail(owner() + ": alsoReads " + inQuotes(q.alsoReads[i]) +
                        " is not the id of an entity");
        }
    const auto checkPaths = [&](const std::vector<std::string> &paths, std::string_view member) {
        for (std::size_t i = 0; i < paths.size(); ++i)
            if (paths[i].empty()) {
                JsonPathScope item(m_path, member, i);
                return fail(owner() + ": an empty field path in " + std::string(member));
            }
        return true;
    };
    if (!checkPaths(q.equality, "equality") || !checkPaths(q.range, "range") ||
        !checkPaths(q.fieldsReturned, "fieldsReturned"))
        return false;
    for (std::size_t i = 0; i < q.sort.size(); ++i) {
        JsonPathScope sort(m_path, "sort", i);
        if (q.sort[i].path.empty())
            return failAt("path", owner() + ": a sort key has an empty path");
        if (q.sort[i].direction != 1 && q.sort[i].direction != -1)
            return failAt("direction", owner() + ": sort direction " +
                                           std::to_string(q.sort[i].direction) + " on " +
                                           inQuotes(q.sort[i].path) + " must be 1 or -1");
    }
    return atMost(q.frequencyPerSecond, "frequencyPerSecond", "operations per second", kRate, owner) &&
           atMost(q.latencyBudgetMs, "latencyBudgetMs", "latency budget", kLatency, owner);
}

bool ProjectValidator::checkIndex(std::size_t index) {
    const IndexSpec &ix = m_project.indexes[index];
    JsonPathScope scope(m_path, "indexes", index);
    std::size_t entityIndex = SIZE_MAX;
    const Owner owner = [&] {
        std::string label = "index " + inQuotes(ix.name.empty() ? ix.id : ix.name);
        if (entityIndex != SIZE_MAX)
            label += " on " + entityLabel(m_project.entities[entityIndex]);
        return label;
    };
    if (!claimId(ix.id, "index", owner))
        return false;
    const auto entity = m_entityById.find(ix.entityId);
    if (entity == m_entityById.end())
        return failAt("entityId", owner() + ": entity " + inQuotes(ix.entityId) +
                                      " is not the id of an entity");
    entityIndex = entity->second;
    // A bucketed entity is the root of its bucket collection
    // (CollectionShape::rootEntityId), and its indexes go there.
    if (const Relationship *embedder = m_embeddedBy[entity->second];
        embedder && embedder->representation != Representation::Bucket)
        return failAt("entityId", owner() + ": the entity is embedded in " +
                                      entityLabelById(embedder->parentId) +
                                      " and has no collection; index that entity instead");
    if (ix.keys.empty())
        return failAt("keys", owner() + " has no keys");
    if (ix.keys.size() > kMaxIndexKeys)
        return failAt("keys", owner() + " has " + std::to_string(ix.keys.size()) +
                                  " keys; a compound index has at most " +
                                  std::to_string(kMaxIndexKeys));
    std::unordered_set<std::string_view> paths;
    for (std::size_t i = 0; i < ix.keys.size(); ++i) {
        const IndexKey &key = ix.keys[i];
        JsonPathScope keyScope(m_path, "keys", i);
        if (key.path.empty())
            return failAt("path", owner() + ": a key has an empty path");
        if (!paths.insert(key.path).second)
            return failAt("path", owner() + ": the key " + inQuotes(key.path) + " appears twice");
        if (!isIndexKind(key.kind))
            return failAt("kind", owner() + ": key kind " + inQuotes(key.kind) +
                                      " is not one of 1, -1, hashed, text, 2dsphere, 2d");
    }
    if (!fraction(ix.partialSelectivity, "partialSelectivity", owner, false))
        return false;
    if (ix.expireAfterSeconds && *ix.expireAfterSeconds < 0)
        return failAt("expireAfterSeconds", owner() + ": expireAfterSeconds is negative");
    if (ix.expireAfterSeconds &&
        !atMost(double(*ix.expireAfterSeconds), "expireAfterSeconds", "expiry in seconds", kTtl, owner))
        return false;
    if (ix.collation && (ix.collation->strength < 1 || ix.collation->strength > 5)) {
        JsonPathScope collation(m_path, "collation");
        return failAt("strength", owner() + ": collation strength " +
                                      std::to_string(ix.collation->strength) +
                                      " is not from 1 to 5");
    }
    const std::string name = indexName(ix);
    const auto [other, inserted] = m_indexNames.emplace(ix.entityId + '\0' + name, index);
    if (!inserted)
        return failAt("name", owner() + ": another index of the same collection has the name " +
                                  inQuotes(name) + " ($.indexes[" + std::to_string(other->second) +
                                  "])");
    return true;
}

bool ProjectValidator::checkDecision(std::size_t index) {
    const Decision &d = m_project.decisions[index];
    JsonPathScope scope(m_path, "decisions", index);
    return claimId(d.id, "decision",
                   [&] { return "decision " + inQuotes(d.title.empty() ? d.id : d.title); });
}

} // namespace io

EditScope &EditScope::merge(const EditScope &other) {
    everything = everything || other.everything;
    project = project || other.project;
    const auto add = [](std::vector<std::string> &to, const std::vector<std::string> &from) {
        to.insert(to.end(), from.begin(), from.end());
    };
    add(entities, other.entities);
    add(relationships, other.relationships);
    add(accessPatterns, other.accessPatterns);
    add(indexes, other.indexes);
    return *this;
}

EditCheck::EditCheck(const Project &before, EditScope scope) : m_scope(std::move(scope)) {
    if (!m_scope.everything) {
        m_idsBefore = io::idsInScope(before, m_scope);
        m_endsBefore = io::endsInScope(before, m_scope);
    }
}

Status EditCheck::check(const Project &after) const {
    if (m_scope.everything)
        return validateProject(after);
    const std::vector<std::string> idsAfter = io::idsInScope(after, m_scope);
    std::vector<std::string> added;
    std::vector<std::string> removed;
    std::set_difference(idsAfter.begin(), idsAfter.end(), m_idsBefore.begin(), m_idsBefore.end(),
                        std::back_inserter(added));
    std::set_difference(m_idsBefore.begin(), m_idsBefore.end(), idsAfter.begin(), idsAfter.end(),
                        std::back_inserter(removed));
    const bool sameEnds = io::endsInScope(after, m_scope) == m_endsBefore;
    if (io::ProjectValidator(after).runScoped(m_scope, added, removed, sameEnds))
        return {};
    return validateProject(after);
}

} // namespace docshape
