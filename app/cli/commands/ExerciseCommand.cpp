#include "commands/Cli.h"

#include "exercise/ClassSummary.h"
#include "exercise/ExerciseCatalog.h"
#include "exercise/ExerciseCheck.h"
#include "io/ProjectFile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <ostream>

namespace docshape::cli {

namespace {

namespace fs = std::filesystem;
using namespace docshape::exercise;

constexpr std::string_view kForms[] = {
    "exercise list [--json] [--dir DIR]",
    "exercise start ID --out FILE [--force] [--dir DIR]",
    "exercise check ID SUBMISSION... [--json|--csv] [--dir DIR]",
};

constexpr Option kOptions[] = {
    {"ID", "an exercise's id or number (exercise list shows them)"},
    {"SUBMISSION", "a student's .docshape file, or a folder of them"},
    {"--out FILE", "start: where to write the exercise's starting model"},
    {"--force", "start: replace FILE if it exists"},
    {"--json", "list, check: the result as JSON"},
    {"--csv", "check: one row per student and check, for a spreadsheet"},
    {"--dir DIR", "read the exercises from a folder laid out as resources/exercises instead of the bundled ones"},
};

constexpr Example kExamples[] = {
    {"docshape-cli exercise list", "the ten exercises, their mastery topics, checks and hints"},
    {"docshape-cli exercise start 1 --out student.docshape", "a student's starting model for exercise 1"},
    {"docshape-cli exercise check 1 student.docshape",
     "grades it: each check passed or failed with its reason (the starting model fails, exit 1)"},
    {"docshape-cli exercise check 1 student.docshape --csv", "the same as CSV, for a class spreadsheet"},
};

constexpr ExitStatus kExits[] = {
    {kOk, "listed, written, or every submission passes every check"},
    {kFindings, "some submission fails a check or cannot be read"},
    {kUsage, "a usage error, an unknown exercise, or FILE exists without --force"},
    {kBadModel, "the exercises cannot be read, or FILE cannot be written"},
};

struct Options {
    std::string sub;
    std::vector<std::string> positional;
    std::string dir;
    std::string out;
    bool json = false;
    bool csv = false;
    bool force = false;
};

// One graded submission: its grade, or why it could not be read.
struct Graded {
    std::string file;
    std::optional<Grade> grade;
    std::string error;
};

std::string csvField(const std::string &s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos)
        return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + '"';
}

nlohmann::ordered_json targetJson(const FindingTarget &t) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    if (t.kind.empty())
        return j;
    j["kind"] = t.kind;
    if (!t.id.empty())
        j["id"] = t.id;
    j["name"] = t.name;
    return j;
}

// Where a check failed, named as findings name it; nothing for the whole project.
std::string placeText(const FindingTarget &t) {
    if (t.kind.empty() || t.kind == "project")
        return {};
    return docshape::targetText(t);
}

// The submissions named on the command line: files as given, folders as
// their .docshape files in name order.
std::optional<std::vector<std::string>> submissionFiles(const std::vector<std::string> &names, Io io) {
    std::vector<std::string> out;
    for (const std::string &name : names) {
        std::error_code ec;
        if (fs::is_directory(name, ec)) {
            std::vector<std::string> inside;
            for (const auto &entry : fs::directory_iterator(name, ec))
                if (entry.is_regular_file() && entry.path().extension() == ".docshape")
                    inside.push_back(entry.path().string());
            std::sort(inside.begin(), inside.end());
            if (inside.empty()) {
                io.err << "docshape-cli exercise check: " << name << ": holds no .docshape file\n";
                return std::nullopt;
            }
            out.insert(out.end(), inside.begin(), inside.end());
        } else if (fs::exists(name, ec)) {
            out.push_back(name);
        } else {
            io.err << "docshape-cli exercise check: " << name << ": no such file or folder\n";
            return std::nullopt;
        }
    }
    return out;
}

