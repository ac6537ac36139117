#include "migrate/planners/ScriptParts.h"

#include "export/MongoshLiteral.h"
#include "util/JavaScriptText.h"

#include <algorithm>
#include <cmath>

namespace docshape::migration {

std::string js(const Json &value, int indent) { return mongoshLiteral(value, indent); }
std::string jsString(std::string_view s) { return javascript::stringLiteral(s); }
std::string quoted(const std::string &s) { return "`" + s + "`"; }

std::string liveWrites(LiveWrites scheme, const std::string &meanwhile) {
    switch (scheme) {
    case LiveWrites::PerDocument:
        return "per document, safe under live writes: one update pipeline per document, which the server applies "
               "to it at once; " + meanwhile;
    case LiveWrites::CopyVerifyRemove:
        return "copy, verify, then remove, safe under live writes: " + meanwhile;
    case LiveWrites::CopiesOnly:
        return "copies only, safe under live writes: nothing is removed; " + meanwhile;
    }
    return meanwhile;
}

std::string rewriteMeanwhile() {
    return "meanwhile the application may write either shape: a v1-shape write to a document already rewritten is "
           "refused where v2's validator fails it (the application sees the error), and otherwise rewritten by the "
           "step's second pass or the next run";
}

Json unsetList(const std::vector<std::string> &paths) {
    Json out = Json::array();
    for (const auto &p : paths) {
        const bool covered = std::any_of(paths.begin(), paths.end(), [&](const std::string &q) {
            return q != p && p.rfind(q + ".", 0) == 0;
        });
        if (!covered && std::find(out.begin(), out.end(), Json(p)) == out.end())
            out.push_back(p);
    }
    return out;
}

namespace {

double batchesOf(double documents, const MigrationOptions &o) {
    return o.batchSize == 0 ? 0 : std::ceil(documents / static_cast<double>(o.batchSize));
}

} // namespace

double writeSeconds(double documents, const MigrationOptions &o) {
    return documents / o.writeRate + batchesOf(documents, o) * static_cast<double>(o.pauseMs) / 1000.0;
}

Json mergeInto(const std::string &collection) {
    return {{"$merge", {{"into", collection}, {"on", "_id"}, {"whenMatched", "merge"}, {"whenNotMatched", "discard"}}}};
}

Json isObject(const std::string &ref) { return {{"$eq", Json::array({{{"$type", ref}}, "object"})}}; }

Json withSource(const std::string &idRef, const Json &in) {
    Json found = {{"$filter", {{"input", "$__source"}, {"as", "s"}, {"cond", {{"$eq", Json::array({"$$s._id", idRef})}}}}}};
    return {{"$let", {{"vars", {{"source", {{"$arrayElemAt", Json::array({std::move(found), 0})}}}}}, {"in", in}}}};
}

} // namespace docshape::migration
