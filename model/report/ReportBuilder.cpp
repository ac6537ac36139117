#include "report/ReportBuilder.h"

#include "core/Thresholds.h"
#include "estimate/BsonSize.h"
#include "export/ExportBundle.h"
#include "report/ReportText.h"
#include "util/Units.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

namespace docshape::report {

namespace {

constexpr int kGrowthPoints = 24;

// What the growth chart assumes; the studio's chart says the same.
constexpr std::string_view kGrowthAssumptions =
    "Document size over time is an estimate: arrays grow by their stated elements per document per day; the "
    "largest document has every optional field, maximum lengths, bounded arrays at their bound and unbounded "
    "ones at their grown average.";
constexpr std::string_view kSizeAssumptions =
    "Document sizes are exact BSON arithmetic (bsonspec.org 1.1) over the model's parameters: the average "
    "weights each field by its presence probability and each array by its average count; the maximum has "
    "every optional field present, strings at their maximum length and arrays at their bound. An array with "
    "no bound has no maximum.";

std::string joined(const std::vector<std::string> &items, std::string_view separator = ", ") {
    std::string out;
    for (const auto &item : items) {
        if (!out.empty())
            out += separator;
        out += item;
    }
    return out;
}

std::string orDash(std::string text) { return text.empty() ? std::string("—") : text; }

std::string keysText(const std::vector<IndexKey> &keys) {
    std::string out = "{ ";
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (i)
            out += ", ";
        out += keys[i].path + ": " + keys[i].kind;
    }
    return out + " }";
}

Mark severityMark(Severity s) {
    return s == Severity::Error ? Mark::Error : s == Severity::Warning ? Mark::Warning : Mark::None;
}

// Which collections the report covers, and which objects belong to them.
class Scope {
public:
    Scope(const Project &project, const Analysis &analysis, const std::vector<std::string> &chosen)
        : m_project(project), m_all(chosen.empty()), m_chosen(chosen.begin(), chosen.end()) {
        // Looked up once: a large model asks for thousands of entities.
        for (const auto &c : analysis.derived.collections) {
            m_storedIn.emplace(c.rootEntityId, &c);
            for (const auto &id : c.embeddedEntityIds)
                m_storedIn.emplace(id, &c);
        }
        for (const auto &q : project.accessPatterns)
            m_patterns.emplace(q.id, &q);
        for (const auto &r : project.relationships)
            m_relationships.emplace(r.id, &r);
        for (const auto &e : project.entities) {
            walk(e.id, e.fields);
            for (const auto &v : e.variants)
                walk(e.id, v.fields);
        }
    }

    bool all() const { return m_all; }
    // The collection that stores the entity, or nullptr.
    const CollectionShape *storedIn(std::string_view entityId) const {
        auto it = m_storedIn.find(entityId);
        return it == m_storedIn.end() ? nullptr : it->second;
    }
    const AccessPattern *pattern(const std::string &id) const {
        auto it = m_patterns.find(id);
        return it == m_patterns.end() ? nullptr : it->second;
    }
    const Relationship *relationship(const std::string &id) const {
        auto it = m_relationships.find(id);
        return it == m_relationships.end() ? nullptr : it->second;
    }
    bool collection(const std::string &name) const { return m_all || m_chosen.count(name); }
    bool entity(std::string_view entityId) const {
        if (m_all)
            return true;
        const CollectionShape *c = storedIn(entityId);
        return c && m_chosen.count(c->name);
    }
    bool finding(const Finding &f) const {
        if (m_all)
            return true;
        const FindingTarget &t = f.target;
        if (t.kind == "collection")
            return collection(t.name);
        if (t.kind == "entity")
            return entity(t.id);
        if (t.kind == "field") {
            if (auto it = m_fieldOwner.find(t.id); it != m_fieldOwner.end())
                return entity(it->second);
            const std::string head = t.name.substr(0, t.name.find('.'));
            if (const Entity *e = m_project.findEntityByName(head))
                return entity(e->id);
            return collection(head);
        }
        if (t.kind == "index") {
            if (const IndexSpec *ix = m_project.findIndex(t.id))
                return entity(ix->entityId);
            return true;
        }
        if (t.kind == "relationship") {
            if (const Relationship *r = relationship(t.id))
                return entity(r->parentId) || entity(r->childId);
            return true;
        }
        if (t.kind == "accessPattern") {
            if (const AccessPattern *q = pattern(t.id))
                return entity(q->entityId);
            return true;
        }
        return true; // the project, or what the report cannot place: shown rather than lost
    }
    bool pattern(const AccessCost &c) const {
        return m_all || std::any_of(c.collections.begin(), c.collections.end(),
                                    [this](const std::string &name) { return m_chosen.count(name) > 0; });
    }

private:
    void walk(const std::string &entityId, const std::vector<Field> &fields) {
        for (const auto &f : fields) {
            m_fieldOwner[f.id] = entityId;
            walk(entityId, f.fields);
        }
    }