int list(const std::vector<Exercise> &exercises, const Options &o, Io io) {
    if (o.json) {
        nlohmann::ordered_json j = nlohmann::ordered_json::array();
        for (const auto &ex : exercises) {
            nlohmann::ordered_json e;
            e["number"] = ex.number;
            e["id"] = ex.id;
            e["title"] = ex.title;
            e["topics"] = ex.topics;
            e["hints"] = ex.hints.size();
            nlohmann::ordered_json checks = nlohmann::ordered_json::array();
            for (const auto &c : ex.checks)
                checks.push_back({{"id", c.id}, {"says", c.says}});
            e["checks"] = std::move(checks);
            j.push_back(std::move(e));
        }
        io.out << j.dump(2) << '\n';
        return kOk;
    }
    for (const auto &ex : exercises) {
        io.out << ex.number << ". " << ex.id << "  " << ex.title << "\n   topics: ";
        for (std::size_t i = 0; i < ex.topics.size(); ++i)
            io.out << (i ? "; " : "") << ex.topics[i];
        io.out << "\n   " << ex.checks.size() << " checks, " << ex.hints.size() << " hints\n";
    }
    return kOk;
}

int start(const Exercise &ex, const Options &o, Io io) {
    if (o.out.empty())
        return usageError(kExerciseCommand, io, "start needs --out FILE");
    std::error_code ec;
    if (!o.force && fs::exists(o.out, ec)) {
        io.err << "docshape-cli exercise start: " << o.out << " exists (use --force to replace it)\n";
        return kUsage;
    }
    if (const Status saved = saveProject(ex.start, o.out); !saved) {
        io.err << "docshape-cli exercise start: " << saved.error().toString() << '\n';
        return kBadModel;
    }
    io.out << "wrote " << o.out << ": the starting model of exercise " << ex.number << ", " << ex.title << '\n';
    return kOk;
}

void printText(const Exercise &ex, const std::vector<Graded> &graded, const std::vector<CheckTally> &summary, Io io) {
    std::size_t passedAll = 0;
    for (const Graded &g : graded) {
        if (!g.grade) {
            io.out << g.file << ": cannot be graded: " << g.error << '\n';
            continue;
        }
        const std::size_t total = g.grade->checks.size();
        const std::size_t failed = g.grade->failures();
        passedAll += failed == 0;
        io.out << g.file << ": " << (total - failed) << "/" << total << " checks pass\n";
        for (const CheckResult &c : g.grade->checks) {
            if (c.passed)
                continue;
            const std::string where = placeText(c.target);
            io.out << "  FAIL " << c.id << ": " << c.says << "\n       " << c.reason
                   << (where.empty() ? "" : "\n       at " + where) << '\n';
        }
    }
    io.out << "\nclass summary, exercise " << ex.number << " (" << ex.id << "): " << passedAll << " of "
           << graded.size() << " submissions pass every check\n";
    for (const CheckTally &t : summary)
        io.out << "  " << t.failed << "/" << t.graded << " fail  " << t.id << ": " << t.says << '\n';
}

void printJson(const Exercise &ex, const std::vector<Graded> &graded, const std::vector<CheckTally> &summary, Io io) {
    nlohmann::ordered_json j;
    j["exercise"] = ex.id;
    j["number"] = ex.number;
    nlohmann::ordered_json subs = nlohmann::ordered_json::array();
    for (const Graded &g : graded) {
        nlohmann::ordered_json s;
        s["file"] = g.file;
        s["passed"] = g.grade && g.grade->passed();
        if (!g.grade) {
            s["error"] = g.error;
        } else {
            nlohmann::ordered_json checks = nlohmann::ordered_json::array();
            for (const CheckResult &c : g.grade->checks)
                checks.push_back({{"id", c.id},
                                  {"says", c.says},
                                  {"passed", c.passed},
                                  {"reason", c.reason},
                                  {"target", targetJson(c.target)}});
            s["checks"] = std::move(checks);
        }
        subs.push_back(std::move(s));
    }
    j["submissions"] = std::move(subs);
    nlohmann::ordered_json sum = nlohmann::ordered_json::array();
    for (const CheckTally &t : summary)
        sum.push_back({{"id", t.id}, {"says", t.says}, {"failed", t.failed}, {"graded", t.graded}});
    j["summary"] = std::move(sum);
    io.out << j.dump(2) << '\n';
}

