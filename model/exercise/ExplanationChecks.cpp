#include "exercise/CheckKinds.h"

#include "core/IndexSpec.h"
#include "core/ObjectNames.h"
#include "derive/DeriveCollections.h"
#include "exercise/Explanation.h"
#include "export/ValidatorExporter.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace docshape::exercise {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

bool isNone(std::string_view s) {
    s = trim(s);
    std::string lower(s);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    return lower == "none" || lower == "-" || lower == "n/a";
}

CheckResult result(const char *id, const char *says, bool passed, std::string reason, FindingTarget target = {}) {
    return CheckResult{id, says, passed, std::move(reason), std::move(target)};
}

constexpr const char *kGiven = "The explanation states the boundary, its assumption, the array bound, the "
                               "source "
                               "of truth, the tenant constraint and the index of the main read";
constexpr const char *kBound = "The stated array bound is the model's maximum "
                               "and the validator enforces it";
constexpr const char *kSource = "The stated source of truth is the duplicated field's duplicatedFrom";
constexpr const char *kTenant = "The stated tenant constraint is the model's "
                                "tenant field, on the main read";
constexpr const char *kIndex = "The stated index exists and serves the main read";

const Field *fieldByPath(const std::vector<Field> &fields, std::string_view path) {
    const std::vector<Field> *at = &fields;
    const Field *found = nullptr;
    while (!path.empty()) {
        const std::size_t dot = path.find('.');
        const std::string_view key = path.substr(0, dot);
        path = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1);
        found = nullptr;
        for (const auto &f : *at)
            if (f.name == key)
                found = &f;
        if (!found)
            return nullptr;
        at = &found->fields;
    }
    return found;
}

struct Main {
    const AccessPattern *pattern = nullptr;
    const AccessCost *cost = nullptr;
    const CollectionShape *shape = nullptr;
    const CollectionStat *stat = nullptr;
};

Main mainRead(const CheckContext &ctx) {
    Main m;
    for (const auto &q : ctx.project.accessPatterns)
        if (q.name == ctx.exercise.mainRead)
            m.pattern = &q;
    if (!m.pattern)
        return m;
    for (const auto &c : ctx.advice.accessPatterns)
        if (c.patternId == m.pattern->id)
            m.cost = &c;
    m.shape = collectionOf(ctx.analysis.derived, m.pattern->entityId);
    if (m.shape) {
        const std::size_t i = static_cast<std::size_t>(m.shape - ctx.analysis.derived.collections.data());
        if (i < ctx.analysis.collections.size())
            m.stat = &ctx.analysis.collections[i];
    }
    return m;
}

CheckResult arrayBound(const Explanation &x, const Main &m, const CheckContext &ctx) {
    if (!m.stat)
        return result("explain.array-bound", kBound, false, "the main read '" + ctx.exercise.mainRead + "' is missing");
    if (isNone(x.arrayBound)) {
        if (m.stat->arrays.empty())
            return result("explain.array-bound", kBound, true,
                          "none: the " + m.stat->name + " documents hold no array");
        return result("explain.array-bound", kBound, false,
                      "the explanation says no array, but the " + m.stat->name + " documents hold '" +
                          m.stat->arrays.front().path + "'",
                      {"collection", "", m.stat->name});
    }
    // "items <= 50", "items: 50" or "items 50".
    std::string_view text = trim(x.arrayBound);
    const std::size_t digits = text.find_first_of("0123456789");
    std::uint64_t bound = 0;
    std::string_view path = text.substr(0, digits);
    while (!path.empty() && (path.back() == ' ' || path.back() == '<' || path.back() == '=' || path.back() == ':'))
        path.remove_suffix(1);
    const bool parsed = digits != std::string_view::npos &&
                        std::from_chars(text.data() + digits, text.data() + text.size(), bound).ec == std::errc();
    if (!parsed || path.empty())
        return result("explain.array-bound", kBound, false, "'" + std::string(text) + "' is not 'PATH <= N' or 'none'");
    // "collection.path" names an array of another collection than the main
    // read's.
    const CollectionShape *shape = m.shape;
    const CollectionStat *stat = m.stat;
    for (std::size_t i = 0; i < ctx.analysis.collections.size(); ++i) {
        const std::string &name = ctx.analysis.collections[i].name;
        if (path.size() > name.size() + 1 && path.substr(0, name.size()) == name && path[name.size()] == '.') {
            shape = &ctx.analysis.derived.collections[i];
            stat = &ctx.analysis.collections[i];
            path.remove_prefix(name.size() + 1);
            break;
        }
    }
    const auto a =
        std::find_if(stat->arrays.begin(), stat->arrays.end(), [&](const ArrayStat &s) { return s.path == path; });
    if (a == stat->arrays.end())
        return result("explain.array-bound", kBound, false,
                      "the " + stat->name + " documents have no array '" + std::string(path) + "'",
                      {"collection", "", stat->name});
    const std::string where = stat->name + "." + std::string(path);
    if (!a->maxCount || *a->maxCount != bound)
        return result("explain.array-bound", kBound, false,
                      "the explanation says " + std::to_string(bound) + " but the model's maximum of '" + where +
                          "' is " + (a->maxCount ? std::to_string(*a->maxCount) : std::string("unbounded")),
                      {"field", "", where});
    auto schema = validatorFor(ctx.project, *shape);
    const ShapeNode *node = nullptr;
    for (const auto &n : shape->shape.fields)
        if (n.name == path)
            node = &n;
    const bool bySelf = node && (node->origin == NodeOrigin::Subset || node->origin == NodeOrigin::Bucket);
    const bool enforced = bySelf || (schema && maxItemsAt(*schema, path) == bound);
    if (!enforced)
        return result("explain.array-bound", kBound, false,
                      "'" + where + "' is bounded at " + std::to_string(bound) +
                          " but the validator does not enforce it (no maxItems)",
                      {"field", "", where});
    return result("explain.array-bound", kBound, true,
                  "'" + where + "' <= " + std::to_string(bound) +
                      (bySelf ? ", kept by the pattern" : ", maxItems in the validator"),
                  {"field", "", where});
}

