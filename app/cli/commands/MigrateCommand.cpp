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
constexpr const char *kUsageLine =
    "usage: docshape-cli migrate OLD.docshape NEW.docshape --out DIR [--batch-size N] [--pause-ms N]\n"
    "                            [--write-rate DOCS_PER_S] [--index-rate ENTRIES_PER_S]\n";

constexpr const char *kHelp =
    "\nWrites DIR/migrate.js (a mongosh script) and DIR/PLAN.md (the order of work, each step's\n"
    "cost and rollback) for moving a database from the OLD model to the NEW one: new indexes\n"
    "first, validators relaxed to moderate while documents are rewritten in batches by _id\n"
    "(idempotent, resumable), representation changes with $lookup/$merge, old indexes and\n"
    "collections dropped last, a dry run and a rollback section.\n"
    "  --batch-size N     documents per batch (default 1000)\n"
    "  --pause-ms N       pause between batches (default 100)\n"
    "  --write-rate R     documents rewritten per second, for the plan's estimates (default 1000)\n"
    "  --index-rate R     index entries built per second, for the estimates (default 100000)\n"
    "Changes the script does not make are listed in PLAN.md and on stderr.\n"
    "Exit 0 when written, 2 for a bad command line or an unwritable DIR, 3 when a model does\n"
    "not load or a value the script must write cannot be made.\n";

int usageError(Io io, const std::string &message) {
    io.err << "docshape-cli migrate: " << message << '\n' << kUsageLine;
    return kUsage;
}

std::optional<double> positive(const std::string &text) {
    double value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(value) || value <= 0)
        return std::nullopt;
    return value;
}

} // namespace

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
        if (arg == "--help" || arg == "-h") {
            io.out << kUsageLine << kHelp;
            return kOk;
        }
        if (arg == "--out") {
            auto v = next();
            if (!v || v->empty())
                return usageError(io, "--out needs a directory");
            outDir = *v;
        } else if (arg == "--batch-size" || arg == "--pause-ms" || arg == "--write-rate" || arg == "--index-rate") {
            const std::optional<std::string> v = next();
            const double number = v ? positive(*v).value_or(0) : 0;
            const bool integral = arg == "--batch-size" || arg == "--pause-ms";
            if (number <= 0 || (integral && (number != std::floor(number) || number > 1e9)))
                return usageError(io, arg + " needs a positive " + (integral ? "integer" : "number") +
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
            return usageError(io, "unknown option '" + arg + "'");
        } else {
            paths.push_back(arg);
        }
    }
    if (paths.size() != 2)
        return usageError(io, paths.size() < 2 ? "two models are needed" : "more than two models given");
    if (outDir.empty())
        return usageError(io, "--out DIR is required");
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