    const Project &m_project;
    bool m_all;
    std::set<std::string> m_chosen;
    std::unordered_map<std::string, std::string> m_fieldOwner;
    std::unordered_map<std::string_view, const CollectionShape *> m_storedIn;
    std::unordered_map<std::string_view, const AccessPattern *> m_patterns;
    std::unordered_map<std::string_view, const Relationship *> m_relationships;
};

class Builder {
public:
    Builder(const Project &project, const Analysis &analysis, const Advice &advice, const ReportOptions &options,
            const DiagramPicture &diagram)
        : p(project), a(analysis), adv(advice), opt(options), pic(diagram),
          scope(project, analysis, options.collections) {
        for (const auto &w : advice.worksheets)
            worksheets[w.collection] = &w;
    }

    Report build() {
        Report r;
        r.title = opt.title.empty() ? "Design review: " + p.name : opt.title;
        r.subtitle = p.name + " — MongoDB " + p.mongoVersion + " schema design, estimated by DocShape";
        r.author = opt.author;
        r.date = opt.date;
        summary();
        diagram();
        collections();
        accessPatterns();
        relationships();
        findings();
        decisions();
        assumptions();
        if (opt.appendices)
            appendices();
        r.sections = std::move(sections);
        return r;
    }

private:
    Section &section(std::string anchorPrefix, std::string_view name, std::string title, int level) {
        Section s;
        s.anchor = anchors.make(anchorPrefix, name);
        s.title = std::move(title);
        s.level = level;
        sections.push_back(std::move(s));
        return sections.back();
    }

    std::vector<const CollectionStat *> chosenStats() const {
        std::vector<const CollectionStat *> out;
        for (const auto &c : a.collections)
            if (scope.collection(c.name))
                out.push_back(&c);
        return out;
    }

