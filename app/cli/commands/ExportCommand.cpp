#include "commands/Cli.h"

#include "export/ExportBundle.h"
#include "io/ProjectFile.h"

#include <ostream>

namespace docshape::cli {

namespace {
constexpr const char *kUsageLine = "usage: docshape-cli export MODEL --out DIR\n";

int usageError(Io io, const std::string &message) {
    io.err << "docshape-cli export: " << message << '\n' << kUsageLine;
    return kUsage;
}
} // namespace

// Writes DIR/mongosh/create.js, DIR/validators/<collection>.json and
// DIR/indexes/<collection>.json (see exportAll). Exit 0 when written, 2 for
// a bad command line or an unwritable DIR, 3 for a model that does not load
// or cannot be exported.
int runExport(const std::vector<std::string> &args, Io io) {
    std::string path;
    std::string outDir;
    bool outGiven = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (arg == "--out") {
            if (i + 1 >= args.size())
                return usageError(io, "--out needs a directory");
            outDir = args[++i];
            outGiven = true;
        } else if (arg.rfind("--out=", 0) == 0) {
            outDir = arg.substr(6);
            outGiven = true;
        } else if (arg == "--help" || arg == "-h") {
            io.out << kUsageLine;
            return kOk;
        } else if (!arg.empty() && arg[0] == '-') {
            return usageError(io, "unknown option '" + arg + "'");
        } else if (path.empty()) {
            path = arg;
        } else {
            return usageError(io, "more than one model given");
        }
    }
    if (path.empty())
        return usageError(io, "no model given");
    if (!outGiven || outDir.empty())
        return usageError(io, "--out DIR is required");

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
