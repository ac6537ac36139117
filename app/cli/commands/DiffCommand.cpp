#include "commands/Cli.h"

#include "diff/DiffReport.h"
#include "diff/ModelDiff.h"
#include "io/ProjectFile.h"

#include <optional>
#include <ostream>

namespace docshape::cli {

namespace {

constexpr std::string_view kForms[] = {"diff OLD NEW [--json]"};

constexpr Option kOptions[] = {
    {"OLD NEW", "two versions of a .docshape model"},
    {"--json", "the difference as JSON"},
};

constexpr Example kExamples[] = {
    {"docshape-cli diff old.docshape new.docshape", "what changed, and what follows from it"},
    {"docshape-cli diff old.docshape new.docshape --json > diff.json", "the same, for a script or a review tool"},
};

constexpr ExitStatus kExits[] = {
    {kOk, "the two are equal as designs"},
    {kFindings, "they differ"},
    {kUsage, "a usage error"},
    {kBadModel, "a model cannot be read or is invalid"},
};

} // namespace

const Command kDiffCommand{
    .name = "diff",
    .summary = "what changed between two versions, and what follows",
    .usage = kForms,
    .description = "Matches entities, fields, relationships, access patterns, indexes and decisions by id, "
                   "lists what was added, removed, renamed or changed (each property with its old and new "
                   "value) and the consequences: document sizes, index entries, findings and access costs.",
    .options = kOptions,
    .examples = kExamples,
    .exits = kExits,
    .takesModel = false,
    .run = runDiff,
};

int runDiff(const std::vector<std::string> &args, Io io) {
    std::vector<std::string> paths;
    bool json = false;
    for (const auto &arg : args) {
        if (arg == "--json")
            json = true;
        else if (!arg.empty() && arg[0] == '-')
            return usageError(kDiffCommand, io, "unknown option '" + arg + "'");
        else
            paths.push_back(arg);
    }
    if (paths.size() != 2)
        return usageError(kDiffCommand, io,
                          paths.size() < 2 ? "two models are needed" : "more than two models given");
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