    void summary() {
        Section &s = section("", "summary", "Summary", 1);
        if (!p.description.empty())
            s.blocks.push_back(Paragraph{"", p.description});
        const auto stats = chosenStats();
        if (!scope.all()) {
            std::vector<std::string> names;
            for (const CollectionStat *c : stats)
                names.push_back(c->name);
            s.blocks.push_back(Paragraph{"Scope:", "this report covers " + std::to_string(stats.size()) + " of the " +
                                                       std::to_string(a.collections.size()) +
                                                       " collections: " + joined(names) + "."});
        }
        Table model{"The model", {{"what"}, {"value"}}, {}};
        auto row = [&model](std::string what, std::string value) {
            model.rows.push_back({{std::move(what)}, {std::move(value)}});
        };
        row("MongoDB version", p.mongoVersion);
        row("database", p.database);
        row("RAM of the data-bearing node", count(p.ramGiB) + " GiB");
        row("tenancy", std::string(toString(p.tenancy)) +
                           (p.tenancy == Tenancy::SharedCollection ? " (field " + p.tenantField + ")" : ""));
        row("growth horizon", std::to_string(p.growthDays) + " days");
        row("entities, collections", std::to_string(p.entities.size()) + ", " + std::to_string(a.collections.size()));
        row("access patterns, indexes", std::to_string(p.accessPatterns.size()) + ", " + std::to_string(p.indexes.size()));
        s.blocks.push_back(std::move(model));

        Table cols{"Collections: documents and data size now and after " + std::to_string(p.growthDays) + " days",
                   {{"collection", false, 1.6},
                    {"documents", true},
                    {"after growth", true},
                    {"avg document", true, 1.2},
                    {"max document", true, 1.2},
                    {"data now", true},
                    {"data after growth", true}},
                   {}};
        double dataNow = 0, dataAfter = 0;
        for (const CollectionStat *c : stats) {
            cols.rows.push_back({{c->name},
                                 {count(c->documents)},
                                 {count(c->documentsAfterGrowth)},
                                 {sizeText(c->avgDocumentBytes)},
                                 {maxBytes(c->maxDocumentBytes), c->maxDocumentBytes ? Mark::None : Mark::Error},
                                 {sizeText(c->dataBytes)},
                                 {sizeText(c->dataBytesAfterGrowth)}});
            dataNow += c->dataBytes;
            dataAfter += c->dataBytesAfterGrowth;
        }
        cols.rows.push_back({{"all " + std::to_string(stats.size())}, {""}, {""}, {""}, {""}, {sizeText(dataNow)},
                             {sizeText(dataAfter)}});
        s.blocks.push_back(std::move(cols));

        // The largest documents: unbounded first, then by maximum.
        std::vector<const CollectionStat *> largest = stats;
        std::stable_sort(largest.begin(), largest.end(), [](const CollectionStat *x, const CollectionStat *y) {
            if (x->maxDocumentBytes.has_value() != y->maxDocumentBytes.has_value())
                return !x->maxDocumentBytes.has_value();
            return x->maxDocumentBytes.value_or(0) > y->maxDocumentBytes.value_or(0);
        });
        if (largest.size() > 5)
            largest.resize(5);
        Table big{"The largest documents",
                  {{"collection", false, 1.6},
                   {"max document", true, 1.2},
                   {"avg document", true, 1.2},
                   {"avg crosses 100 KB", true},
                   {"largest crosses 16 MiB", true}},
                  {}};
        auto days = [](const std::optional<double> &d) { return d ? "after " + count(std::round(*d)) + " days" : "never"; };
        for (const CollectionStat *c : largest)
            big.rows.push_back({{c->name},
                                {maxBytes(c->maxDocumentBytes), c->maxDocumentBytes ? Mark::None : Mark::Error},
                                {sizeText(c->avgDocumentBytes)},
                                {days(c->daysToAvgTarget), c->daysToAvgTarget ? Mark::Warning : Mark::None},
                                {days(c->daysToMaxLimit), c->daysToMaxLimit ? Mark::Error : Mark::None}});
        s.blocks.push_back(std::move(big));

        std::size_t bySeverity[3] = {0, 0, 0};
        for (const auto &f : adv.findings)
            if (scope.finding(f))
                ++bySeverity[static_cast<int>(f.severity)];
        s.blocks.push_back(Table{"Findings by severity (see Findings)",
                                 {{"severity"}, {"findings", true}},
                                 {{{"error", bySeverity[2] ? Mark::Error : Mark::None}, {std::to_string(bySeverity[2])}},
                                  {{"warning", bySeverity[1] ? Mark::Warning : Mark::None},
                                   {std::to_string(bySeverity[1])}},
                                  {{"info"}, {std::to_string(bySeverity[0])}}}});

        const WorkingSet &ws = adv.workingSet;
        s.blocks.push_back(Paragraph{"Working set:",
                                     sizeText(ws.totalBytes) + " (hot documents " + sizeText(ws.hotDocumentBytes) +
                                         ", indexes " + sizeText(ws.indexBytes) + ") against a cache of " +
                                         sizeText(ws.cacheBytes) + ": " + (ws.fits ? "it fits." : "it does not fit."),
                                     ws.fits ? Mark::Good : Mark::Warning});

        std::vector<std::string> questions = openQuestions();
        s.blocks.push_back(Paragraph{"Open questions:", questions.empty()
                                                            ? std::string("none: every bound, budget and policy the "
                                                                          "estimates need is stated.")
                                                            : "what the model leaves unstated, and the estimates "
                                                              "therefore assume."});
        if (!questions.empty())
            s.blocks.push_back(BulletList{std::move(questions)});
    }

