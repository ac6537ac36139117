#include "commands/Cli.h"

#include "export/ExportBundle.h"
#include "io/ProjectFile.h"
#include "migrate/MigrationPlan.h"

#include <charconv>
#include <cmath>
#include <optional>
#include <ostream>

namespace docshape::cli {

namespace {
constexpr std::string_view kForms[] = {
    "migrate OLD NEW --out DIR [--batch-size N] [--pause-ms N] [--write-rate R] [--index-rate R]"};

constexpr Option kOptions[] = {
    {"OLD NEW", "the .docshape model the database follows now, and the one it is to follow"},
    {"--out DIR", "where to write migrate.js and PLAN.md; made if missing"},
    {"--batch-size N", "documents per batch (default 1000)"},
    {"--pause-ms N", "pause between batches, in milliseconds (default 100)"},
    {"--write-rate R", "documents rewritten per second, for the plan's estimates (default 1000)"},
    {"--index-rate R", "index entries built per second, for the estimates (default 100000)"},
};

constexpr Example kExamples[] = {
    {"docshape-cli migrate old.docshape new.docshape --out migration",
     "migration/migrate.js and migration/PLAN.md"},
    {"docshape-cli migrate old.docshape new.docshape --out migration --batch-size 200 --pause-ms 500",
     "smaller batches and longer pauses, for a busy primary"},
};

constexpr ExitStatus kExits[] = {
    {kOk, "written"},
    {kUsage, "a usage error, or DIR cannot be written"},
    {kBadModel, "a model cannot be read or is invalid, or a value the script must write cannot be made"},
};

std::optional<double> positive(const std::string &text) {
    double value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(value) || value <= 0)
        return std::nullopt;
    return value;
}

} // namespace

const Command kMigrateCommand{
    .name = "migrate",
    .summary = "a mongosh migration script and its plan, from two versions",
    .usage = kForms,
    .description = "Writes DIR/migrate.js (a mongosh script) and DIR/PLAN.md (the order of work, each step's "
                   "cost and rollback) for moving a database from the OLD model to the NEW one: new indexes "
                   "first, validators relaxed to moderate while documents are rewritten in batches by _id "
                   "(idempotent, resumable), representation changes with $lookup/$merge, old indexes and "
                   "collections dropped last, a dry run and a rollback section. Changes the script does not "
                   "make are listed in PLAN.md and on standard error.",
    .options = kOptions,
    .examples = kExamples,
    .exits = kExits,
    .takesModel = false,
    .run = runMigrate,
};

int runMigrate(const std::vector<std::string> &args, Io io) {
    std::vector<std::string> paths;
    std::string outDir;
    MigrationOptions options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string arg = args[i];
        std::string value;
        bool hasValue = false;
        if (auto eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
            value = arg.substr(eq + 1);
            arg = arg.substr(0, eq);
            hasValue = true;
        }
        auto next = [&]() -> std::optional<std::string> {
            if (hasValue)
                return value;
            if (i + 1 >= args.size())
                return std::nullopt;
            return args[++i];
        };
        if (arg == "--out") {
            auto v = next();
            if (!v || v->empty())
                return usageError(kMigrateCommand, io, "--out needs a directory");
            outDir = *v;
        } else if (arg == "--batch-size" || arg == "--pause-ms" || arg == "--write-rate" || arg == "--index-rate") {
            const std::optional<std::string> v = next();
            const double number = v ? positive(*v).value_or(0) : 0;
            const bool integral = arg == "--batch-size" || arg == "--pause-ms";
            if (number <= 0 || (integral && (number != std::floor(number) || number > 1e9)))
                return usageError(kMigrateCommand, io,
                                  arg + " needs a positive " + (integral ? "integer" : "number") +
                                      (v ? ", not '" + *v + "'" : std::string()));
            if (arg == "--batch-size")
                options.batchSize = static_cast<std::uint64_t>(number);
            else if (arg == "--pause-ms")
                options.pauseMs = static_cast<std::uint64_t>(number);
            else if (arg == "--write-rate")
                options.writeRate = number;
            else
                options.indexRate = number;
        } else if (!arg.empty() && arg[0] == '-') {
            return usageError(kMigrateCommand, io, "unknown option '" + arg + "'");
        } else {
            paths.push_back(arg);
        }
    }
    if (paths.size() != 2)
        return usageError(kMigrateCommand, io,
                          paths.size() < 2 ? "two models are needed" : "more than two models given");
    if (outDir.empty())
        return usageError(kMigrateCommand, io, "--out DIR is required");
    std::optional<Project> before = loadModel(paths[0], io);
    if (!before)
        return kBadModel;
    std::optional<Project> after = loadModel(paths[1], io);
    if (!after)
        return kBadModel;
    auto plan = planMigration(*before, *after, options);
    if (!plan) {
        io.err << paths[1] << ": cannot plan the migration: " << plan.error().toString() << '\n';
        return kBadModel;
    }
    const std::vector<ExportFile> files = {{"migrate.js", migrationScript(*plan)}, {"PLAN.md", migrationPlanText(*plan)}};
    if (Status written = writeExport(files, outDir); !written) {
        io.err << "docshape-cli migrate: " << written.error().toString() << '\n';
        return kUsage;
    }
    io.out << "wrote " << outDir << "/migrate.js and " << outDir << "/PLAN.md: " << plan->steps.size() << " steps\n";
    for (const auto &s : plan->steps)
        io.out << "  " << s.id << (s.reversible ? "" : "  (not fully reversible)") << '\n';
    for (const auto &w : plan->warnings)
        io.err << "warning: " << w << '\n';
    return kOk;
}

} // namespace docshape::cli
