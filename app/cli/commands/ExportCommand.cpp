#include "commands/Cli.h"

#include "export/ExportBundle.h"
#include "io/ProjectFile.h"

#include <ostream>

namespace docshape::cli {

namespace {

constexpr std::string_view kForms[] = {"export MODEL --out DIR"};

constexpr Option kOptions[] = {
    {"--out DIR", "where to write; made if missing, and files already there are replaced"},
};

constexpr Example kExamples[] = {
    {"docshape-cli export model.docshape --out schema",
     "schema/mongosh/create.js, schema/validators/orders.json, schema/indexes/orders.json, ..."},
};

constexpr ExitStatus kExits[] = {
    {kOk, "written"},
    {kUsage, "a usage error, or DIR cannot be written"},
    {kBadModel, "the model cannot be read, is invalid, or cannot be exported as it is (e.g. a bad partial "
                "filter)"},
};

} // namespace

const Command kExportCommand{
    .name = "export",
    .summary = "$jsonSchema validators, index definitions and a mongosh script",
    .usage = kForms,
    .description = "Writes DIR/mongosh/create.js (the collections with their validators, and their indexes), "
                   "DIR/validators/<collection>.json ($jsonSchema) and DIR/indexes/<collection>.json: the "
                   "same bytes as the studio's Export dialog.",
    .options = kOptions,
    .examples = kExamples,
    .exits = kExits,
    .takesModel = true,
    .run = runExport,
};

// Writes the files of exportAll; the exit status as kExits says.
int runExport(const std::vector<std::string> &args, Io io) {
    std::string path;
    std::string outDir;
    bool outGiven = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (arg == "--out") {
            if (i + 1 >= args.size())
                return usageError(kExportCommand, io, "--out needs a directory");
            outDir = args[++i];
            outGiven = true;
        } else if (arg.rfind("--out=", 0) == 0) {
            outDir = arg.substr(6);
            outGiven = true;
        } else if (!arg.empty() && arg[0] == '-') {
            return usageError(kExportCommand, io, "unknown option '" + arg + "'");
        } else if (path.empty()) {
            path = arg;
        } else {
            return usageError(kExportCommand, io, "more than one model given");
        }
    }
    if (path.empty())
        return usageError(kExportCommand, io, "no model given");
    if (!outGiven || outDir.empty())
        return usageError(kExportCommand, io, "--out DIR is required");

    auto project = loadProject(path);
    if (!project) {
        const Error &e = project.error();
        io.err << (e.where == path ? "" : path + ": ") << e.toString() << '\n';
        return kBadModel;
    }
    auto files = exportAll(*project);
    if (!files) {
        io.err << path << ": cannot export: " << files.error().toString() << '\n';
        return kBadModel;
    }
    if (Status written = writeExport(*files, outDir); !written) {
        io.err << "docshape-cli export: " << written.error().toString() << '\n';
        return kUsage;
    }
    io.out << "wrote " << files->size() << " files to " << outDir << '\n';
    for (const auto &f : *files)
        io.out << "  " << f.relativePath << '\n';
    return kOk;
}

} // namespace docshape::cli