    std::vector<std::string> openQuestions() const {
        std::vector<std::string> out;
        for (const CollectionStat *c : chosenStats()) {
            for (const auto &ar : c->arrays)
                if (!ar.maxCount)
                    out.push_back("What is the maximum of " + c->name + "." + ar.path +
                                  ", and who enforces it? It has none, so the collection has no maximum document size.");
        }
        for (const auto &e : p.entities)
            if (const CollectionShape *c = scope.storedIn(e.id);
                e.deletion == DeletionPolicy::Unspecified && scope.entity(e.id) && c && c->rootEntityId == e.id)
                out.push_back("How are " + e.name + " documents deleted? No deletion policy is stated.");
        for (const auto &c : adv.accessPatterns) {
            if (!scope.pattern(c))
                continue;
            const AccessPattern *q = scope.pattern(c.patternId);
            if (q && q->latencyBudgetMs <= 0)
                out.push_back("What latency does \"" + c.name + "\" need? No budget is stated, so nothing is checked.");
            if (c.notes.assumedSelectivity)
                out.push_back("How selective is the filter of \"" + c.name +
                              "\"? An equality field has no stated cardinality: " +
                              count(c.notes.unknownEquality * 100) + "% of the documents are assumed to match.");
        }
        return out;
    }

    void diagram() {
        Section &s = section("", "diagram", "Diagram", 1);
        if (pic.svg.empty() && pic.vectors.items.empty()) {
            s.blocks.push_back(Paragraph{"", "No diagram was drawn for this report.", Mark::None, true});
            return;
        }
        s.blocks.push_back(Figure{pic.svg, pic.width, pic.height,
                                  scope.all() ? "The model as the studio draws it: each card a collection, embedded "
                                                "entities inside their parent, references as edges."
                                              : "The chosen collections as the studio draws them, with the "
                                                "entities they embed.",
                                  pic.vectors});
    }

    void collections() {
        section("", "collections", "Collections", 1)
            .blocks.push_back(Paragraph{"", "One section per collection: the worksheet, document size and where the "
                                            "bytes go, arrays, growth and indexes."});
        for (std::size_t i = 0; i < a.collections.size(); ++i)
            if (scope.collection(a.collections[i].name))
                collection(a.collections[i], i < a.derived.collections.size() ? &a.derived.collections[i] : nullptr);
    }

    void collection(const CollectionStat &c, const CollectionShape *shape) {
        Section &s = section("collection", c.name, c.name, 2);
        s.blocks.push_back(Paragraph{"", std::string(c.kind == CollectionKind::Entity     ? "Entity collection"
                                                     : c.kind == CollectionKind::Junction ? "Junction collection"
                                                                                          : "Bucket collection") +
                                             ": " + count(c.documents) + " documents now, " +
                                             count(c.documentsAfterGrowth) + " after " + std::to_string(p.growthDays) +
                                             " days; data " + sizeText(c.dataBytes) + " now, " +
                                             sizeText(c.dataBytesAfterGrowth) + " after growth (estimates)."});
        if (auto it = worksheets.find(c.name); it != worksheets.end())
            worksheet(s, *it->second);

        s.blocks.push_back(Paragraph{"Document size:", "average " + sizeText(c.avgDocumentBytes) + ", maximum " +
                                                           maxBytes(c.maxDocumentBytes) + "; nesting depth " +
                                                           std::to_string(c.depth) + ".",
                                     c.maxDocumentBytes ? Mark::None : Mark::Error});
        Table bytes{"Where the bytes go: top-level fields of the document",
                    {{"field", false, 1.6}, {"average", true}, {"maximum", true}, {"share of the average", true}},
                    {}};
        BarChart chart{"Where the bytes go: average document, by top-level field", "bytes, average document", {}};
        for (const auto &b : c.breakdown) {
            const double share = c.avgDocumentBytes > 0 ? 100.0 * b.avgBytes / c.avgDocumentBytes : 0;
            bytes.rows.push_back({{b.label()},
                                  {sizeText(b.avgBytes)},
                                  {b.bounded ? sizeText(double(b.maxBytes)) : "unbounded",
                                   b.bounded ? Mark::None : Mark::Error},
                                  {exactNumber(std::round(share * 10) / 10) + "%"}});
            chart.bars.push_back({b.label(), b.avgBytes, sizeText(b.avgBytes)});
        }
        s.blocks.push_back(std::move(bytes));
        if (!chart.bars.empty())
            s.blocks.push_back(std::move(chart));

        if (!c.arrays.empty()) {
            Table arrays{"Arrays, their bounds and who enforces them",
                         {{"array", false, 1.6}, {"average count", true}, {"maximum", true}, {"enforced by"},
                          {"growth per day", true}},
                         {}};
            const Worksheet *w = worksheets.count(c.name) ? worksheets.at(c.name) : nullptr;
            for (std::size_t i = 0; i < c.arrays.size(); ++i) {
                const ArrayStat &ar = c.arrays[i];
                std::string enforcer = "—";
                if (w)
                    for (std::size_t k = 0; k < w->counts[Worksheet::Arrays]; ++k) {
                        const std::uint32_t first = w->valueOf(Worksheet::Arrays, k);
                        if (w->words.text(first) == ar.path)
                            enforcer = ar.maxCount ? std::string(w->words.text(first + 4)) : "—";
                    }
                arrays.rows.push_back({{ar.path},
                                       {count(ar.avgCount)},
                                       {ar.maxCount ? count(double(*ar.maxCount)) : "unbounded",
                                        ar.maxCount ? Mark::None : Mark::Error},
                                       {enforcer, enforcer == "nobody" ? Mark::Warning : Mark::None},
                                       {ar.growthPerDay > 0 ? "+" + count(ar.growthPerDay) : "0"}});
            }
            s.blocks.push_back(std::move(arrays));
        }

        growth(s, c, shape);
        indexes(s, c);
    }

