#include "commands/Cli.h"

#include "help/HelpText.h"

#include "BuildInfo.h"
#include "io/BundledExamples.h"
#include "io/ProjectFile.h"

#include <algorithm>
#include <iostream>

namespace docshape::cli {

namespace {

// The commands, in the order the overview lists them and the help's examples
// run in (HelpTest): an example may read what an earlier one wrote.
constexpr const Command *kCommands[] = {
    &kAnalyzeCommand, &kSampleCommand, &kExportCommand, &kTypesCommand, &kValidateCommand,
    &kLintCommand, &kDiffCommand, &kMigrateCommand, &kInferCommand, &kExerciseCommand,
};

constexpr ExitStatus kExitStatuses[] = {
    {kOk, "success"},
    {kFindings, "lint findings at or above the --fail-on level (default error), invalid documents, models that "
                "differ, or submissions that fail a check"},
    {kUsage, "a usage error, or an output that cannot be written"},
    {kBadModel, "an input that cannot be read (a model, a schema, a documents file), an invalid model, or a "
                "schema the server refuses"},
};

// In a build without the studio, diagram and report say why they are not
// there.
int unavailable(const std::vector<std::string> &, Io io) {
    io.err << "docshape-cli: this build has no diagram or report: they draw with the studio's canvas, and it was "
              "built without the studio (DOCSHAPE_STUDIO=OFF)\n";
    return kUsage;
}

constexpr std::string_view kDiagramForm[] = {"diagram MODEL --out FILE.svg|FILE.png"};
constexpr std::string_view kReportForm[] = {"report MODEL --out FILE.html|FILE.pdf"};
constexpr ExitStatus kUnavailableExits[] = {{kUsage, "always: this build has no studio to draw with"}};

constexpr Command kDiagramUnavailable{
    .name = "diagram",
    .summary = "the diagram as the studio draws it (not in this build: it needs the studio)",
    .usage = kDiagramForm,
    .description = "Not in this build: it draws with the studio's canvas, and it was built without the studio "
                   "(DOCSHAPE_STUDIO=OFF).",
    .options = {},
    .examples = {},
    .exits = kUnavailableExits,
    .takesModel = false,
    .run = unavailable,
};
constexpr Command kReportUnavailable{
    .name = "report",
    .summary = "the design-review report (not in this build: it needs the studio)",
    .usage = kReportForm,
    .description = kDiagramUnavailable.description,
    .options = {},
    .examples = {},
    .exits = kUnavailableExits,
    .takesModel = false,
    .run = unavailable,
};
constexpr const Command *kUnavailable[] = {&kDiagramUnavailable, &kReportUnavailable};

bool isHelp(std::string_view arg) { return arg == "--help" || arg == "-h"; }

// Replaces `--example NAME` (or `--example=NAME`) by the example's path.
// Returns the message of a usage error, or empty.
std::string resolveExample(std::vector<std::string> &args) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string name;
        if (args[i] == "--example") {
            if (i + 1 >= args.size())
                return "--example needs a NAME";
            name = args[i + 1];
            args.erase(args.begin() + std::ptrdiff_t(i) + 1);
        } else if (args[i].starts_with("--example=")) {
            name = args[i].substr(std::string_view("--example=").size());
        } else {
            continue;
        }
        auto path = findBundledExample(name);
        if (!path)
            return path.error().toString();
        args[i] = *path;
    }
    return {};
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

std::span<const Command *const> commands() { return kCommands; }

std::span<const ExitStatus> exitStatuses() { return kExitStatuses; }

std::span<const Command *const> drawingUnavailable() { return kUnavailable; }

const Command *findCommand(std::string_view name, std::span<const Command *const> more) {
    for (auto list : {commands(), more})
        for (const Command *c : list)
            if (c->name == name)
                return c;
    return nullptr;
}

int run(const std::vector<std::string> &args, Io io, std::span<const Command *const> more) {
    if (args.empty()) {
        printOverview(io.err, more);
        return kUsage;
    }
    const std::string &first = args[0];
    if (isHelp(first) || (first == "help" && args.size() == 1)) {
        printOverview(io.out, more);
        return kOk;
    }
    if (first == "--version") {
        io.out << "docshape-cli " << build::kVersion << '\n';
        return kOk;
    }
    const bool helpFor = first == "help";
    const std::string &name = helpFor ? args[1] : first;
    const Command *command = findCommand(name, more);
    if (!command || (helpFor && args.size() > 2)) {
        io.err << "docshape-cli: "
               << (command ? "help takes one command" : "unknown command '" + name + "'") << "\n\n";
        printOverview(io.err, more);
        return kUsage;
    }
    std::vector<std::string> rest(args.begin() + 1, args.end());
    if (helpFor || std::any_of(rest.begin(), rest.end(), isHelp)) {
        printHelp(*command, io.out);
        return kOk;
    }
    if (command->takesModel)
        if (const std::string message = resolveExample(rest); !message.empty())
            return usageError(*command, io, message);
    return command->run(rest, io);
}

} // namespace docshape::cli
