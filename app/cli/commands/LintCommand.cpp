#include "commands/Cli.h"

#include "advisor/AdviceJson.h"
#include "advisor/Advisor.h"
#include "core/Thresholds.h"
#include "estimate/Analysis.h"
#include "io/ProjectFile.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <ostream>

namespace docshape::cli {

namespace {

constexpr const char *kUsageText =
    "usage: docshape-cli lint MODEL [--json] [--fail-on error|warning|info]\n"
    "       docshape-cli lint --rules [MODEL] [--json]\n";

std::string numberText(double v) {
    nlohmann::json j = v;
    return j.dump();
}

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
               << numberText(inForce ? inForce->get(t->name) : t->defaultValue) << ' ' << t->unit << " ("
               << t->source << ")\n";
        }
    }
    os << "\nthresholds (override by name in the model's \"thresholds\"):\n";
    for (const auto &t : thresholdCatalogue())
        os << "  " << t.name << " = " << numberText(inForce ? inForce->get(t.name) : t.defaultValue) << ' '
           << t.unit << "  " << t.description << " (" << t.source << ")\n";
}

void printFindings(std::ostream &os, const std::string &path, const std::vector<Finding> &findings) {
    std::size_t counts[3] = {0, 0, 0};
    for (const auto &f : findings) {
        ++counts[static_cast<int>(f.severity)];
        os << path << ": " << toString(f.severity) << ' ' << f.id << ' ' << f.target.kind << " '" << f.target.name
           << "'" << (f.target.id.empty() ? "" : " (" + f.target.id + ")") << ": " << f.message() << '\n'
           << "    why: " << f.reason() << " [" << f.source() << "]\n"
           << "    fix: " << f.fix() << '\n';
    }
    os << findings.size() << " finding" << (findings.size() == 1 ? "" : "s") << ": " << counts[2] << " error"
       << (counts[2] == 1 ? "" : "s") << ", " << counts[1] << " warning" << (counts[1] == 1 ? "" : "s") << ", "
       << counts[0] << " info\n";
}

} // namespace

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
                if (i + 1 >= args.size()) {
                    io.err << "docshape-cli lint: --fail-on needs a level (error, warning or info)\n" << kUsageText;
                    return kUsage;
                }
                level = args[++i];
            } else {
                level = arg.substr(std::string_view("--fail-on=").size());
            }
            auto parsed = severityFromString(level);
            if (!parsed) {
                io.err << "docshape-cli lint: unknown level '" << level << "' (error, warning or info)\n"
                       << kUsageText;
                return kUsage;
            }
            failOn = *parsed;
        } else if (arg == "--help" || arg == "-h") {
            io.out << kUsageText;
            return kOk;
        } else if (!arg.empty() && arg[0] == '-') {
            io.err << "docshape-cli lint: unknown option '" << arg << "'\n" << kUsageText;
            return kUsage;
        } else if (path.empty()) {
            path = arg;
        } else {
            io.err << "docshape-cli lint: more than one model given\n" << kUsageText;
            return kUsage;
        }
    }
    if (!rules && path.empty()) {
        io.err << kUsageText;
        return kUsage;
    }

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
