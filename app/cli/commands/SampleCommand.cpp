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

constexpr std::string_view kHelp =
    "usage: docshape-cli sample MODEL --collection NAME [--count N] [--seed S]\n"
    "                           [--shape typical|max]\n"
    "                           [--break missing-required|wrong-type|array-over-bound|outside-enum]\n"
    "\n"
    "Prints N documents (default 10) of the collection in canonical Extended JSON v2,\n"
    "one per line. The same seed (default 1) gives the same documents.\n"
    "  --shape typical  presence, lengths and counts drawn from the model: the mean size\n"
    "                   converges to the average document size of `analyze`\n"
    "  --shape max      every key present, lengths and counts at their maximum: each\n"
    "                   document is exactly the maximum document size\n"
    "  --break RULE     each document breaks RULE in one value; stderr gets one line per\n"
    "                   document: 'document K breaks RULE at PATH' (PATH dotted, array\n"
    "                   elements by index, e.g. items.2.sku)\n"
    "Model conflicts the generator had to resolve are reported on stderr as warnings.\n";

struct Options {
    std::string model;
    std::string collection;
    std::uint64_t count = kDefaultCount;
    std::uint64_t seed = kDefaultSeed;
    SampleShape shape = SampleShape::Typical;
    std::optional<BreakRule> breakRule;
    bool help = false;
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
        if (arg == "--help" || arg == "-h") {
            o.help = true;
            return o;
        }
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

int runSample(const std::vector<std::string> &args, Io io) {
    auto parsed = parse(args);
    if (auto *message = std::get_if<std::string>(&parsed)) {
        io.err << "docshape-cli sample: " << *message << "\n\n" << kHelp;
        return kUsage;
    }
    const Options &o = std::get<Options>(parsed);
    if (o.help) {
        io.out << kHelp;
        return kOk;
    }

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
