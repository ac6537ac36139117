#include "diff/DiffReport.h"

#include "advisor/AdviceJson.h"
#include "util/Units.h"

#include <cmath>
#include <cstdio>

namespace docshape {

using nlohmann::ordered_json;

std::string displayValue(const ordered_json &value) {
    if (value.is_null())
        return "unset";
    if (value.is_number_float()) {
        const double d = value.get<double>();
        char buf[32];
        if (std::fabs(d) < 1e15 && d == std::floor(d))
            std::snprintf(buf, sizeof buf, "%.0f", d);
        else
            std::snprintf(buf, sizeof buf, "%.4g", d);
        return buf;
    }
    return value.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

namespace {

using units::bytesText;

std::string maxText(const CollectionFigures &f) {
    return f.maxDocumentBytes ? bytesText(double(*f.maxDocumentBytes)) : std::string("unbounded");
}

std::string countText(double n) { return units::numberText(std::round(n * 10) / 10); }

char sign(ChangeKind k) {
    switch (k) {
    case ChangeKind::Added:
        return '+';
    case ChangeKind::Removed:
        return '-';
    default:
        return '~';
    }
}

} // namespace

std::string_view heading(ObjectKind k) {
    switch (k) {
    case ObjectKind::Project:
        return "Project";
    case ObjectKind::Entity:
        return "Entities";
    case ObjectKind::Field:
        return "Fields";
    case ObjectKind::Relationship:
        return "Relationships";
    case ObjectKind::AccessPattern:
        return "Access patterns";
    case ObjectKind::Index:
        return "Indexes";
    case ObjectKind::Decision:
        return "Decisions";
    }
    return "";
}

namespace {

constexpr ObjectKind kKinds[] = {ObjectKind::Project,       ObjectKind::Entity, ObjectKind::Field,
                                 ObjectKind::Relationship, ObjectKind::AccessPattern, ObjectKind::Index,
                                 ObjectKind::Decision};

std::string label(const ObjectChange &c) {
    std::string out = c.object == ObjectKind::Field ? c.path : c.name;
    if (!c.id.empty())
        out += " (" + c.id + ")";
    if (c.change == ChangeKind::Renamed)
        out += ", renamed from " + c.oldName;
    return out;
}

std::string oneOrMany(std::size_t n, const char *one, const char *many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// One change of an access pattern's cost in words and units, as the
// collections' figures are worded: "bytes read  83 bytes → 97 bytes".
// Empty when the two values read the same at that precision (a cost can
// move below what is worth showing).
std::string costLine(const PropertyChange &p) {
    enum class Unit { Bytes, Count, Milliseconds, Value };
    struct Words {
        std::string_view property, label;
        Unit unit;
    };
    static constexpr Words kWords[] = {
        {"collections", "collections", Unit::Value},
        {"roundTrips", "round trips", Unit::Count},
        {"index", "index", Unit::Value},
        {"inMemorySort", "sorts in memory", Unit::Value},
        {"docsExamined", "documents examined", Unit::Count},
        {"bytesRead", "bytes read", Unit::Bytes},
        {"documentsTouched", "documents touched", Unit::Count},
        {"bytesWritten", "bytes written", Unit::Bytes},
        {"indexEntriesTouched", "index entries touched", Unit::Count},
        {"needsTransaction", "needs a transaction", Unit::Value},
        {"estimatedMs", "estimated time", Unit::Milliseconds},
        {"withinBudget", "within its latency budget", Unit::Value},
    };
    std::string_view label = p.property;
    Unit unit = Unit::Value;
    for (const Words &w : kWords)
        if (w.property == p.property) {
            label = w.label;
            unit = w.unit;
        }
    const auto shown = [unit](const ordered_json &v) -> std::string {
        if (!v.is_number() || unit == Unit::Value)
            return displayValue(v);
        const double d = v.get<double>();
        switch (unit) {
        case Unit::Bytes:
            return bytesText(d);
        case Unit::Count:
            return countText(d);
        case Unit::Milliseconds:
            return units::millisecondsText(d);
        case Unit::Value:
            break;
        }
        return displayValue(v);
    };
    const std::string before = shown(p.before), after = shown(p.after);
    if (before == after)
        return {};
    return "      " + std::string(label) + "  " + before + " → " + after + "\n";
}

} // namespace

std::string diffText(const ModelDiff &diff) {
    std::string out = "\"" + diff.beforeName + "\" → \"" + diff.afterName + "\": ";
    if (diff.equal())
        return out + "no design changes\n";
    out += oneOrMany(diff.changes.size(), "change", "changes") + "\n";
    for (ObjectKind kind : kKinds) {
        const auto changes = diff.of(kind);
        if (changes.empty())
            continue;
        out += "\n" + std::string(heading(kind)) + "\n";
        for (const ObjectChange *c : changes) {
            out += std::string("  ") + sign(c->change) + " " + label(*c) + "\n";
            for (const auto &p : c->properties)
                out += "      " + p.property + ": " + displayValue(p.before) + " → " + displayValue(p.after) + "\n";
        }
    }
    if (!diff.representations.empty()) {
        out += "\nRepresentation\n";
        for (const auto &r : diff.representations)
            out += "  " + r.name + " (" + r.relationshipId + "): " + r.summary + "\n";
    }
    const Consequences &q = diff.consequences;
    std::string costs;
    for (const auto &a : q.accessPatterns) {
        std::string lines;
        for (const auto &p : a.changes)
            lines += costLine(p);
        if (!lines.empty())
            costs += "    " + a.name + " (" + a.patternId + ")\n" + lines;
    }
    if (q.collections.empty() && q.findings.empty() && costs.empty())
        return out + "\nConsequences: none in sizes, indexes, findings or access costs\n";
    out += "\nConsequences\n";
    for (const auto &c : q.collections) {
        if (!c.before.present) {
            out += "  " + c.after.name + " (new collection): " + countText(c.after.documents) + " documents, avg " +
                   bytesText(c.after.avgDocumentBytes) + ", max " + maxText(c.after) + "\n";
        } else if (!c.after.present) {
            out += "  " + c.before.name + " (no longer a collection): was " + countText(c.before.documents) +
                   " documents, avg " + bytesText(c.before.avgDocumentBytes) + ", max " + maxText(c.before) + "\n";
        } else {
            out += "  " + c.after.name + (c.before.name != c.after.name ? " (was " + c.before.name + ")" : "") + "\n";
            if (c.before.documents != c.after.documents)
                out += "    documents          " + countText(c.before.documents) + " → " +
                       countText(c.after.documents) + "\n";
            if (c.before.avgDocumentBytes != c.after.avgDocumentBytes)
                out += "    avg document size  " + bytesText(c.before.avgDocumentBytes) + " → " +
                       bytesText(c.after.avgDocumentBytes) + "\n";
            if (c.before.maxDocumentBytes != c.after.maxDocumentBytes)
                out += "    max document size  " + maxText(c.before) + " → " + maxText(c.after) + "\n";
        }
        auto entries = [](const std::optional<double> &n) {
            return n ? countText(*n) + " entries" : std::string("no index");
        };
        for (const auto &ix : c.indexes)
            out += "    index " + ix.name + "  " + entries(ix.before) + " → " + entries(ix.after) + "\n";
    }
    if (!q.findings.empty()) {
        out += "  findings\n";
        for (const auto &f : q.findings)
            out += std::string("    ") + (f.appeared ? "+ " : "- ") + f.rule + " " + f.severity + " on " +
                   targetText({f.targetKind, f.targetId, f.targetName}) + ": " + f.message + "\n";
    }
    if (!costs.empty())
        out += "  access patterns\n" + costs;
    return out;
}

namespace {

ordered_json figuresJson(const CollectionFigures &f) {
    if (!f.present)
        return nullptr;
    return {{"name", f.name},
            {"documents", jsonNumber(f.documents)},
            {"avgDocumentBytes", jsonNumber(f.avgDocumentBytes)},
            {"maxDocumentBytes", f.maxDocumentBytes ? ordered_json(*f.maxDocumentBytes) : ordered_json(nullptr)}};
}

ordered_json propertiesJson(const std::vector<PropertyChange> &props) {
    ordered_json out = ordered_json::array();
    for (const auto &p : props)
        out.push_back({{"property", p.property}, {"before", p.before}, {"after", p.after}});
    return out;
}

ordered_json optionalNumber(const std::optional<double> &v) { return v ? jsonNumber(*v) : ordered_json(nullptr); }

} // namespace

ordered_json diffJson(const ModelDiff &diff) {
    ordered_json out;
    out["equal"] = diff.equal();
    out["before"] = diff.beforeName;
    out["after"] = diff.afterName;
    ordered_json changes = ordered_json::array();
    for (const auto &c : diff.changes) {
        ordered_json j{{"object", std::string(toString(c.object))}, {"change", std::string(toString(c.change))},
                       {"id", c.id},
                       {"name", c.name}};
        if (c.change == ChangeKind::Renamed)
            j["oldName"] = c.oldName;
        if (c.object == ObjectKind::Field) {
            j["entityId"] = c.entityId;
            j["path"] = c.path;
        }
        j["properties"] = propertiesJson(c.properties);
        changes.push_back(std::move(j));
    }
    out["changes"] = std::move(changes);
    ordered_json reps = ordered_json::array();
    for (const auto &r : diff.representations)
        reps.push_back({{"relationshipId", r.relationshipId},
                        {"name", r.name},
                        {"before", std::string(toString(r.before))},
                        {"after", std::string(toString(r.after))},
                        {"summary", r.summary}});
    out["representations"] = std::move(reps);
    ordered_json collections = ordered_json::array();
    for (const auto &c : diff.consequences.collections) {
        ordered_json indexes = ordered_json::array();
        for (const auto &ix : c.indexes)
            indexes.push_back({{"name", ix.name}, {"before", optionalNumber(ix.before)}, {"after", optionalNumber(ix.after)}});
        collections.push_back({{"before", figuresJson(c.before)}, {"after", figuresJson(c.after)}, {"indexes", indexes}});
    }
    ordered_json findings = ordered_json::array();
    for (const auto &f : diff.consequences.findings)
        findings.push_back({{"change", f.appeared ? "appeared" : "disappeared"},
                            {"rule", f.rule},
                            {"severity", f.severity},
                            {"target", {{"kind", f.targetKind}, {"id", f.targetId}, {"name", f.targetName}}},
                            {"message", f.message}});
    ordered_json costs = ordered_json::array();
    for (const auto &a : diff.consequences.accessPatterns)
        costs.push_back({{"patternId", a.patternId}, {"name", a.name}, {"changes", propertiesJson(a.changes)}});
    out["consequences"] = {{"collections", collections}, {"findings", findings}, {"accessPatterns", costs}};
    return out;
}

} // namespace docshape
