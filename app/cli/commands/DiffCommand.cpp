#include "commands/Cli.h"

#include "diff/DiffReport.h"
#include "diff/ModelDiff.h"
#include "export/types/TypesChanges.h"
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
                   "value) and the consequences: document sizes, index entries, findings and access costs, "
                   "and which application types (docshape-cli types) change, per collection.",
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
    // A model whose validator cannot be exported has no types to compare:
    // the diff is still worth having, and says why the types are missing.
    auto types = typesChanges(*before, *after);
    if (json) {
        nlohmann::ordered_json out = diffJson(diff);
        if (!types) {
            out["applicationTypes"] = {{"error", types.error().toString()}};
        } else {
            nlohmann::ordered_json list = nlohmann::ordered_json::array();
            for (const auto &t : *types)
                list.push_back({{"collection", t.collection},
                                {"collectionAdded", t.collectionAdded},
                                {"collectionRemoved", t.collectionRemoved},
                                {"added", t.added},
                                {"removed", t.removed},
                                {"changed", t.changed}});
            out["applicationTypes"] = std::move(list);
        }
        io.out << out.dump(2) << '\n';
    } else {
        io.out << diffText(diff);
        if (!types) {
            io.out << "\nApplication types: cannot compare: " << types.error().toString() << '\n';
        } else if (!types->empty()) {
            io.out << "\nApplication types (docshape-cli types) that change:\n";
            const auto list = [&](std::string_view what, const std::vector<std::string> &names) {
                if (names.empty())
                    return;
                io.out << "    " << what << ':';
                for (const auto &n : names)
                    io.out << ' ' << n << (&n == &names.back() ? "" : ",");
                io.out << '\n';
            };
            for (const auto &t : *types) {
                io.out << "  " << t.collection
                       << (t.collectionAdded ? " (new collection)" : t.collectionRemoved ? " (removed collection)" : "")
                       << '\n';
                list("added", t.added);
                list("removed", t.removed);
                list("changed", t.changed);
            }
        }
    }
    return diff.equal() ? kOk : kFindings;
}

} // namespace docshape::cli