CheckResult sourceOfTruth(const Explanation &x, const CheckContext &ctx) {
    const Project &p = ctx.project;
    if (isNone(x.sourceOfTruth)) {
        for (const auto &r : p.relationships)
            if (r.representation == Representation::ExtendedReference || r.representation == Representation::Subset)
                return result("explain.source-of-truth", kSource, false,
                              "the explanation says nothing is duplicated, but '" + relationshipName(p, r) +
                                  "' copies fields",
                              {"relationship", r.id, relationshipLabel(p, r)});
        for (const auto &e : p.entities)
            for (const auto &f : e.fields)
                if (!f.details->duplicatedFrom.empty())
                    return result("explain.source-of-truth", kSource, false,
                                  "the explanation says nothing is duplicated, but " + e.name + "." + f.name +
                                      " copies another field",
                                  {"field", f.id, e.name + "." + f.name});
        return result("explain.source-of-truth", kSource, true, "none: no field is duplicated");
    }
    std::string_view rest = x.sourceOfTruth;
    std::size_t stated = 0;
    while (!rest.empty()) {
        const std::size_t semi = rest.find(';');
        const std::string_view item = trim(rest.substr(0, semi));
        rest = semi == std::string_view::npos ? std::string_view() : rest.substr(semi + 1);
        if (item.empty())
            continue;
        ++stated;
        const std::size_t arrow = item.find("<-");
        if (arrow == std::string_view::npos)
            return result("explain.source-of-truth", kSource, false,
                          "'" + std::string(item) + "' is not 'COPY <- SOURCE' (Entity.field <- Entity.field)");
        const std::string copyName(trim(item.substr(0, arrow)));
        const std::string sourceName(trim(item.substr(arrow + 2)));
        auto resolve = [&](const std::string &q) -> std::pair<const Entity *, const Field *> {
            const std::size_t dot = q.find('.');
            const Entity *e = dot == std::string::npos ? nullptr : p.findEntityByName(q.substr(0, dot));
            return {e, e ? fieldByPath(e->fields, std::string_view(q).substr(dot + 1)) : nullptr};
        };
        const auto [sourceEntity, source] = resolve(sourceName);
        if (!source)
            return result("explain.source-of-truth", kSource, false, "the model has no field " + sourceName);
        const auto [copyEntity, copy] = resolve(copyName);
        if (copy) {
            if (copy->details->duplicatedFrom != source->id)
                return result("explain.source-of-truth", kSource, false,
                              copyName + " does not name " + sourceName + " as its source (duplicatedFrom is " +
                                  (copy->details->duplicatedFrom.empty() ? std::string("empty")
                                                                         : "'" + copy->details->duplicatedFrom + "'") +
                                  ")",
                              {"field", copy->id, copyName});
            continue;
        }
        // A copy an extended reference or a subset makes: "Order.customer.name".
        bool viaRelationship = false;
        if (copyEntity) {
            const std::size_t dot = copyName.find('.');
            const std::string key = copyName.substr(dot + 1, copyName.find('.', dot + 1) - dot - 1);
            for (const auto &r : p.relationships)
                if ((r.representation == Representation::ExtendedReference ||
                     r.representation == Representation::Subset) &&
                    r.parentId == copyEntity->id && r.childId == sourceEntity->id && r.fieldName == key &&
                    (r.copiedFieldIds.empty() ||
                     std::find(r.copiedFieldIds.begin(), r.copiedFieldIds.end(), source->id) != r.copiedFieldIds.end()))
                    viaRelationship = true;
        }
        if (!viaRelationship)
            return result("explain.source-of-truth", kSource, false,
                          "the model has no copy " + copyName + " of " + sourceName);
    }
    if (stated == 0)
        return result("explain.source-of-truth", kSource, false, "no source of truth is stated");
    return result("explain.source-of-truth", kSource, true, std::string(trim(x.sourceOfTruth)));
}

