#pragma once

#include "core/Project.h"

#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace docshape::cli {

// Exit codes, fit for CI.
enum Exit : int {
    kOk = 0,
    kFindings = 1,   // lint findings at the --fail-on level, invalid documents, models that differ
    kUsage = 2,      // bad command line
    kBadModel = 3,   // unreadable or invalid model, or a schema the server refuses
};

struct Io {
    std::istream &in;
    std::ostream &out;
    std::ostream &err;
};

// Loads a model for a command; on failure writes the error, with the path,
// to io.err and returns nothing (the command exits kBadModel).
std::optional<Project> loadModel(const std::string &path, Io io);
struct Command {
    std::string_view name;
    std::string_view synopsis;
    int (*run)(const std::vector<std::string> &, Io);
};

// Dispatches `docshape-cli COMMAND ARGS...`; args excludes the program name.
// `more` adds commands that live outside this library (drawingCommands()).
int run(const std::vector<std::string> &args, Io io, std::span<const Command> more = {});

// The commands that draw (diagram, report) need the studio's canvas, so they
// live in their own library, docshape_cli_render, which links Qt; the rest
// of the CLI stays Qt-free. drawingCommands() is defined there;
// drawingUnavailable() here, for a build without the studio: the same names,
// each saying why it cannot run.
std::span<const Command> drawingCommands();
std::span<const Command> drawingUnavailable();

// One function per command, each in its own file; args excludes the command.
int runAnalyze(const std::vector<std::string> &args, Io io);
int runSample(const std::vector<std::string> &args, Io io);
int runExport(const std::vector<std::string> &args, Io io);
int runValidate(const std::vector<std::string> &args, Io io);
int runLint(const std::vector<std::string> &args, Io io);
int runDiff(const std::vector<std::string> &args, Io io);
int runMigrate(const std::vector<std::string> &args, Io io);
// In docshape_cli_drawing (see drawingCommands()).
int runDiagram(const std::vector<std::string> &args, Io io);
int runReport(const std::vector<std::string> &args, Io io);
int runInfer(const std::vector<std::string> &args, Io io);

} // namespace docshape::cli
