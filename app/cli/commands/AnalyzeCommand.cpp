#include "commands/Cli.h"

#include "advisor/AdviceJson.h"
#include "estimate/Analysis.h"
#include "io/ProjectFile.h"
#include "util/Units.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iomanip>
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

Json optionalNumber(const std::optional<double> &v) { return v ? Json(*v) : Json(nullptr); }

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
        j["documents"] = c.documents;
        j["documentsAfterGrowth"] = c.documentsAfterGrowth;
        j["avgDocumentBytes"] = c.avgDocumentBytes;
        j["maxDocumentBytes"] = c.maxDocumentBytes ? Json(*c.maxDocumentBytes) : Json(nullptr);
        j["unbounded"] = c.unbounded;
        j["avgDocumentBytesAfterGrowth"] = c.avgDocumentBytesAfterGrowth;
        j["dataBytes"] = c.dataBytes;
        j["dataBytesAfterGrowth"] = c.dataBytesAfterGrowth;
        j["daysToAvgTarget"] = optionalNumber(c.daysToAvgTarget);
        j["daysToMaxLimit"] = optionalNumber(c.daysToMaxLimit);
        j["depth"] = c.depth;
        Json arrays = Json::array();
        for (const auto &ar : c.arrays)
            arrays.push_back({{"path", ar.path},
                              {"avgCount", ar.avgCount},
                              {"maxCount", ar.maxCount ? Json(*ar.maxCount) : Json(nullptr)},
                              {"growthPerDay", ar.growthPerDay}});
        j["arrays"] = std::move(arrays);
        Json indexes = Json::array();
        for (const auto &ix : c.indexes) {
            Json i{{"name", ix.name},
                   {"keys", keysJson(ix.keys)},
                   {"entries", ix.entries},
                   {"multikey", ix.multikey},
                   {"estimatedBytes", ix.estimatedBytes},
                   {"assumptions", std::string(ix.assumptions)}};
            if (!ix.error.empty())
                i["error"] = ix.error;
            indexes.push_back(std::move(i));
        }
        j["indexes"] = std::move(indexes);
        Json breakdown = Json::array();
        for (const auto &b : c.breakdown)
            breakdown.push_back({{"field", b.label()},
                                 {"avgBytes", b.avgBytes},
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

std::string count(double n) {
    char buf[32];
    std::snprintf(buf, sizeof buf, n >= 100 || n == std::floor(n) ? "%.0f" : "%.1f", n);
    return buf;
}

void printTable(std::ostream &os, const Project &project, const Analysis &a) {
    os << project.name << " — " << a.collections.size() << " collections\n";
    for (const auto &c : a.collections) {
        os << "\n" << c.name << "  (" << count(c.documents) << " documents, "
           << count(c.documentsAfterGrowth) << " after " << project.growthDays << " days)\n";
        os << "  document size   avg " << std::fixed << std::setprecision(1) << c.avgDocumentBytes
           << " B, max ";
        if (c.maxDocumentBytes) {
            os << *c.maxDocumentBytes << " B";
        } else {
            os << "unbounded (no maximum: ";
            for (std::size_t i = 0; i < c.unbounded.size(); ++i)
                os << (i ? ", " : "") << c.unbounded[i];
            os << ')';
        }
        os << "\n  data size       " << units::bytesText(c.dataBytes) << " now, "
           << units::bytesText(c.dataBytesAfterGrowth) << " after growth\n";
        if (c.daysToAvgTarget)
            os << "  avg crosses 100 KB after " << std::setprecision(0) << *c.daysToAvgTarget << " days\n";
        if (c.daysToMaxLimit)
            os << "  largest crosses 16 MiB after " << std::setprecision(0) << *c.daysToMaxLimit << " days\n";
        for (const auto &ar : c.arrays) {
            os << "  array " << ar.path << "  avg " << std::setprecision(1) << ar.avgCount << ", max ";
            if (ar.maxCount)
                os << *ar.maxCount;
            else
                os << "unbounded";
            if (ar.growthPerDay > 0)
                os << ", +" << std::setprecision(2) << ar.growthPerDay << "/day";
            os << '\n';
        }
        for (const auto &ix : c.indexes) {
            os << "  index " << ix.name << "  " << count(ix.entries) << " entries"
               << (ix.multikey ? " (multikey)" : "") << ", ~" << units::bytesText(ix.estimatedBytes)
               << " (estimate)";
            if (!ix.error.empty())
                os << "  ERROR: " << ix.error;
            os << '\n';
        }
        os << std::defaultfloat;
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
        printTable(io.out, *project, analysis);
    return kOk;
}

} // namespace docshape::cli
