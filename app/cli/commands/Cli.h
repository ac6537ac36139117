#pragma once

#include "core/Project.h"

#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace docshape::cli {

// Exit codes, fit for CI. Each command declares which it uses (Command::exits).
enum Exit : int {
    kOk = 0,
    kFindings = 1,   // lint findings at the --fail-on level, invalid documents, models that differ
    kUsage = 2,      // bad command line
    kBadModel = 3,   // unreadable input (model, schema, documents), invalid model, schema the server refuses
};

struct Io {
    std::istream &in;
    std::ostream &out;
    std::ostream &err;
};

// Loads a model for a command; on failure writes the error, with the path,
// to io.err and returns nothing (the command exits kBadModel).
std::optional<Project> loadModel(const std::string &path, Io io);

// A command's help, declared once beside the command in its own file. From it
// come `docshape-cli help NAME` and `docshape-cli NAME --help` (the dispatcher
// answers both before the command runs), the command list of `--help`, the
// usage lines of the command's errors (usageError) and the man page
// (ManPage.h). Texts are plain sentences; the help printer aligns and wraps
// them at 80 columns.
struct Option {
    std::string_view name;    // "MODEL", "--count N"
    std::string_view meaning;
};

// A command line a user would type, starting with "docshape-cli NAME".
// tests/cli/HelpTest.cpp runs every example, in the order the commands are
// listed, in a directory holding model.docshape (the order-aggregate example)
// and old.docshape, new.docshape (two versions of one model, from
// tests/data/migrate/embed-referenced): arguments are split at spaces, `> FILE` writes standard output to FILE, and
// an example may use a file an earlier example wrote. It must not be a usage
// error or a bad model (exit 2 or 3).
struct Example {
    std::string_view command;
    std::string_view meaning;
};

struct ExitStatus {
    int code;
    std::string_view meaning;
};

struct Command {
    std::string_view name;
    std::string_view summary;                // one line for the command list
    std::span<const std::string_view> usage; // each form, without "docshape-cli "
    std::string_view description;
    std::span<const Option> options;
    std::span<const Example> examples;
    std::span<const ExitStatus> exits;
    // MODEL may be given as `--example NAME`, a bundled example: the
    // dispatcher replaces it by the example's path, and the help lists
    // MODEL and --example before `options` (HelpText.h).
    bool takesModel;
    // Runs with the arguments after the command name; never sees --help.
    int (*run)(const std::vector<std::string> &args, Io io);
};

// Adding a command: a file commands/NameCommand.cpp that defines
// `const Command kNameCommand` (help and run function together), its
// declaration below, and its line in the table of Cli.cpp (or, for a command
// that draws, of DrawingCommands.cpp). Nothing else needs to know about it.
extern const Command kAnalyzeCommand;
extern const Command kSampleCommand;
extern const Command kExportCommand;
extern const Command kTypesCommand;
extern const Command kValidateCommand;
extern const Command kLintCommand;
extern const Command kDiffCommand;
extern const Command kMigrateCommand;
extern const Command kInferCommand;
extern const Command kExerciseCommand;

// The commands that draw (diagram, report) need the studio's canvas, so they
// live in their own library, docshape_cli_drawing, which links Qt; the rest
// of the CLI stays Qt-free. drawingCommands() is defined there;
// drawingUnavailable() here, for a build without the studio: the same names,
// each saying why it cannot run. `more` below is one of the two (or nothing):
// the dispatcher, the overview and the man page list them after commands().
extern const Command kDiagramCommand; // in docshape_cli_drawing
extern const Command kReportCommand;  // in docshape_cli_drawing
std::span<const Command *const> drawingCommands();
std::span<const Command *const> drawingUnavailable();

// Where `infer` puts the cards of the model it writes: by default the
// importer's grid, which knows nothing of the cards' sizes; the studio's
// auto-layout (layOutModel, in docshape_cli_drawing) when the program draws.
using ModelLayout = void (*)(Project &project);
void setModelLayout(ModelLayout layout);
void layOutModel(Project &project); // in docshape_cli_drawing

// Every command of this library, in the order `docshape-cli --help` lists
// them.
std::span<const Command *const> commands();
// What each exit code means across the commands.
std::span<const ExitStatus> exitStatuses();
const Command *findCommand(std::string_view name, std::span<const Command *const> more = {});

// Dispatches `docshape-cli COMMAND ARGS...`; args excludes the program name.
// Also `--help`, `help [COMMAND]` and `--version`.
int run(const std::vector<std::string> &args, Io io, std::span<const Command *const> more = {});

// The full help of one command, and the overview of all of them.
void printHelp(const Command &command, std::ostream &out);
void printOverview(std::ostream &out, std::span<const Command *const> more = {});

// "docshape-cli NAME: MESSAGE", the command's usage lines and where its help
// is, on io.err. Returns kUsage.
int usageError(const Command &command, Io io, std::string_view message);

// The run functions, one per command file; args excludes the command name.
int runAnalyze(const std::vector<std::string> &args, Io io);
int runSample(const std::vector<std::string> &args, Io io);
int runExport(const std::vector<std::string> &args, Io io);
int runTypes(const std::vector<std::string> &args, Io io);
int runValidate(const std::vector<std::string> &args, Io io);
int runLint(const std::vector<std::string> &args, Io io);
int runDiff(const std::vector<std::string> &args, Io io);
int runMigrate(const std::vector<std::string> &args, Io io);
int runExercise(const std::vector<std::string> &args, Io io);
// In docshape_cli_drawing (see drawingCommands()).
int runDiagram(const std::vector<std::string> &args, Io io);
int runReport(const std::vector<std::string> &args, Io io);
int runInfer(const std::vector<std::string> &args, Io io);

} // namespace docshape::cli
