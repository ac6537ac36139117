#include "advisor/AdviceJson.h"

#include "advisor/Advisor.h"
#include "core/Thresholds.h"

#include <cmath>

namespace docshape {

namespace {

using Json = nlohmann::ordered_json;

Json num(double v) { return jsonNumber(v); }

Json keysJson(const std::vector<IndexKey> &keys) {
    Json out = Json::object();
    for (const auto &k : keys) {
        if (k.kind == "1" || k.kind == "-1")
            out[k.path] = k.kind == "1" ? 1 : -1;
        else
            out[k.path] = k.kind;
    }
    return out;
}

Json strings(const std::vector<std::string> &list) {
    Json out = Json::array();
    for (const auto &s : list)
        out.push_back(s);
    return out;
}

Json costJson(const AccessCost &c) {
    Json j;
    j["name"] = c.name;
    j["collections"] = strings(c.collections);
    j["roundTrips"] = c.roundTrips;
    j["index"] = c.index;
    j["inMemorySort"] = c.inMemorySort;
    j["docsExamined"] = num(c.docsExamined);
    j["bytesRead"] = num(c.bytesRead);
    j["id"] = c.patternId;
    j["kind"] = std::string(toString(c.kind));
    j["operation"] = std::string(toString(c.operation));
    j["lookups"] = c.lookups;
    j["docsReturned"] = num(c.docsReturned);
    j["docsExaminedPerSecond"] = num(c.docsExaminedPerSecond);
    j["bytesReadPerSecond"] = num(c.bytesReadPerSecond);
    j["estimatedMs"] = num(c.estimatedMs);
    j["withinBudget"] = c.withinBudget ? Json(*c.withinBudget) : Json(nullptr);
    if (c.kind == AccessKind::Write || c.operation == Operation::Insert || c.operation == Operation::Update ||
        c.operation == Operation::Delete) {
        j["documentsTouched"] = num(c.documentsTouched);
        j["bytesWritten"] = num(c.bytesWritten);
        j["indexEntriesTouched"] = num(c.indexEntriesTouched);
        j["needsTransaction"] = c.needsTransaction;
        j["consistency"] = std::string(c.consistency);
    }
    j["assumptions"] = c.assumptions();
    return j;
}

Json relationshipJson(const RelationshipAdvice &r) {
    Json j;
    j["name"] = r.name();
    j["current"] = std::string(r.current);
    j["recommended"] = std::string(r.recommended);
    j["agrees"] = r.agrees;
    j["reasons"] = strings(r.reasons());
    j["id"] = r.relationshipId;
    Json factors = Json::array();
    for (const auto &f : r.factors())
        factors.push_back({{"factor", std::string(f.factor)}, {"points", std::string(f.points)}, {"why", f.why}});
    j["factors"] = std::move(factors);
    if (!r.recommendedIndex.empty())
        j["recommendedIndex"] = {{"collection", r.indexCollection}, {"keys", keysJson(r.recommendedIndex)}};
    return j;
}

Json worksheetJson(const Worksheet &w) {
    Json j;
    j["collection"] = w.collection;
    j["topReads"] = strings(w.topReads());
    j["topWrites"] = strings(w.topWrites());
    j["filterFields"] = strings(w.filterFields());
    j["sortFields"] = strings(w.sortFields());
    j["expectedDocumentSize"] = {
        {"estimatedAvgBytes", num(w.documentBytes)},
        {"estimatedMaxBytes", w.maxDocumentBytes ? Json(*w.maxDocumentBytes) : Json(nullptr)},
        {"statedBytes", w.statedDocumentBytes ? num(*w.statedDocumentBytes) : Json(nullptr)}};
    j["expectedArrayBounds"] = {
        {"arrays", strings(w.arrayBounds())},
        {"largestBound", w.hasArrays ? (w.largestArrayBound ? num(*w.largestArrayBound) : Json("unbounded"))
                                     : Json(nullptr)},
        {"stated", w.statedMaxArrayCount ? num(*w.statedMaxArrayCount) : Json(nullptr)}};
    j["atomicUpdateBoundary"] = {{"derived", w.atomicUpdateBoundary()},
                                 {"stated", w.statedAtomicUpdateBoundary.empty()
                                                ? Json(nullptr)
                                                : Json(w.statedAtomicUpdateBoundary)}};
    j["deletionBehaviour"] = w.deletion();
    j["tenantScope"] = w.tenantScope();
    j["retention"] = w.retention();
    j["indexes"] = strings(w.indexes());
    j["mismatches"] = strings(w.mismatches());
    return j;
}

} // namespace

// Estimates are not exact to the last bit; three decimals keep the output
// stable across compilers and readable.
Json jsonNumber(double v) {
    if (!std::isfinite(v))
        return nullptr;
    const double r = std::round(v * 1000) / 1000;
    if (r == std::floor(r) && std::fabs(r) < 9e15)
        return static_cast<std::int64_t>(r);
    return r;
}

void appendAdvice(Json &analysisJson, const Advice &advice) {
    Json patterns = Json::array();
    for (const auto &c : advice.accessPatterns)
        patterns.push_back(costJson(c));
    analysisJson["accessPatterns"] = std::move(patterns);
    Json relationships = Json::array();
    for (const auto &r : advice.relationships)
        relationships.push_back(relationshipJson(r));
    analysisJson["relationships"] = std::move(relationships);
    Json suggested = Json::array();
    for (const auto &s : advice.suggestedIndexes)
        suggested.push_back({{"collection", s.collection},
                             {"keys", keysJson(s.keys)},
                             {"accessPatterns", strings(s.accessPatterns)},
                             {"reason", s.reason()}});
    analysisJson["suggestedIndexes"] = std::move(suggested);
    Json worksheets = Json::array();
    for (const auto &w : advice.worksheets)
        worksheets.push_back(worksheetJson(w));
    analysisJson["worksheets"] = std::move(worksheets);
    const WorkingSet &ws = advice.workingSet;
    analysisJson["workingSet"] = {{"ramGiB", num(ws.ramGiB)},
                                  {"cacheBytes", num(ws.cacheBytes)},
                                  {"hotDocumentBytes", num(ws.hotDocumentBytes)},
                                  {"indexBytes", num(ws.indexBytes)},
                                  {"totalBytes", num(ws.totalBytes)},
                                  {"fits", ws.fits},
                                  {"assumptions", ws.assumptions()}};
}

void appendAdvice(Json &analysisJson, const Project &project, const Analysis &analysis) {
    appendAdvice(analysisJson, advise(project, analysis));
}

Json findingsJson(const std::vector<Finding> &findings) {
    Json list = Json::array();
    for (const auto &f : findings)
        list.push_back({{"id", f.id},
                        {"severity", std::string(toString(f.severity))},
                        {"target", {{"kind", f.target.kind}, {"id", f.target.id}, {"name", f.target.name}}},
                        {"message", f.message()},
                        {"reason", f.reason()},
                        {"source", std::string(f.source())},
                        {"passage", std::string(f.passage())},
                        {"fix", f.fix()}});
    Json out;
    out["findings"] = std::move(list);
    return out;
}

Json rulesJson(const Project *project) {
    std::optional<Thresholds> inForce;
    if (project)
        inForce.emplace(*project);
    Json list = Json::array();
    for (const auto &r : ruleCatalogue()) {
        Json thresholds = Json::array();
        for (auto name : r.thresholds) {
            const ThresholdSetting *t = findThreshold(name);
            if (!t)
                continue;
            thresholds.push_back({{"name", std::string(t->name)},
                                  {"value", num(inForce ? inForce->get(t->name) : t->defaultValue)},
                                  {"default", num(t->defaultValue)},
                                  {"unit", std::string(t->unit)},
                                  {"source", std::string(t->source)}});
        }
        list.push_back({{"id", std::string(r.id)},
                        {"severity", std::string(toString(r.severity))},
                        {"title", std::string(r.title)},
                        {"source", std::string(r.source)},
                        {"passage", std::string(r.passage)},
                        {"thresholds", std::move(thresholds)}});
    }
    Json settings = Json::array();
    for (const auto &t : thresholdCatalogue())
        settings.push_back({{"name", std::string(t.name)},
                            {"value", num(inForce ? inForce->get(t.name) : t.defaultValue)},
                            {"unit", std::string(t.unit)},
                            {"source", std::string(t.source)},
                            {"description", std::string(t.description)}});
    Json out;
    out["rules"] = std::move(list);
    out["thresholds"] = std::move(settings);
    return out;
}

} // namespace docshape