    void worksheet(Section &s, const Worksheet &w) {
        Table t{"Worksheet (Lesson 135, \"Access-pattern worksheet\"): derived from the model beside what the designer stated",
                {{"row", false, 1.1}, {"derived", false, 2.6}, {"stated", false, 1.3}},
                {}};
        auto row = [&t](std::string name, std::string derived, std::string stated = {}, bool mismatch = false) {
            const Mark m = mismatch ? Mark::Mismatch : Mark::None;
            t.rows.push_back({{std::move(name)}, {orDash(std::move(derived)), m}, {orDash(std::move(stated)), m}});
        };
        row("top reads", joined(w.topReads()));
        row("top writes", joined(w.topWrites()));
        row("filter fields", joined(w.filterFields()));
        row("sort fields", joined(w.sortFields()));
        row("expected document size",
            "average " + sizeText(w.documentBytes) + ", maximum " + maxBytes(w.maxDocumentBytes),
            w.statedDocumentBytes ? sizeText(*w.statedDocumentBytes) : std::string(), w.documentSizeMismatch);
        row("expected array bounds", joined(w.arrayBounds(), "; "),
            w.statedMaxArrayCount ? "largest " + count(*w.statedMaxArrayCount) : std::string(), w.arrayBoundsMismatch);
        row("atomic update boundary", w.atomicUpdateBoundary(), w.statedAtomicUpdateBoundary);
        row("deletion behaviour", w.deletion());
        row("tenant scope", w.tenantScope(), {}, w.tenantFieldMissing);
        row("retention", w.retention());
        row("indexes", joined(w.indexes()));
        s.blocks.push_back(std::move(t));
        const std::vector<std::string> mismatches = w.mismatches();
        if (!mismatches.empty()) {
            s.blocks.push_back(Paragraph{"Mismatches:", "the worksheet's marked rows disagree.", Mark::Mismatch});
            s.blocks.push_back(BulletList{mismatches});
        }
    }

    void growth(Section &s, const CollectionStat &c, const CollectionShape *shape) {
        auto when = [](const std::optional<double> &d) {
            return d ? "after " + count(std::round(*d)) + " days" : std::string("never within the model's growth");
        };
        const std::string largest = largestCrossingText(c, a.maxDocumentBytes);
        s.blocks.push_back(Paragraph{"Growth:", "the average document crosses the 100 KB target " + when(c.daysToAvgTarget) +
                                                    "; " +
                                                    (largest.empty() ? "the largest document crosses the 16 MiB limit " +
                                                                           when(c.daysToMaxLimit)
                                                                     : largest) +
                                                    ". After " + std::to_string(p.growthDays) +
                                                    " days the average document is " +
                                                    sizeText(c.avgDocumentBytesAfterGrowth) + ".",
                                     c.daysToMaxLimit ? Mark::Error : c.daysToAvgTarget ? Mark::Warning : Mark::None});
        if (!shape)
            return;
        const int horizon = std::max(1, p.growthDays);
        LineChart chart{c.name + ": document size over " + std::to_string(horizon) + " days",
                        "days from now",
                        "document size, log scale",
                        {{"average document", {}}, {"largest document", {}}},
                        {{"100 KB practical target", a.documentTargetBytes, Mark::Warning},
                         {"16 MiB BSON limit", a.maxDocumentBytes, Mark::Error}}};
        for (int k = 0; k <= kGrowthPoints; ++k) {
            const double day = double(horizon) * k / kGrowthPoints;
            chart.series[0].points.emplace_back(day, averageObjectBytesAfter(shape->shape, day));
            chart.series[1].points.emplace_back(day, largestObjectBytesAfter(shape->shape, day));
        }
        s.blocks.push_back(std::move(chart));
    }

