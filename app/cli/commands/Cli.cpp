#include "commands/Cli.h"

#include "io/ProjectFile.h"

#include <iostream>
#include <string_view>

namespace docshape::cli {

namespace {
struct Command {
    std::string_view name;
    std::string_view synopsis;
    int (*run)(const std::vector<std::string> &, Io);
};

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
};

void usage(std::ostream &os) {
    os << "usage: docshape-cli COMMAND ...\n\ncommands:\n";
    for (const auto &c : kCommands)
        os << "  " << c.synopsis << '\n';
}
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

int run(const std::vector<std::string> &args, Io io) {
    if (args.empty()) {
        usage(io.err);
        return kUsage;
    }
    if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        usage(io.out);
        return kOk;
    }
    for (const auto &c : kCommands)
        if (c.name == args[0])
            return c.run(std::vector<std::string>(args.begin() + 1, args.end()), io);
    io.err << "docshape-cli: unknown command '" << args[0] << "'\n";
    usage(io.err);
    return kUsage;
}

} // namespace docshape::cli
