#include "import/ImportSummary.h"

#include "util/Units.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace docshape::import {

std::string groupedNumber(std::uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

namespace {

std::string fixed(double x, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
    return buf;
}

} // namespace

std::string ImportSummary::text() const {
    std::string out;
    out += "Read " + groupedNumber(documents) + " documents (" + units::bytesText(double(bsonBytes)) + " of BSON, " +
           units::bytesText(double(inputBytes)) + " of input) in " + fixed(seconds, 2) + " s";
    if (seconds > 0)
        out += ": " + groupedNumber(std::uint64_t(double(documents) / seconds)) + " documents/s, " +
               units::bytesText(double(inputBytes) / seconds) + "/s";
    out += limited ? " (stopped at --limit)\n" : "\n";
    for (const auto &c : collections) {
        out += "\n" + c.name + ": " + groupedNumber(c.documents) + " documents";
        if (c.invalid)
            out += ", " + groupedNumber(c.invalid) + " invalid skipped";
        out += "; BSON size average " + units::bytesText(c.averageDocument()) + ", largest " +
               units::bytesWithExact(double(c.largestDocument)) + " (exact); " + groupedNumber(c.paths) + " paths";
        if (c.indexes)
            out += "; " + groupedNumber(c.indexes) + " indexes";
        if (!c.discriminator.empty())
            out += "; discriminator candidate '" + c.discriminator + "'";
        out += "\n";
    }
    if (!references.empty()) {
        out += "\nReference candidates (confirm them as relationships):\n";
        for (const auto &r : references)
            out += "  " + r.text() + "\n";
    }
    if (!findings.empty()) {
        out += "\nFindings:\n";
        for (const auto &f : findings)
            out += "  " + f.severity + " " + f.id + " " + f.where + ": " + f.message + "\n";
    }
    return out;
}

std::string ReferenceCandidate::text() const {
    return collection + "." + path + (array ? "[]" : "") + " -> " + target + "." + targetPath +
           (uniqueBy == "_id" ? "" : " (unique: " + uniqueBy + ")") + ": " + groupedNumber(found) + " of " +
           groupedNumber(compared) + " sampled " + keyType + " values found; " + representation();
}

std::string ReferenceCandidate::representation() const {
    return array ? "array of references in parent" : "reference from child";
}

std::string ImportSummary::json() const {
    nlohmann::ordered_json j;
    j["documents"] = documents;
    j["inputBytes"] = inputBytes;
    j["bsonBytes"] = bsonBytes;
    j["seconds"] = seconds;
    j["documentsPerSecond"] = seconds > 0 ? double(documents) / seconds : 0.0;
    j["inputBytesPerSecond"] = seconds > 0 ? double(inputBytes) / seconds : 0.0;
    j["limited"] = limited;
    auto &cs = j["collections"] = nlohmann::ordered_json::array();
    for (const auto &c : collections) {
        nlohmann::ordered_json o;
        o["name"] = c.name;
        o["files"] = c.files;
        o["documents"] = c.documents;
        o["invalid"] = c.invalid;
        o["avgDocumentBytes"] = c.averageDocument();
        o["maxDocumentBytes"] = c.largestDocument;
        o["paths"] = c.paths;
        o["indexes"] = c.indexes;
        o["discriminator"] = c.discriminator;
        cs.push_back(std::move(o));
    }
    auto &rs = j["references"] = nlohmann::ordered_json::array();
    for (const auto &r : references)
        rs.push_back({{"collection", r.collection}, {"path", r.path}, {"target", r.target},
                      {"targetPath", r.targetPath}, {"uniqueBy", r.uniqueBy}, {"keyType", r.keyType},
                      {"array", r.array}, {"representation", r.representation()}, {"compared", r.compared},
                      {"found", r.found}});
    auto &fs = j["findings"] = nlohmann::ordered_json::array();
    for (const auto &f : findings)
        fs.push_back({{"id", f.id}, {"severity", f.severity}, {"where", f.where}, {"message", f.message}});
    return j.dump(2) + "\n";
}

} // namespace docshape::import
