#include "commands/Cli.h"

#include "io/ProjectFile.h"

#include <iostream>
#include <string_view>

namespace docshape::cli {

namespace {
constexpr Command kCommands[] = {
    {"analyze", "analyze MODEL [--json]            sizes, arrays, indexes, growth", runAnalyze},
    {"sample", "sample MODEL --collection NAME [--count N] [--seed S] [--shape typical|max]",
     runSample},
    {"export", "export MODEL --out DIR              validators, indexes, mongosh script",
     runExport},
    {"validate", "validate --schema FILE DOCS [--json]  check documents against $jsonSchema",
     runValidate},
    {"lint", "lint MODEL [--json] [--fail-on error|warning|info] | lint --rules", runLint},
    {"diff", "diff OLD NEW [--json]               what changed between two versions, and what follows",
     runDiff},
    {"migrate", "migrate OLD NEW --out DIR          mongosh migration script and PLAN.md", runMigrate},
    {"infer", "infer FILE|DIR|- ... --out MODEL [--limit N] [--json]  a model from mongoexport/mongodump data",
     runInfer},
};

void usage(std::ostream &os, std::span<const Command> more) {
    os << "usage: docshape-cli COMMAND ...\n\ncommands:\n";
    for (const auto &c : kCommands)
        os << "  " << c.synopsis << '\n';
    for (const auto &c : more)
        os << "  " << c.synopsis << '\n';
}

int unavailable(const std::vector<std::string> &, Io io) {
    io.err << "docshape-cli: this build has no diagram or report: they draw with the studio's canvas, and it was "
              "built without the studio (DOCSHAPE_STUDIO=OFF)\n";
    return kUsage;
}

constexpr Command kUnavailable[] = {
    {"diagram", "diagram MODEL --out FILE.svg|FILE.png   (not in this build: needs the studio)", unavailable},
    {"report", "report MODEL --out FILE.html|FILE.pdf    (not in this build: needs the studio)", unavailable},
};
} // namespace

std::optional<Project> loadModel(const std::string &path, Io io) {
    auto project = loadProject(path);
    if (!project) {
        const Error &e = project.error();
        io.err << (e.where == path ? "" : path + ": ") << e.toString() << '\n';
        return std::nullopt;
    }
    return std::move(*project);
}

std::span<const Command> drawingUnavailable() { return kUnavailable; }

int run(const std::vector<std::string> &args, Io io, std::span<const Command> more) {
    if (args.empty()) {
        usage(io.err, more);
        return kUsage;
    }
    if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        usage(io.out, more);
        return kOk;
    }
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    for (const auto &c : kCommands)
        if (c.name == args[0])
            return c.run(rest, io);
    for (const auto &c : more)
        if (c.name == args[0])
            return c.run(rest, io);
    io.err << "docshape-cli: unknown command '" << args[0] << "'\n";
    usage(io.err, more);
    return kUsage;
}

} // namespace docshape::cli