// One row per submission and check; then the class summary, one row per
// check with "class" as the submission and "failed/graded" as the result.
void printCsv(const std::vector<Graded> &graded, const std::vector<CheckTally> &summary, Io io) {
    io.out << "submission,check,result,reason,target\n";
    for (const Graded &g : graded) {
        if (!g.grade) {
            io.out << csvField(g.file) << ",model,fail," << csvField(g.error) << ",\n";
            continue;
        }
        for (const CheckResult &c : g.grade->checks)
            io.out << csvField(g.file) << ',' << csvField(c.id) << ',' << (c.passed ? "pass" : "fail") << ','
                   << csvField(c.reason) << ',' << csvField(placeText(c.target)) << '\n';
    }
    for (const CheckTally &t : summary)
        io.out << "class," << csvField(t.id) << ',' << t.failed << '/' << t.graded << " fail," << csvField(t.says)
               << ",\n";
}

int check(const Exercise &ex, const Options &o, Io io) {
    if (o.positional.size() < 2)
        return usageError(kExerciseCommand, io, "check needs an exercise and at least one submission");
    if (o.json && o.csv)
        return usageError(kExerciseCommand, io, "--json and --csv exclude each other");
    const auto files = submissionFiles({o.positional.begin() + 1, o.positional.end()}, io);
    if (!files)
        return kUsage;
    std::vector<Graded> graded;
    std::vector<Grade> grades;
    for (const std::string &file : *files) {
        auto project = loadProject(file);
        if (!project) {
            const Error &e = project.error();
            graded.push_back({file, std::nullopt, e.where == file ? e.message : e.toString()});
            continue;
        }
        Grade g = grade(ex, *project);
        grades.push_back(g);
        graded.push_back({file, std::move(g), {}});
    }
    const std::vector<CheckTally> summary = classSummary(grades);
    if (o.json)
        printJson(ex, graded, summary, io);
    else if (o.csv)
        printCsv(graded, summary, io);
    else
        printText(ex, graded, summary, io);
    const bool all =
        std::all_of(graded.begin(), graded.end(), [](const Graded &g) { return g.grade && g.grade->passed(); });
    return all ? kOk : kFindings;
}

} // namespace

const Command kExerciseCommand{
    .name = "exercise",
    .summary = "the workshop: list the lesson's exercises, start one, grade a class's submissions",
    .usage = kForms,
    .description = "The lesson's ten exercises, checked. check reads each submission through the analysis, the "
                   "advisor, the exported validators and the migration planner (never by comparing it with the "
                   "solution) and prints, per student and per check, pass or fail with the reason and the object "
                   "it concerns, then a class summary: the checks most students fail first.",
    .options = kOptions,
    .examples = kExamples,
    .exits = kExits,
    .takesModel = false,
    .run = runExercise,
};

int runExercise(const std::vector<std::string> &args, Io io) {
    Options o;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (arg == "--json") {
            o.json = true;
        } else if (arg == "--csv") {
            o.csv = true;
        } else if (arg == "--force") {
            o.force = true;
        } else if (arg == "--dir" || arg == "--out") {
            if (i + 1 >= args.size())
                return usageError(kExerciseCommand, io, arg + " needs a value");
            (arg == "--dir" ? o.dir : o.out) = args[++i];
        } else if (arg.starts_with("--")) {
            return usageError(kExerciseCommand, io, "unknown option '" + arg + "'");
        } else if (o.sub.empty()) {
            o.sub = arg;
        } else {
            o.positional.push_back(arg);
        }
    }
    if (o.sub.empty())
        return usageError(kExerciseCommand, io, "needs list, start or check");
    if (o.sub != "list" && o.sub != "start" && o.sub != "check")
        return usageError(kExerciseCommand, io, "unknown subcommand '" + o.sub + "'");

    Result<std::vector<Exercise>> loaded = o.dir.empty() ? bundledExercises() : loadExercises(o.dir);
    if (!loaded) {
        io.err << "docshape-cli exercise: " << loaded.error().toString() << '\n';
        return kBadModel;
    }
    const std::vector<Exercise> &exercises = *loaded;
    if (o.sub == "list")
        return list(exercises, o, io);
    if (o.positional.empty())
        return usageError(kExerciseCommand, io, o.sub + " needs an exercise id or number");
    const Exercise *ex = findExercise(exercises, o.positional.front());
    if (!ex) {
        io.err << "docshape-cli exercise: no exercise '" << o.positional.front()
               << "' (docshape-cli exercise list shows them)\n";
        return kUsage;
    }
    if (o.sub == "start")
        return o.positional.size() == 1 ? start(*ex, o, io) : usageError(kExerciseCommand, io, "start takes one exercise");
    return check(*ex, o, io);
}

} // namespace docshape::cli
