#include "commands/Cli.h"

#include "diff/DiffReport.h"
#include "diff/ModelDiff.h"
#include "io/ProjectFile.h"

#include <optional>
#include <ostream>

namespace docshape::cli {

namespace {
constexpr const char *kUsageLine = "usage: docshape-cli diff OLD.docshape NEW.docshape [--json]\n";

int usageError(Io io, const std::string &message) {
    io.err << "docshape-cli diff: " << message << '\n' << kUsageLine;
    return kUsage;
}

} // namespace

// Compares two versions of a model by id. Exit 0 when they are equal as
// designs, 1 when they differ, 2 for a bad command line, 3 when a model does
// not load.
int runDiff(const std::vector<std::string> &args, Io io) {
    std::vector<std::string> paths;
    bool json = false;
    for (const auto &arg : args) {
        if (arg == "--json")
            json = true;
        else if (arg == "--help" || arg == "-h") {
            io.out << kUsageLine
                   << "\nMatches entities, fields, relationships, access patterns, indexes and decisions by id,\n"
                      "lists what was added, removed, renamed or changed (each property with its old and new\n"
                      "value) and the consequences: document sizes, index entries, findings and access costs.\n"
                      "Exit 0 when equal, 1 when different, 2 for usage, 3 when a model does not load.\n";
            return kOk;
        } else if (!arg.empty() && arg[0] == '-')
            return usageError(io, "unknown option '" + arg + "'");
        else
            paths.push_back(arg);
    }
    if (paths.size() != 2)
        return usageError(io, paths.size() < 2 ? "two models are needed" : "more than two models given");
    std::optional<Project> before = loadModel(paths[0], io);
    if (!before)
        return kBadModel;
    std::optional<Project> after = loadModel(paths[1], io);
    if (!after)
        return kBadModel;
    const ModelDiff diff = diffModels(*before, *after);
    if (json)
        io.out << diffJson(diff).dump(2) << '\n';
    else
        io.out << diffText(diff);
    return diff.equal() ? kOk : kFindings;
}

} // namespace docshape::cli
