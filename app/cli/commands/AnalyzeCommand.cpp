#include "commands/Cli.h"

#include "advisor/AdviceJson.h"
#include "estimate/Analysis.h"
#include "io/ProjectFile.h"
#include "util/Units.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <ostream>

namespace docshape::cli {

namespace {

using Json = nlohmann::ordered_json;

Json keysJson(std::span<const IndexKey> keys) {
    Json out = Json::object();
    for (const auto &k : keys) {
        if (k.kind == "1" || k.kind == "-1")
            out[k.path] = std::stoi(k.kind);
        else
            out[k.path] = k.kind;
    }
    return out;
}

// Doubles without float noise (jsonNumber: three decimals at most); byte
// totals, products of counts and averages, as whole bytes.
Json number(double v) { return jsonNumber(v); }
Json wholeBytes(double v) { return jsonNumber(std::round(v)); }
Json optionalNumber(const std::optional<double> &v) { return v ? number(*v) : Json(nullptr); }

Json analysisJson(const Project &project, const Analysis &a) {
    Json root;
    root["project"] = project.name;
    Json collections = Json::array();
    for (const auto &c : a.collections) {
        Json j;
        j["name"] = c.name;
        j["kind"] = c.kind == CollectionKind::Entity ? "entity"
                    : c.kind == CollectionKind::Junction ? "junction"
                                                          : "bucket";
        j["documents"] = number(c.documents);
        j["documentsAfterGrowth"] = number(c.documentsAfterGrowth);
        j["avgDocumentBytes"] = number(c.avgDocumentBytes);
        j["maxDocumentBytes"] = c.maxDocumentBytes ? Json(*c.maxDocumentBytes) : Json(nullptr);
        j["unbounded"] = c.unbounded;
        j["avgDocumentBytesAfterGrowth"] = number(c.avgDocumentBytesAfterGrowth);
        j["dataBytes"] = wholeBytes(c.dataBytes);
        j["dataBytesAfterGrowth"] = wholeBytes(c.dataBytesAfterGrowth);
        j["daysToAvgTarget"] = optionalNumber(c.daysToAvgTarget);
        j["daysToMaxLimit"] = optionalNumber(c.daysToMaxLimit);
        j["depth"] = c.depth;
        Json arrays = Json::array();
        for (const auto &ar : c.arrays)
            arrays.push_back({{"path", ar.path},
                              {"avgCount", number(ar.avgCount)},
                              {"maxCount", ar.maxCount ? Json(*ar.maxCount) : Json(nullptr)},
                              {"growthPerDay", number(ar.growthPerDay)}});
        j["arrays"] = std::move(arrays);
        Json indexes = Json::array();
        for (const auto &ix : c.indexes) {
            Json i{{"name", ix.name},
                   {"keys", keysJson(ix.keys)},
                   {"entries", number(ix.entries)},
                   {"multikey", ix.multikey},
                   {"estimatedBytes", wholeBytes(ix.estimatedBytes)},
                   {"assumptions", std::string(ix.assumptions)}};
            if (!ix.error.empty())
                i["error"] = ix.error;
            indexes.push_back(std::move(i));
        }
        j["indexes"] = std::move(indexes);
        Json breakdown = Json::array();
        for (const auto &b : c.breakdown)
            breakdown.push_back({{"field", b.label()},
                                 {"avgBytes", number(b.avgBytes)},
                                 {"maxBytes", b.bounded ? Json(b.maxBytes) : Json(nullptr)}});
        j["breakdown"] = std::move(breakdown);
        collections.push_back(std::move(j));
    }
    root["collections"] = std::move(collections);
    Json problems = Json::array();
    for (const auto &p : a.problems)
        problems.push_back({{"severity", p.severity}, {"where", p.where}, {"message", p.message}});
    root["problems"] = std::move(problems);
    return root;
}

// Counts as text: thousands separated, one decimal below 100 ("2.5"
// elements), whole from there.
std::string count(double n) { return units::numberText(n >= 100 ? std::round(n) : std::round(n * 10) / 10); }

// What the header calls a model: its name, or for a model without one the
// file it came from.
std::string modelTitle(const Project &project, const std::string &path) {
    if (!project.name.empty())
        return project.name;
    return "unnamed model (" + std::filesystem::path(path).filename().string() + ")";
}

void printTable(std::ostream &os, const Project &project, const std::string &path, const Analysis &a) {
    os << modelTitle(project, path) << " — " << a.collections.size()
       << (a.collections.size() == 1 ? " collection\n" : " collections\n");
    for (const auto &c : a.collections) {
        os << "\n" << c.name << "  (" << count(c.documents) << " documents, "
           << count(c.documentsAfterGrowth) << " after " << project.growthDays << " days)\n";
        os << "  document size   avg " << units::bytesText(c.avgDocumentBytes) << ", max ";
        if (c.maxDocumentBytes) {
            os << units::bytesText(double(*c.maxDocumentBytes));
        } else {
            os << "unbounded (no maximum: ";
            for (std::size_t i = 0; i < c.unbounded.size(); ++i)
                os << (i ? ", " : "") << c.unbounded[i];
            os << ')';
        }
        os << "\n  data size       " << units::bytesText(c.dataBytes) << " now, "
           << units::bytesText(c.dataBytesAfterGrowth) << " after growth\n";
        if (c.daysToAvgTarget)
            os << "  the average document crosses 100 KB after " << count(std::round(*c.daysToAvgTarget)) << " days\n";
        if (const std::string largest = largestCrossingText(c, a.maxDocumentBytes); !largest.empty())
            os << "  " << largest << "\n";
        for (const auto &ar : c.arrays) {
            os << "  array " << ar.path << "  avg " << count(ar.avgCount) << ", max ";
            if (ar.maxCount)
                os << count(double(*ar.maxCount));
            else
                os << "unbounded";
            if (ar.growthPerDay > 0)
                os << ", +" << units::numberText(std::round(ar.growthPerDay * 100) / 100) << "/day";
            os << '\n';
        }
        for (const auto &ix : c.indexes) {
            os << "  index " << ix.name << "  " << count(ix.entries) << " entries"
               << (ix.multikey ? " (multikey)" : "") << ", estimated " << units::bytesText(ix.estimatedBytes);
            if (!ix.error.empty())
                os << "  ERROR: " << ix.error;
            os << '\n';
        }
    }
    if (!a.problems.empty()) {
        os << "\nproblems:\n";
        for (const auto &p : a.problems)
            os << "  " << p.severity << ": " << (p.where.empty() ? "" : p.where + ": ") << p.message << '\n';
    }
}

constexpr std::string_view kForms[] = {"analyze MODEL [--json]"};

constexpr Option kOptions[] = {
    {"--json", "the same as JSON, with the advisor's cost of each access pattern, the relationships, the "
               "suggested indexes and the worksheets"},
};

constexpr Example kExamples[] = {
    {"docshape-cli analyze model.docshape", "the analysis as a table"},
    {"docshape-cli analyze --example order-aggregate --json > analysis.json",
     "a bundled example's analysis as JSON, for a script"},
};

constexpr ExitStatus kExits[] = {
    {kOk, "analysed"},
    {kUsage, "a usage error"},
    {kBadModel, "the model cannot be read or is invalid"},
};

} // namespace

const Command kAnalyzeCommand{
    .name = "analyze",
    .summary = "sizes, arrays, indexes and growth, per collection",
    .usage = kForms,
    .description = "Per collection: documents now and after growth, average and maximum BSON document size "
                   "(exact; unbounded where an array has no bound), arrays with their bounds and growth, the "
                   "day the average crosses 100 KB and the largest document 16 MiB, index entries (multikey, "
                   "sparse, partial) and estimated index size, and the limit checks.",
    .options = kOptions,
    .examples = kExamples,
    .exits = kExits,
    .takesModel = true,
    .run = runAnalyze,
};

int runAnalyze(const std::vector<std::string> &args, Io io) {
    std::string path;
    bool json = false;
    for (const auto &arg : args) {
        if (arg == "--json")
            json = true;
        else if (!arg.empty() && arg[0] == '-')
            return usageError(kAnalyzeCommand, io, "unknown option '" + arg + "'");
        else if (path.empty())
            path = arg;
        else
            return usageError(kAnalyzeCommand, io, "more than one model given");
    }
    if (path.empty())
        return usageError(kAnalyzeCommand, io, "no model given");
    auto project = loadProject(path);
    if (!project) {
        io.err << path << ": " << project.error().toString() << '\n';
        return kBadModel;
    }
    const Analysis analysis = analyze(*project);
    if (json) {
        Json out = analysisJson(*project, analysis);
        appendAdvice(out, *project, analysis);
        io.out << out.dump(2) << '\n';
    }
    else
        printTable(io.out, *project, path, analysis);
    return kOk;
}

} // namespace docshape::cli