    void indexes(Section &s, const CollectionStat &c) {
        Table t{"Indexes: entries and estimated size",
                {{"index", false, 1.4}, {"keys", false, 1.8}, {"entries", true}, {"multikey"}, {"estimated size", true}},
                {}};
        std::vector<std::string> problems;
        for (const auto &ix : c.indexes) {
            const Mark m = ix.error.empty() ? Mark::None : Mark::Error;
            t.rows.push_back({{ix.name, m},
                              {keysText(ix.keys)},
                              {count(ix.entries)},
                              {ix.multikey ? "yes" : "no"},
                              {sizeText(ix.estimatedBytes)}});
            if (!ix.error.empty())
                problems.push_back(ix.name + ": " + ix.error);
        }
        s.blocks.push_back(std::move(t));
        for (const auto &problem : problems)
            s.blocks.push_back(Paragraph{"Refused:", problem, Mark::Error});
    }

    void accessPatterns() {
        Section &s = section("", "access-patterns", "Access patterns and their costs", 1);
        s.blocks.push_back(Paragraph{"", "Each query's cost under the stated workload (estimates; see Assumptions): "
                                         "round trips, the index that serves it or a collection scan, documents "
                                         "examined and bytes read (whole documents enter the cache), and whether it "
                                         "meets its latency budget."});
        Table reads{"Reads",
                    {{"pattern", false, 1.6},
                     {"collections", false, 1.2},
                     {"round trips", true, 0.7},
                     {"index", false, 1.2},
                     {"docs examined", true},
                     {"bytes read", true},
                     {"estimated", true},
                     {"budget", true, 0.8}},
                    {}};
        Table writes{"Writes",
                     {{"pattern", false, 1.6},
                      {"operation", false, 0.9},
                      {"collections", false, 1.2},
                      {"docs touched", true},
                      {"bytes written", true},
                      {"index entries", true},
                      {"consistency", false, 1.2},
                      {"estimated", true},
                      {"budget", true, 0.8}},
                     {}};
        for (const auto &c : adv.accessPatterns) {
            if (!scope.pattern(c))
                continue;
            const AccessPattern *q = scope.pattern(c.patternId);
            std::string budget = "none stated";
            Mark mark = Mark::None;
            if (q && q->latencyBudgetMs > 0) {
                budget = milliseconds(q->latencyBudgetMs) + (c.withinBudget.value_or(true) ? ": met" : ": missed");
                mark = c.withinBudget.value_or(true) ? Mark::Good : Mark::Error;
            }
            const bool write = c.kind == AccessKind::Write || c.operation == Operation::Insert ||
                               c.operation == Operation::Update || c.operation == Operation::Delete;
            if (!write) {
                std::string index = c.index;
                if (c.inMemorySort)
                    index += ", sort in memory";
                reads.rows.push_back({{c.name},
                                      {joined(c.collections)},
                                      {std::to_string(c.roundTrips)},
                                      {index, c.index == "collection scan" ? Mark::Warning : Mark::None},
                                      {count(c.docsExamined)},
                                      {sizeText(c.bytesRead)},
                                      {milliseconds(c.estimatedMs)},
                                      {budget, mark}});
            } else {
                writes.rows.push_back({{c.name},
                                       {std::string(toString(c.operation))},
                                       {joined(c.collections)},
                                       {count(c.documentsTouched)},
                                       {sizeText(c.bytesWritten)},
                                       {count(c.indexEntriesTouched)},
                                       {std::string(c.consistency), c.needsTransaction ? Mark::Warning : Mark::None},
                                       {milliseconds(c.estimatedMs)},
                                       {budget, mark}});
            }
        }
        if (reads.rows.empty() && writes.rows.empty())
            s.blocks.push_back(Paragraph{"", "No access pattern is stated for these collections."});
        if (!reads.rows.empty())
            s.blocks.push_back(std::move(reads));
        if (!writes.rows.empty())
            s.blocks.push_back(std::move(writes));
    }

