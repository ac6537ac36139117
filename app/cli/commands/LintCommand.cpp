#include "commands/Cli.h"

#include "advisor/AdviceJson.h"
#include "advisor/Advisor.h"
#include "core/Thresholds.h"
#include "estimate/Analysis.h"
#include "io/ProjectFile.h"
#include "util/Units.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <ostream>

namespace docshape::cli {

namespace {

constexpr std::string_view kForms[] = {
    "lint MODEL [--json] [--fail-on error|warning|info]",
    "lint --rules [MODEL] [--json]",
};

constexpr Option kOptions[] = {
    {"--json", "the findings (or the rules) as JSON"},
    {"--fail-on LEVEL", "exit 1 when a finding is at LEVEL or above: error (the default), warning or info"},
    {"--rules", "the rule catalogue and the thresholds, with their sources; with MODEL, the thresholds the "
                "model overrides in force"},
};

constexpr Example kExamples[] = {
    {"docshape-cli lint model.docshape", "each finding, why, its source and the fix"},
    {"docshape-cli lint --example saas-multitenant --fail-on warning",
     "fail a CI step on warnings as well as errors"},
    {"docshape-cli lint --rules", "what the advisor checks, and the thresholds it uses"},
};

constexpr ExitStatus kExits[] = {
    {kOk, "no finding at or above the --fail-on level, error by default (or the rules were listed)"},
    {kFindings, "a finding at or above the --fail-on level: by default an error; warnings and info alone exit 0"},
    {kUsage, "a usage error"},
    {kBadModel, "the model cannot be read or is invalid"},
};

void printRules(std::ostream &os, const Project *project) {
    std::optional<Thresholds> inForce;
    if (project)
        inForce.emplace(*project);
    for (const auto &r : ruleCatalogue()) {
        os << r.id << "  " << toString(r.severity) << "  " << r.title << "\n      source: " << r.source << '\n';
        for (auto name : r.thresholds) {
            const ThresholdSetting *t = findThreshold(name);
            if (!t)
                continue;
            os << "      threshold " << t->name << " = "
               << units::quantityText(inForce ? inForce->get(t->name) : t->defaultValue, t->unit) << " ("
               << t->source << ")\n";
        }
    }
    os << "\nthresholds (override by name in the model's \"thresholds\"):\n";
    for (const auto &t : thresholdCatalogue())
        os << "  " << t.name << " = " << units::quantityText(inForce ? inForce->get(t.name) : t.defaultValue, t.unit)
           << "  " << t.description << " (" << t.source << ")\n";
}

void printFindings(std::ostream &os, const std::string &path, const std::vector<Finding> &findings) {
    std::size_t counts[3] = {0, 0, 0};
    for (const auto &f : findings) {
        ++counts[static_cast<int>(f.severity)];
        os << path << ": " << toString(f.severity) << ' ' << f.id << ' ' << targetText(f.target) << ": "
           << f.message() << '\n'
           << "    why: " << f.reason() << " [" << f.source() << "]\n"
           << "    fix: " << f.fix() << '\n';
    }
    os << findings.size() << " finding" << (findings.size() == 1 ? "" : "s") << ": " << counts[2] << " error"
       << (counts[2] == 1 ? "" : "s") << ", " << counts[1] << " warning" << (counts[1] == 1 ? "" : "s") << ", "
       << counts[0] << " info\n";
}

} // namespace

const Command kLintCommand{
    .name = "lint",
    .summary = "the advisor's findings, with reasons and fixes",
    .usage = kForms,
    .description = "The advisor's findings on the model: each with its severity, the object it points at, a "
                   "message, the reasoning with its source (the course texts or MongoDB's documentation) and a fix.",
    .options = kOptions,
    .examples = kExamples,
    .exits = kExits,
    .takesModel = true,
    .run = runLint,
};

int runLint(const std::vector<std::string> &args, Io io) {
    std::string path;
    bool json = false;
    bool rules = false;
    Severity failOn = Severity::Error;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (arg == "--json") {
            json = true;
        } else if (arg == "--rules") {
            rules = true;
        } else if (arg == "--fail-on" || arg.starts_with("--fail-on=")) {
            std::string level;
            if (arg == "--fail-on") {
                if (i + 1 >= args.size())
                    return usageError(kLintCommand, io, "--fail-on needs a level (error, warning or info)");
                level = args[++i];
            } else {
                level = arg.substr(std::string_view("--fail-on=").size());
            }
            auto parsed = severityFromString(level);
            if (!parsed)
                return usageError(kLintCommand, io, "unknown level '" + level + "' (error, warning or info)");
            failOn = *parsed;
        } else if (!arg.empty() && arg[0] == '-') {
            return usageError(kLintCommand, io, "unknown option '" + arg + "'");
        } else if (path.empty()) {
            path = arg;
        } else {
            return usageError(kLintCommand, io, "more than one model given");
        }
    }
    if (!rules && path.empty())
        return usageError(kLintCommand, io, "no model given");

    std::optional<Project> project;
    if (!path.empty()) {
        auto loaded = loadProject(path);
        if (!loaded) {
            io.err << path << ": " << loaded.error().toString() << '\n';
            return kBadModel;
        }
        project = std::move(*loaded);
    }
    if (rules) {
        if (json)
            io.out << rulesJson(project ? &*project : nullptr).dump(2) << '\n';
        else
            printRules(io.out, project ? &*project : nullptr);
        return kOk;
    }

    const Analysis analysis = analyze(*project);
    const std::vector<Finding> findings = lint(*project, analysis);
    if (json)
        io.out << findingsJson(findings).dump(2) << '\n';
    else
        printFindings(io.out, path, findings);
    return reaches(findings, failOn) ? kFindings : kOk;
}

} // namespace docshape::cli