CheckResult tenant(const Explanation &x, const Main &m, const CheckContext &ctx) {
    const Project &p = ctx.project;
    const bool shared = p.tenancy == Tenancy::SharedCollection;
    const bool scoped =
        std::any_of(p.entities.begin(), p.entities.end(), [](const Entity &e) { return e.tenantScoped; });
    if (isNone(x.tenantConstraint)) {
        if (shared && scoped)
            return result("explain.tenant", kTenant, false,
                          "the explanation says none, but the project scopes collections by '" + p.tenantField + "'",
                          {"project", "", p.name});
        return result("explain.tenant", kTenant, true, "none: the model is not shared between tenants by a field");
    }
    const std::string field(trim(x.tenantConstraint));
    if (!shared || p.tenantField != field)
        return result("explain.tenant", kTenant, false,
                      "the explanation names '" + field + "' but the project " +
                          (shared ? "scopes by '" + p.tenantField + "'"
                                  : "has tenancy '" + std::string(toString(p.tenancy)) + "'"),
                      {"project", "", p.name});
    if (!m.pattern || !m.pattern->tenantScoped)
        return result("explain.tenant", kTenant, false,
                      "the main read '" + ctx.exercise.mainRead + "' does not carry the tenant constraint",
                      m.pattern ? FindingTarget{"accessPattern", m.pattern->id, m.pattern->name} : FindingTarget{});
    return result("explain.tenant", kTenant, true, "'" + field + "' on every tenant-scoped read");
}

CheckResult index(const Explanation &x, const Main &m, const CheckContext &ctx) {
    if (!m.cost)
        return result("explain.index", kIndex, false, "the main read '" + ctx.exercise.mainRead + "' is missing");
    const std::string named(trim(x.index));
    const FindingTarget target{"accessPattern", m.pattern->id, m.pattern->name};
    const bool exists = named == "_id_" || std::any_of(ctx.project.indexes.begin(), ctx.project.indexes.end(),
                                                       [&](const IndexSpec &i) { return indexName(i) == named; });
    if (!exists)
        return result("explain.index", kIndex, false, "the model has no index named '" + named + "'", target);
    if (m.cost->index != named)
        return result("explain.index", kIndex, false,
                      "'" + ctx.exercise.mainRead + "' is served by " + m.cost->index + ", not by " + named, target);
    return result("explain.index", kIndex, true, "'" + ctx.exercise.mainRead + "' is served by " + named, target);
}

} // namespace

std::vector<CheckResult> explanationChecks(const CheckContext &ctx) {
    std::vector<CheckResult> out;
    const auto x = explanationOf(ctx.project);
    if (!x) {
        out.push_back(result("explain.given", kGiven, false,
                             "the model has no decision titled '" + std::string(kExplanationTitle) + "'"));
        return out;
    }
    std::vector<std::string> missing;
    if (trim(x->boundary).empty())
        missing.emplace_back("boundary");
    if (trim(x->assumption).empty())
        missing.emplace_back("assumption");
    if (trim(x->arrayBound).empty())
        missing.emplace_back("array bound");
    if (trim(x->sourceOfTruth).empty())
        missing.emplace_back("source of truth");
    if (trim(x->tenantConstraint).empty())
        missing.emplace_back("tenant constraint");
    if (trim(x->index).empty())
        missing.emplace_back("index");
    std::string list;
    for (const auto &s : missing)
        list += (list.empty() ? "" : ", ") + s;
    out.push_back(result("explain.given", kGiven, missing.empty(),
                         missing.empty() ? "every statement is given" : "not stated: " + list));
    const Main m = mainRead(ctx);
    if (!trim(x->arrayBound).empty())
        out.push_back(arrayBound(*x, m, ctx));
    if (!trim(x->sourceOfTruth).empty())
        out.push_back(sourceOfTruth(*x, ctx));
    if (!trim(x->tenantConstraint).empty())
        out.push_back(tenant(*x, m, ctx));
    if (!trim(x->index).empty())
        out.push_back(index(*x, m, ctx));
    return out;
}

} // namespace docshape::exercise