    void relationships() {
        Section &s = section("", "relationships", "Embed or reference", 1);
        s.blocks.push_back(Paragraph{"", "Every relationship against the decision matrix of Data Modeling, "
                                         "\"Embedding vs Referencing\": which way each factor of the stated workload "
                                         "points, and the recommendation."});
        std::size_t shown = 0;
        for (const auto &r : adv.relationships) {
            const Relationship *rel = scope.relationship(r.relationshipId);
            if (rel && !scope.entity(rel->parentId) && !scope.entity(rel->childId))
                continue;
            ++shown;
            Section &rs = section("relationship", r.name(), r.name(), 2);
            rs.blocks.push_back(Paragraph{"Decision:", "currently " + std::string(RelationshipAdvice::inWords(r.current)) +
                                                           "; the workload points to " +
                                                           std::string(RelationshipAdvice::inWords(r.recommended)) +
                                                           (r.agrees ? " — it agrees." : " — it does not agree."),
                                          r.agrees ? Mark::Good : Mark::Warning});
            Table t{"Decision-matrix factors", {{"factor", false, 1}, {"points to", false, 0.8}, {"why", false, 4}}, {}};
            for (const auto &f : r.factors())
                t.rows.push_back({{std::string(f.factor)}, {std::string(f.points)}, {f.why}});
            rs.blocks.push_back(std::move(t));
            const std::vector<std::string> reasons = r.reasons();
            if (!reasons.empty())
                rs.blocks.push_back(Paragraph{"Why:", reasons.back()});
            if (!r.recommendedIndex.empty())
                rs.blocks.push_back(Paragraph{"Index needed:", r.indexCollection + " " + keysText(r.recommendedIndex)});
        }
        if (!shown)
            s.blocks.push_back(Paragraph{"", "No relationship touches these collections."});
    }

    void findings() {
        Section &s = section("", "findings", "Findings", 1);
        s.blocks.push_back(Paragraph{"", "The advisor's findings (the same as docshape-cli lint): each with its "
                                         "reasoning, the source it comes from and the fix."});
        static constexpr std::pair<Severity, const char *> kGroups[] = {
            {Severity::Error, "Errors"}, {Severity::Warning, "Warnings"}, {Severity::Info, "Information"}};
        for (const auto &[severity, title] : kGroups) {
            std::vector<const Finding *> group;
            for (const auto &f : adv.findings)
                if (f.severity == severity && scope.finding(f))
                    group.push_back(&f);
            Section &g = section("findings", title, std::string(title) + " (" + std::to_string(group.size()) + ")", 2);
            if (group.empty())
                g.blocks.push_back(Paragraph{"", "None."});
            for (const Finding *f : group) {
                g.blocks.push_back(Paragraph{f->id + " " + std::string(toString(f->severity)) + ", " +
                                                 targetText(f->target) + ":",
                                             f->message(), severityMark(f->severity)});
                g.blocks.push_back(Paragraph{"Why:", f->reason() + " [" + std::string(f->source()) + "]"});
                // The passage the rule rests on, so a reader of the printed
                // review has what the studio shows one click away.
                if (const std::string_view passage = f->passage(); !passage.empty())
                    g.blocks.push_back(Paragraph{"The source says:", "\u201c" + std::string(passage) + "\u201d"});
                g.blocks.push_back(Paragraph{"Fix:", f->fix()});
            }
        }
    }

    void decisions() {
        Section &s = section("", "decisions", "Decisions log", 1);
        if (p.decisions.empty()) {
            s.blocks.push_back(Paragraph{"", "No decision is recorded in the model."});
            return;
        }
        Table t{"Decisions, as recorded in the model", {{"date", false, 0.8}, {"decision", false, 1.5}, {"why", false, 4}}, {}};
        for (const auto &d : p.decisions)
            t.rows.push_back({{d.date}, {d.title}, {d.text}});
        s.blocks.push_back(std::move(t));
    }

