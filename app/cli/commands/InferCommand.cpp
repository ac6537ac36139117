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

constexpr std::string_view kForms[] = {
    "infer FILE|DIR|- ... --out MODEL.docshape [--limit N] [--json] [--skip-invalid] [--collection NAME] "
    "[--name PROJECT]",
};

constexpr Option kOptions[] = {
    {"FILE", "NAME.json, .jsonl or .ndjson (Extended JSON, one document a line or a JSON array: mongoexport), "
             "NAME.bson with NAME.metadata.json beside it (mongodump), any of them gzip-compressed (.gz); the "
             "collection is NAME"},
    {"DIR", "every such file in the directory and one level down (dump/DB/)"},
    {"-", "mongoexport output on standard input (the collection is --collection, default 'stdin')"},
    {"--out MODEL", "the .docshape file to write, only when the import completes"},
    {"--limit N", "read at most N documents of each collection"},
    {"--skip-invalid", "count and skip invalid documents instead of stopping at the first"},
    {"--json", "the summary as JSON"},
    {"--collection NAME", "the collection of the documents read from standard input"},
    {"--name PROJECT", "the model's name"},
};

constexpr Example kExamples[] = {
    {"docshape-cli infer orders.json --out inferred.docshape",
     "a model from the orders the sample example wrote: sizes, paths, findings and reference candidates"},
    {"docshape-cli infer orders.json --limit 10 --json --out first10.docshape",
     "from the first 10 documents only, the summary as JSON"},
};

constexpr ExitStatus kExits[] = {
    {kOk, "the model was written"},
    {kUsage, "a usage error"},
    {kBadModel, "an input cannot be read or holds an invalid document (nothing is written), or MODEL cannot "
                "be written"},
};

struct Options {
    std::vector<std::string> inputs;
    std::string out;
    std::string collection = "stdin";
    std::string name;
    std::uint64_t limit = 0;
    bool json = false;
    bool skipInvalid = false;
};

std::variant<Options, std::string> parse(const std::vector<std::string> &args) {
    Options o;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string arg = args[i];
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

const Command kInferCommand{
    .name = "infer",
    .summary = "a model from mongoexport or mongodump data",
    .usage = kForms,
    .description = "Reads every document of mongoexport and mongodump output and writes the model they imply "
                   "(mongoexport -c orders | docshape-cli infer - --collection orders --out orders.docshape "
                   "reads a pipe). Prints what was read and inferred: documents, exact BSON sizes, paths, "
                   "findings, reference candidates, time and throughput.",
    .options = kOptions,
    .examples = kExamples,
    .exits = kExits,
    .takesModel = false,
    .run = runInfer,
};

namespace {
ModelLayout g_layout = nullptr;
} // namespace

void setModelLayout(ModelLayout layout) { g_layout = layout; }

// The exit status as kExits says.
int runInfer(const std::vector<std::string> &args, Io io) {
    auto parsed = parse(args);
    if (auto *message = std::get_if<std::string>(&parsed))
        return usageError(kInferCommand, io, *message);
    const Options &o = std::get<Options>(parsed);
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
    if (g_layout)
        g_layout(result->project);
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
