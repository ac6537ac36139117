#include "commands/Cli.h"

#include "derive/DeriveCollections.h"
#include "io/ProjectFile.h"
#include "sample/SampleGenerator.h"

#include <charconv>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <variant>

namespace docshape::cli {

namespace {

constexpr std::uint64_t kMaxCount = 1'000'000;
constexpr std::uint64_t kDefaultCount = 10;
constexpr std::uint64_t kDefaultSeed = 1;

constexpr std::string_view kForms[] = {
    "sample MODEL --collection NAME [--count N] [--seed S] [--shape typical|max] [--break RULE]"};

constexpr Option kOptions[] = {
    {"--collection NAME", "the collection to sample (as `analyze` names it)"},
    {"--count N", "how many documents, 1 to 1000000 (default 10)"},
    {"--seed S", "the same seed (default 1) gives the same documents"},
    {"--shape typical", "presence, lengths and counts drawn from the model: the mean size converges to the "
                        "average document size of `analyze` (the default)"},
    {"--shape max", "every key present, lengths and counts at their maximum: each document is exactly the "
                    "maximum document size"},
    {"--break RULE", "each document breaks RULE in one value: missing-required, wrong-type, array-over-bound "
                     "or outside-enum; standard error gets one line per document, 'document K breaks RULE "
                     "at PATH' (PATH dotted, array elements by index, e.g. items.2.sku)"},
};

constexpr Example kExamples[] = {
    {"docshape-cli sample model.docshape --collection orders --count 100 > orders.json",
     "100 typical orders, one per line"},
    {"docshape-cli sample model.docshape --collection orders --shape max --count 1",
     "an order of exactly the maximum document size"},
    {"docshape-cli sample --example order-aggregate --collection orders --break wrong-type > bad.json",
     "orders a validator must refuse, and where each one breaks it"},
};

constexpr ExitStatus kExits[] = {
    {kOk, "the documents were printed"},
    {kUsage, "a usage error, a collection the model does not have, or a --shape or --break the collection "
             "cannot give (the maximum of an unbounded array, an enum it does not have)"},
    {kBadModel, "the model cannot be read or is invalid"},
};

struct Options {
    std::string model;
    std::string collection;
    std::uint64_t count = kDefaultCount;
    std::uint64_t seed = kDefaultSeed;
    SampleShape shape = SampleShape::Typical;
    std::optional<BreakRule> breakRule;
};

std::optional<std::uint64_t> parseUnsigned(std::string_view s) {
    std::uint64_t value = 0;
    const char *end = s.data() + s.size();
    auto [ptr, ec] = std::from_chars(s.data(), end, value);
    if (s.empty() || ec != std::errc() || ptr != end)
        return std::nullopt;
    return value;
}

// Options or the message of a usage error.
std::variant<Options, std::string> parse(const std::vector<std::string> &args) {
    Options o;
    bool haveCollection = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string arg = args[i];
        if (arg.size() < 2 || arg.compare(0, 2, "--") != 0) {
            if (!o.model.empty())
                return "unexpected argument '" + arg + "' (one MODEL only)";
            o.model = arg;
            continue;
        }
        std::string value;
        bool inlineValue = false;
        if (auto eq = arg.find('='); eq != std::string::npos) {
            value = arg.substr(eq + 1);
            arg = arg.substr(0, eq);
            inlineValue = true;
        }
        const bool known = arg == "--collection" || arg == "--count" || arg == "--seed" || arg == "--shape" ||
                           arg == "--break";
        if (!known)
            return "unknown option '" + arg + "'";
        if (!inlineValue) {
            if (i + 1 >= args.size())
                return arg + " needs a value";
            value = args[++i];
        }
        if (arg == "--collection") {
            o.collection = value;
            haveCollection = true;
        } else if (arg == "--count") {
            auto n = parseUnsigned(value);
            if (!n || *n == 0 || *n > kMaxCount)
                return "--count wants a whole number from 1 to " + std::to_string(kMaxCount) + ", not '" + value +
                       "'";
            o.count = *n;
        } else if (arg == "--seed") {
            auto n = parseUnsigned(value);
            if (!n)
                return "--seed wants a whole number from 0 to 18446744073709551615, not '" + value + "'";
            o.seed = *n;
        } else if (arg == "--shape") {
            auto s = sampleShapeFromString(value);
            if (!s)
                return "--shape is typical or max, not '" + value + "'";
            o.shape = *s;
        } else {
            auto r = breakRuleFromString(value);
            if (!r)
                return "--break is missing-required, wrong-type, array-over-bound or outside-enum, not '" +
                       value + "'";
            o.breakRule = *r;
        }
    }
    if (o.model.empty())
        return std::string("missing MODEL");
    if (!haveCollection || o.collection.empty())
        return std::string("missing --collection NAME");
    return o;
}

} // namespace

const Command kSampleCommand{
    .name = "sample",
    .summary = "sample documents in canonical Extended JSON v2",
    .usage = kForms,
    .description = "Prints documents of the collection in canonical Extended JSON v2, one per line, drawn "
                   "from the model: the same seed gives the same documents. Conflicts in the model that the "
                   "generator had to resolve are reported on standard error as warnings.",
    .options = kOptions,
    .examples = kExamples,
    .exits = kExits,
    .takesModel = true,
    .run = runSample,
};

int runSample(const std::vector<std::string> &args, Io io) {
    auto parsed = parse(args);
    if (auto *message = std::get_if<std::string>(&parsed))
        return usageError(kSampleCommand, io, *message);
    const Options &o = std::get<Options>(parsed);

    auto project = loadProject(o.model);
    if (!project) {
        io.err << "docshape-cli sample: " << project.error().toString() << '\n';
        return kBadModel;
    }
    const Derived derived = deriveCollections(*project);
    const CollectionShape *collection = nullptr;
    for (const auto &c : derived.collections)
        if (c.name == o.collection)
            collection = &c;
    if (!collection) {
        io.err << "docshape-cli sample: no collection '" << o.collection << "' in " << o.model;
        std::string_view sep = "; collections: ";
        for (const auto &c : derived.collections) {
            io.err << sep << c.name;
            sep = ", ";
        }
        io.err << '\n';
        return kUsage;
    }

    SampleGenerator generator(*collection, o.seed);
    for (std::uint64_t k = 1; k <= o.count; ++k) {
        auto doc = o.breakRule ? generator.nextBroken(*o.breakRule, o.shape) : generator.next(o.shape);
        if (!doc) {
            io.err << "docshape-cli sample: " << doc.error().toString() << '\n';
            return kUsage;
        }
        io.out << doc->canonicalJson() << '\n';
        if (doc->broken)
            io.err << "docshape-cli sample: document " << k << " breaks " << toString(*doc->broken) << " at "
                   << doc->brokenPath << '\n';
    }
    for (const auto &c : generator.conflicts())
        io.err << "docshape-cli sample: warning: " << o.collection << (c.path.empty() ? "" : ".") << c.path << ": "
               << c.message << '\n';
    return kOk;
}

} // namespace docshape::cli
