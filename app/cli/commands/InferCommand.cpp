#include "commands/Cli.h"

#include "import/Importer.h"
#include "io/ProjectFile.h"

#include <charconv>
#include <ostream>
#include <string>
#include <string_view>
#include <variant>

namespace docshape::cli {

namespace {

constexpr std::string_view kHelp =
    "usage: docshape-cli infer FILE|DIR|- ... --out MODEL.docshape [--limit N] [--json]\n"
    "                          [--skip-invalid] [--collection NAME] [--name PROJECT]\n"
    "\n"
    "Reads every document of mongoexport and mongodump output and writes the model they imply.\n"
    "  FILE          NAME.json, .jsonl or .ndjson (Extended JSON, one document a line or a JSON\n"
    "                array: mongoexport), NAME.bson with NAME.metadata.json beside it (mongodump),\n"
    "                any of them gzip-compressed (.gz); the collection is NAME\n"
    "  DIR           every such file in the directory and one level down (dump/DB/)\n"
    "  -             mongoexport output on standard input (collection --collection, default 'stdin')\n"
    "  --out MODEL   the .docshape file to write, only when the import completes\n"
    "  --limit N     read at most N documents of each collection\n"
    "  --skip-invalid  count and skip invalid documents instead of stopping at the first\n"
    "  --json        the summary as JSON\n"
    "Prints what was read and inferred: documents, exact BSON sizes, paths, findings, reference\n"
    "candidates, time and throughput. Exit codes: 0 done, 2 usage, 3 unreadable or invalid input.\n"
    "\n"
    "examples:\n"
    "  docshape-cli infer dump/shop --out shop.docshape\n"
    "  mongoexport -c orders | docshape-cli infer - --collection orders --out orders.docshape\n";

struct Options {
    std::vector<std::string> inputs;
    std::string out;
    std::string collection = "stdin";
    std::string name;
    std::uint64_t limit = 0;
    bool json = false;
    bool skipInvalid = false;
    bool help = false;
};

std::variant<Options, std::string> parse(const std::vector<std::string> &args) {
    Options o;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string arg = args[i];
        if (arg == "--help" || arg == "-h") {
            o.help = true;
            return o;
        }
        if (arg == "-" || arg.size() < 2 || arg.compare(0, 2, "--") != 0) {
            o.inputs.push_back(arg);
            continue;
        }
        if (arg == "--json") {
            o.json = true;
            continue;
        }
        if (arg == "--skip-invalid") {
            o.skipInvalid = true;
            continue;
        }
        std::string value;
        if (auto eq = arg.find('='); eq != std::string::npos) {
            value = arg.substr(eq + 1);
            arg = arg.substr(0, eq);
        } else if (arg == "--out" || arg == "--limit" || arg == "--collection" || arg == "--name") {
            if (i + 1 >= args.size())
                return arg + " needs a value";
            value = args[++i];
        }
        if (arg == "--out") {
            o.out = value;
        } else if (arg == "--collection") {
            o.collection = value;
        } else if (arg == "--name") {
            o.name = value;
        } else if (arg == "--limit") {
            std::uint64_t n = 0;
            auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
            if (value.empty() || ec != std::errc() || ptr != value.data() + value.size() || n == 0)
                return "--limit wants a whole number of documents from 1, not '" + value + "'";
            o.limit = n;
        } else {
            return "unknown option '" + arg + "'";
        }
    }
    if (o.inputs.empty())
        return std::string("missing FILE, DIR or -");
    if (o.out.empty())
        return std::string("missing --out MODEL.docshape");
    return o;
}

} // namespace

int runInfer(const std::vector<std::string> &args, Io io) {
    auto parsed = parse(args);
    if (auto *message = std::get_if<std::string>(&parsed)) {
        io.err << "docshape-cli infer: " << *message << "\n\n" << kHelp;
        return kUsage;
    }
    const Options &o = std::get<Options>(parsed);
    if (o.help) {
        io.out << kHelp;
        return kOk;
    }
    import::ImportOptions options;
    options.limit = o.limit;
    options.skipInvalid = o.skipInvalid;
    options.projectName = o.name;
    import::Importer importer(options);
    for (const auto &input : o.inputs) {
        if (input == "-") {
            importer.addStandardInput(o.collection);
            continue;
        }
        if (Status s = importer.addPath(input); !s) {
            io.err << "docshape-cli infer: " << s.error().toString() << '\n';
            return kBadModel;
        }
    }
    auto result = importer.run();
    if (!result) {
        io.err << "docshape-cli infer: " << result.error().toString() << "\nnothing was written to " << o.out << '\n';
        return kBadModel;
    }
    if (Status s = saveProject(result->project, o.out); !s) {
        io.err << "docshape-cli infer: " << s.error().toString() << '\n';
        return kBadModel;
    }
    io.out << (o.json ? result->summary.json() : result->summary.text());
    if (!o.json)
        io.out << "\nWrote " << o.out << '\n';
    return kOk;
}

} // namespace docshape::cli