    void assumptions() {
        Section &s = section("", "assumptions", "Assumptions behind the estimates", 1);
        s.blocks.push_back(Paragraph{"Document sizes:", std::string(kSizeAssumptions)});
        s.blocks.push_back(Paragraph{"Growth:", std::string(kGrowthAssumptions)});
        std::set<std::string_view> indexNotes;
        for (const CollectionStat *c : chosenStats())
            for (const auto &ix : c->indexes)
                if (!ix.assumptions.empty())
                    indexNotes.insert(ix.assumptions);
        for (auto note : indexNotes)
            s.blocks.push_back(Paragraph{"Index sizes:", std::string(note)});
        // Access costs: one paragraph per distinct set of assumptions, with
        // the patterns it applies to.
        std::vector<std::pair<std::string, std::vector<std::string>>> costNotes;
        std::unordered_map<std::string, std::size_t> noteIndex;
        for (const auto &c : adv.accessPatterns) {
            if (!scope.pattern(c))
                continue;
            std::string text = c.assumptions();
            auto [it, added] = noteIndex.emplace(text, costNotes.size());
            if (added)
                costNotes.emplace_back(std::move(text), std::vector<std::string>{c.name});
            else
                costNotes[it->second].second.push_back(c.name);
        }
        for (const auto &[text, names] : costNotes)
            s.blocks.push_back(Paragraph{"Access costs (" + joined(names) + "):", text});
        s.blocks.push_back(Paragraph{"Working set:", adv.workingSet.assumptions()});

        const Thresholds inForce(p);
        Table t{"Thresholds in force, with their sources",
                {{"setting", false, 1.6}, {"value", true, 0.9}, {"unit", false, 0.7}, {"source", false, 2.4}},
                {}};
        for (const auto &setting : thresholdCatalogue())
            t.rows.push_back({{std::string(setting.name)},
                              {units::numberText(inForce.get(setting.name)),
                               inForce.overridden(setting.name) ? Mark::Mismatch : Mark::None},
                              {std::string(setting.unit)},
                              {std::string(setting.source)}});
        s.blocks.push_back(std::move(t));
        s.blocks.push_back(Paragraph{"", "A marked value is overridden by the model.", Mark::None, true});
    }

    void appendices() {
        auto files = exportAll(p);
        Section &validators = section("appendix", "validators", "Appendix A: validators", 1);
        if (!files) {
            validators.blocks.push_back(
                Paragraph{"Not exported:", files.error().toString(), Mark::Error});
            section("appendix", "indexes", "Appendix B: index definitions", 1)
                .blocks.push_back(Paragraph{"Not exported:", files.error().toString(), Mark::Error});
            return;
        }
        std::map<std::string, const ExportFile *> byPath;
        for (const auto &f : *files)
            byPath[f.relativePath] = &f;
        validators.blocks.push_back(Paragraph{"", "The $jsonSchema validator of each collection, byte for byte what "
                                                  "docshape-cli export writes to validators/<collection>.json."});
        std::vector<std::pair<const CollectionStat *, const ExportFile *>> indexFiles;
        for (const CollectionStat *c : chosenStats()) {
            const std::string stem = exportFileStem(c->name);
            if (auto it = byPath.find("validators/" + stem + ".json"); it != byPath.end())
                section("validator", c->name, c->name, 2).blocks.push_back(CodeBlock{it->first, it->second->content});
            if (auto it = byPath.find("indexes/" + stem + ".json"); it != byPath.end())
                indexFiles.emplace_back(c, it->second);
        }
        Section &ix = section("appendix", "indexes", "Appendix B: index definitions", 1);
        ix.blocks.push_back(Paragraph{"", "The createIndexes index list of each collection, as docshape-cli export "
                                          "writes it to indexes/<collection>.json."});
        for (const auto &[c, file] : indexFiles)
            section("indexes", c->name, c->name, 2).blocks.push_back(CodeBlock{file->relativePath, file->content});
    }

    const Project &p;
    const Analysis &a;
    const Advice &adv;
    const ReportOptions &opt;
    const DiagramPicture &pic;
    Scope scope;
    std::unordered_map<std::string, const Worksheet *> worksheets;
    Anchors anchors;
    std::vector<Section> sections;
};

} // namespace

Result<Report> buildReport(const Project &project, const Analysis &analysis, const Advice &advice,
                           const ReportOptions &options, const DiagramPicture &diagram) {
    for (const auto &name : options.collections) {
        const bool known = std::any_of(analysis.collections.begin(), analysis.collections.end(),
                                       [&](const CollectionStat &c) { return c.name == name; });
        if (!known)
            return Error{"collection '" + name + "'", "the model has no collection of this name"};
    }
    return Builder(project, analysis, advice, options, diagram).build();
}

} // namespace docshape::report
