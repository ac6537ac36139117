#include "sample/SampleGenerator.h"

#include "derive/MapShape.h"
#include "estimate/BsonSize.h"
#include "sample/MapKeyMaker.h"
#include "util/PatternStrings.h"
#include "util/Prng.h"
#include "util/Saturate.h"

#include <bson/bson.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <set>

namespace docshape {

namespace {

// Dates, ObjectId timestamps and BSON timestamps fall in [2020-01-01, 2027-01-01).
constexpr std::int64_t kFirstSecond = 1577836800;
constexpr std::int64_t kLastSecond = 1798761600 - 1;

// Larger documents are refused rather than built: MongoDB stores nothing
// over 16 MiB, and the JSON of a sample is printed whole.
constexpr std::uint64_t kBuildLimitBytes = 64ull << 20;

// Attempts to draw a value distinct from the array's earlier elements.
constexpr int kUniqueAttempts = 32;

constexpr std::string_view kLetters = "abcdefghijklmnopqrstuvwxyz";
constexpr std::string_view kHex = "0123456789abcdef";

std::string join(const std::string &path, std::string_view name) {
    return path.empty() ? std::string(name) : path + "." + std::string(name);
}

// Where a value is: the document path with element indexes (reported for a
// broken value) and the shape path without them (reported for conflicts).
struct Where {
    std::string doc;
    std::string shape;

    Where child(std::string_view name) const { return {join(doc, name), join(shape, name)}; }
    Where element(std::uint64_t i) const { return {join(doc, std::to_string(i)), shape}; }
};

// One step from an object to one of its keys, on the way to the value a
// broken document breaks. `variant` is the index of the variant of the
// containing object whose fields hold the node, -1 for common fields.
struct Step {
    const ShapeNode *node = nullptr;
    int variant = -1;
};

// The variant an object's document takes, for its discriminator key.
struct VariantChoice {
    const ShapeVariant *chosen = nullptr;
    const std::vector<ShapeVariant> *all = nullptr;
};

struct Candidate {
    std::vector<Step> steps;
    std::string path;
};

BsonType valueType(const ShapeNode &node) { return node.isArray() ? node.elementType : node.type; }

const std::vector<std::string> &enumOf(const ShapeNode &node) {
    static const std::vector<std::string> none;
    return node.field ? node.field->details->enumValues : none;
}

bool canLeaveEnum(BsonType type, const std::vector<std::string> &values) {
    switch (type) {
    case BsonType::String:
    case BsonType::Int:
    case BsonType::Long:
    case BsonType::Double:
    case BsonType::Decimal:
    case BsonType::ObjectId:
    case BsonType::Date:
        return true;
    case BsonType::Bool:
        return std::find(values.begin(), values.end(), "true") == values.end() ||
               std::find(values.begin(), values.end(), "false") == values.end();
    default:
        return false;
    }
}

bool breakable(const ShapeNode &node, BreakRule rule, bool topLevel) {
    switch (rule) {
    case BreakRule::MissingRequired:
        // The server adds a missing top-level _id before validation, and a
        // missing discriminator fails the variant choice, not `required`.
        return node.required && !(topLevel && node.origin == NodeOrigin::Id) && !node.isDiscriminator;
    case BreakRule::WrongType:
        return true;
    case BreakRule::ArrayOverBound:
        return node.isArray() && node.maxCount.has_value();
    case BreakRule::OutsideEnum:
        if (node.isDiscriminator)
            return true;
        if (node.isArray() && node.maxCount && *node.maxCount == 0)
            return false;
        return !enumOf(node).empty() && canLeaveEnum(valueType(node), enumOf(node));
    }
    return false;
}

template <typename Visit> void forEachKey(const ObjectShape &shape, Visit visit) {
    for (const auto &n : shape.fields)
        visit(n, -1);
    for (std::size_t v = 0; v < shape.variants.size(); ++v)
        for (const auto &n : shape.variants[v].fields)
            visit(n, static_cast<int>(v));
}

void collectCandidates(const ObjectShape &shape, BreakRule rule, bool topLevel, std::vector<Step> &stack,
                       const std::string &path, std::vector<Candidate> &out) {
    forEachKey(shape, [&](const ShapeNode &n, int variant) {
        stack.push_back({&n, variant});
        const std::string here = join(path, n.name);
        if (breakable(n, rule, topLevel))
            out.push_back({stack, here});
        // A map's value is under generated keys, which a broken path does
        // not name: the map itself can be broken, not what it holds.
        const bool elementsPossible = (!n.isArray() || !n.maxCount || *n.maxCount > 0) && !mapKeysOf(n);
        if (n.hasObject() && elementsPossible)
            collectCandidates(*n.object, rule, false, stack, here, out);
        stack.pop_back();
    });
}

// Arrays without a maxCount, then values without a maximum length.
void collectUnbounded(const ObjectShape &shape, const std::string &path, std::vector<std::string> &arrays,
                      std::vector<std::string> &values) {
    forEachKey(shape, [&](const ShapeNode &n, int) {
        const std::string here = join(path, n.name);
        if (n.isArray() && !n.maxCount)
            arrays.push_back(here);
        if (hasByteLength(valueType(n)) && !n.maxBytes)
            values.push_back(here);
        if (n.hasObject())
            collectUnbounded(*n.object, here, arrays, values);
    });
}

std::optional<std::int64_t> parseInteger(const std::string &s) {
    if (s.empty())
        return std::nullopt;
    char *end = nullptr;
    errno = 0;
    const long long v = std::strtoll(s.c_str(), &end, 10);
    if (errno != 0 || *end != '\0')
        return std::nullopt;
    return static_cast<std::int64_t>(v);
}

std::optional<double> parseReal(const std::string &s) {
    if (s.empty())
        return std::nullopt;
    char *end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (*end != '\0' || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::string centsText(std::int64_t cents) {
    const bool negative = cents < 0;
    const std::uint64_t a = negative ? 0 - static_cast<std::uint64_t>(cents) : static_cast<std::uint64_t>(cents);
    char buf[48];
    std::snprintf(buf, sizeof buf, "%s%llu.%02llu", negative ? "-" : "", static_cast<unsigned long long>(a / 100),
                  static_cast<unsigned long long>(a % 100));
    return buf;
}

// The options string libbson writes for a regex: the valid flags, sorted,
// each once.
std::string bsonRegexOptions(std::string_view options) {
    std::string out;
    for (char c : std::string_view("ilmsux"))
        if (options.find(c) != std::string_view::npos)
            out.push_back(c);
    return out;
}

struct Bounds {
    double lo;
    double hi;
};

// The declared range, open where the field says nothing.
Bounds declaredBounds(const Field *f) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    if (!f)
        return {-inf, inf};
    return {f->details->minimum.value_or(-inf), f->details->maximum.value_or(inf)};
}

// A value range from minimum/maximum, `span` wide when one side is open.
Bounds numericBounds(const Field *f, double defaultLo, double span) {
    const std::optional<double> min = f ? f->details->minimum : std::nullopt;
    const std::optional<double> max = f ? f->details->maximum : std::nullopt;
    if (min && max)
        return {*min, *max};
    if (min)
        return {*min, *min + span};
    if (max)
        return {*max - span, *max};
    return {defaultLo, defaultLo + span};
}

} // namespace

std::string_view toString(SampleShape shape) { return shape == SampleShape::Max ? "max" : "typical"; }

std::optional<SampleShape> sampleShapeFromString(std::string_view s) {
    if (s == "typical")
        return SampleShape::Typical;
    if (s == "max")
        return SampleShape::Max;
    return std::nullopt;
}

std::string_view toString(BreakRule rule) {
    switch (rule) {
    case BreakRule::MissingRequired:
        return "missing-required";
    case BreakRule::WrongType:
        return "wrong-type";
    case BreakRule::ArrayOverBound:
        return "array-over-bound";
    case BreakRule::OutsideEnum:
        return "outside-enum";
    }
    return "";
}

std::optional<BreakRule> breakRuleFromString(std::string_view s) {
    for (BreakRule r : {BreakRule::MissingRequired, BreakRule::WrongType, BreakRule::ArrayOverBound,
                        BreakRule::OutsideEnum})
        if (toString(r) == s)
            return r;
    return std::nullopt;
}

std::string SampleDocument::canonicalJson() const {
    bson_t doc;
    if (bson.empty() || !bson_init_static(&doc, bson.data(), bson.size()))
        return {};
    char *json = bson_as_canonical_extended_json(&doc, nullptr);
    std::string out = json ? json : "";
    bson_free(json);
    return out;
}

struct SampleGenerator::Impl {
    Impl(const CollectionShape &c, std::uint64_t seed) : collection(c), rng(seed) {
        collectUnbounded(c.shape, "", unboundedArrays, unboundedValues);
        unbounded = unboundedArrays;
        unbounded.insert(unbounded.end(), unboundedValues.begin(), unboundedValues.end());
    }

    ~Impl() {
        for (auto &[pattern, code] : compiled)
            pcre2_code_free(code);
    }

    const CollectionShape &collection;
    Prng rng;
    std::vector<std::string> unboundedArrays, unboundedValues;
    std::vector<std::string> unbounded; // both
    std::vector<SampleConflict> conflicts;
    std::set<std::pair<std::string, std::string>> seenConflicts;
    std::map<std::string, std::optional<PatternStrings>> parsedPatterns;
    std::map<std::string, pcre2_code *> compiled;

    // State of the document being built.
    SampleShape shape = SampleShape::Typical;
    const std::vector<Step> *target = nullptr;
    BreakRule rule = BreakRule::MissingRequired;
    std::string brokenPath;
    bool appendFailed = false;
    // The first array that outgrew kBuildLimitBytes, and its count, where a
    // model's numbers (a maxCount of 1e9 broken one over) ask for more.
    std::optional<std::pair<std::string, std::uint64_t>> overLimit;

    void conflict(const std::string &path, std::string message) {
        if (seenConflicts.emplace(path, message).second)
            conflicts.push_back({path, std::move(message)});
    }

    void check(bool appended) {
        if (!appended)
            appendFailed = true;
    }

    std::optional<Error> refuse(SampleShape s) const {
        if (s == SampleShape::Max) {
            auto quoted = [](const std::vector<std::string> &paths) {
                std::string list;
                for (const auto &p : paths)
                    list += (list.empty() ? "'" : ", '") + p + "'";
                return list;
            };
            if (!unboundedArrays.empty())
                return Error{collection.name, "no max shape: array " + quoted(unboundedArrays) +
                                                  " has no bound (maxCount); use --shape typical "
                                                  "or give it a maximum"};
            if (!unboundedValues.empty())
                return Error{collection.name, "no max shape: " + quoted(unboundedValues) +
                                                  " has no maximum length (maxBytes, or an enum, maxLength "
                                                  "or anchored pattern that bounds it); use --shape typical "
                                                  "or give it a maximum"};
            const auto max = maxObjectBytes(collection.shape);
            if (max && *max > kBuildLimitBytes)
                return Error{collection.name, "the max document is " + std::to_string(*max) +
                                                  " bytes, over the " + std::to_string(kBuildLimitBytes >> 20) +
                                                  " MiB the sampler builds (MongoDB refuses documents over "
                                                  "16 MiB)"};
        } else {
            const double avg = averageObjectBytes(collection.shape);
            if (!(avg <= static_cast<double>(kBuildLimitBytes)))
                return Error{collection.name, "the average document is " + std::to_string(avg) +
                                                  " bytes, over the " + std::to_string(kBuildLimitBytes >> 20) +
                                                  " MiB the sampler builds"};
        }
        return std::nullopt;
    }

    Result<SampleDocument> build(SampleShape s, const std::vector<Step> *path, BreakRule r) {
        shape = s;
        target = path;
        rule = r;
        brokenPath.clear();
        appendFailed = false;
        overLimit.reset();
        bson_t doc;
        bson_init(&doc);
        writeObject(&doc, collection.shape, Where{}, path ? &path->front() : nullptr);
        SampleDocument out;
        out.bson.assign(bson_get_data(&doc), bson_get_data(&doc) + doc.len);
        bson_destroy(&doc);
        target = nullptr;
        if (overLimit)
            return Error{collection.name, "the sample's array '" + overLimit->first + "' would hold " +
                                              std::to_string(overLimit->second) + " elements, over the " +
                                              std::to_string(kBuildLimitBytes >> 20) +
                                              " MiB the sampler builds; lower its maxCount"};
        if (appendFailed)
            return Error{collection.name, "a sample document grew beyond what libbson can build"};
        if (s == SampleShape::Max && !path) {
            const auto max = maxObjectBytes(collection.shape);
            if (max && out.size() != *max)
                conflict("", "a max-shape document is " + std::to_string(out.size()) +
                                 " bytes where the estimate says " + std::to_string(*max));
        }
        return out;
    }

    // --- objects and keys -------------------------------------------------

    static const Step *stepFor(const Step *cur, const ShapeNode &node) {
        return cur && cur->node == &node ? cur : nullptr;
    }

    bool isTarget(const Step *cur) const { return cur && target && cur == &target->back(); }

    int chooseVariant(const ObjectShape &s, const Step *cur, const std::string &shapePath) {
        if (s.variants.empty())
            return -1;
        if (cur && cur->variant >= 0)
            return cur->variant;
        if (shape == SampleShape::Max) {
            // The variant that makes the largest document; the first on ties.
            const ShapeNode *disc = nullptr;
            for (const auto &n : s.fields)
                if (n.isDiscriminator)
                    disc = &n;
            int best = 0;
            std::uint64_t bestBytes = 0;
            for (std::size_t v = 0; v < s.variants.size(); ++v) {
                std::uint64_t bytes = 0;
                for (const auto &n : s.variants[v].fields)
                    bytes += maxElementBytes(n).value_or(0);
                if (disc)
                    bytes += scalarPayloadBytes(BsonType::String, s.variants[v].value.size());
                if (v == 0 || bytes > bestBytes)
                    best = static_cast<int>(v), bestBytes = bytes;
            }
            return best;
        }
        double total = 0;
        for (const auto &v : s.variants)
            total += std::max(0.0, v.share);
        if (std::fabs(total - 1) > 1e-6)
            conflict(shapePath, "variant shares sum to " + std::to_string(total) +
                                    ", not 1: samples use them in proportion, the estimate as given");
        if (total <= 0)
            return static_cast<int>(rng.below(s.variants.size()));
        double u = rng.unit() * total;
        for (std::size_t v = 0; v < s.variants.size(); ++v) {
            u -= std::max(0.0, s.variants[v].share);
            if (u < 0)
                return static_cast<int>(v);
        }
        return static_cast<int>(s.variants.size() - 1);
    }

    void writeObject(bson_t *out, const ObjectShape &s, const Where &at, const Step *cur) {
        const int variant = chooseVariant(s, cur, at.shape);
        const ShapeVariant *chosen = variant >= 0 ? &s.variants[static_cast<std::size_t>(variant)] : nullptr;
        for (const auto &n : s.fields)
            writeNode(out, n, at, stepFor(cur, n), {chosen, &s.variants});
        if (chosen)
            for (const auto &n : chosen->fields)
                writeNode(out, n, at, stepFor(cur, n), {});
    }

    // `name` is the key written; the node's own name unless it is a map's
    // value, which is written under each generated key.
    void writeNode(bson_t *out, const ShapeNode &node, const Where &at, const Step *cur,
                   VariantChoice variant, std::string_view name = {}) {
        if (name.data() == nullptr)
            name = node.name;
        // A map's value: the document path has the key, the shape path the value's name.
        const Where here{join(at.doc, name), join(at.shape, node.name)};
        const char *key = name.data(); // with its length: libbson needs no terminator
        const int keyLength = static_cast<int>(name.size());
        const bool breakHere = isTarget(cur);
        if (breakHere && rule == BreakRule::MissingRequired) {
            brokenPath = here.doc;
            return;
        }
        const bool present = cur || shape == SampleShape::Max || rng.chance(node.presence);
        if (!present)
            return;
        if (breakHere && rule == BreakRule::WrongType) {
            brokenPath = here.doc;
            if (node.type == BsonType::String)
                check(bson_append_int32(out, key, keyLength, static_cast<std::int32_t>(rng.below(1000))));
            else
                check(bson_append_utf8(out, key, keyLength, "wrong-type", -1));
            return;
        }
        if (!cur && shape == SampleShape::Typical && rng.chance(node.nullFraction)) {
            check(bson_append_null(out, key, keyLength));
            return;
        }
        switch (node.type) {
        case BsonType::Object: {
            if (const MapKeys *keys = mapKeysOf(node)) {
                writeMap(out, key, keyLength, node, *keys, here);
                break;
            }
            bson_t child;
            check(bson_append_document_begin(out, key, keyLength, &child));
            writeObject(&child, *node.object, here, cur && !breakHere ? cur + 1 : nullptr);
            check(bson_append_document_end(out, &child));
            break;
        }
        case BsonType::Array:
            writeArray(out, key, keyLength, node, here, cur);
            break;
        default:
            writeScalar(out, key, keyLength, node, node.type, here, breakHere && rule == BreakRule::OutsideEnum,
                        variant);
            break;
        }
    }

    // --- maps ---------------------------------------------------------------

    // Keys per map as arrays count elements: the maximum in the max shape,
    // else around the average; each key around the average key length (the
    // longest in the max shape), as the pattern allows.
    void writeMap(bson_t *out, const char *key, int keyLength, const ShapeNode &node, const MapKeys &keys,
                  const Where &here) {
        const ShapeNode *value = mapValueOf(node);
        const bool max = shape == SampleShape::Max;
        const double most = static_cast<double>(keys.maxKeys);
        std::uint64_t count = max ? keys.maxKeys : rng.aroundMean(std::min(keys.avgKeys, most), 0, most);
        if (count > kBuildLimitBytes / 3 && !overLimit)
            overLimit.emplace(here.doc, count);
        const PatternStrings *regex = nullptr;
        if (keys.keys == MapKeyPattern::Regex) {
            auto [it, inserted] = parsedPatterns.try_emplace(keys.regex);
            if (inserted)
                it->second = PatternStrings::parse(keys.regex);
            regex = it->second ? &*it->second : nullptr;
            if (!regex)
                conflict(here.shape, "key pattern /" + keys.regex + "/ is beyond what the sampler generates: the map "
                                     "is left empty");
        }
        MapKeyMaker maker(keys, regex, rng);
        const double longest = static_cast<double>(keys.maxKeyBytes);
        bson_t map;
        check(bson_append_document_begin(out, key, keyLength, &map));
        for (std::uint64_t i = 0; i < count && value && !overLimit; ++i) {
            if (map.len > kBuildLimitBytes) {
                overLimit.emplace(here.doc, count);
                break;
            }
            const std::uint64_t wanted =
                max ? keys.maxKeyBytes : rng.aroundMean(std::min(keys.avgKeyBytes, longest), 0, longest);
            const auto bytes = maker.fit(wanted);
            std::optional<std::string> name = bytes ? maker.nextNear(*bytes) : std::nullopt;
            if (!name) {
                if (bytes)
                    conflict(here.shape, "no more distinct keys of " + std::to_string(*bytes) +
                                             " bytes: the map holds fewer keys than drawn");
                break;
            }
            if (*bytes != wanted)
                conflict(here.shape, std::string(wordsOf(keys.keys)) + " have no key of " + std::to_string(wanted) +
                                         " bytes: keys of " + std::to_string(*bytes) +
                                         ", so the size differs from the estimate");
            writeNode(&map, *value, here, nullptr, {}, *name);
        }
        check(bson_append_document_end(out, &map));
    }

    // --- arrays -------------------------------------------------------------

    std::uint64_t arrayCount(const ShapeNode &node, const Where &here) {
        const std::uint64_t minItems = node.field && node.field->details->minItems ? *node.field->details->minItems : 0;
        if (shape == SampleShape::Max) {
            if (node.maxCount && minItems > *node.maxCount)
                conflict(here.shape, "minItems " + std::to_string(minItems) + " is over maxCount " +
                                         std::to_string(*node.maxCount));
            return node.maxCount.value_or(0);
        }
        double lo = static_cast<double>(minItems);
        const double hi = node.maxCount ? static_cast<double>(*node.maxCount)
                                        : std::numeric_limits<double>::infinity();
        if (lo > hi) {
            conflict(here.shape, "minItems " + std::to_string(minItems) + " is over maxCount " +
                                     std::to_string(*node.maxCount) + ": typical arrays hold maxCount elements");
            lo = hi;
        }
        double mean = node.avgCount;
        if (mean < lo || mean > hi) {
            conflict(here.shape, "average count " + std::to_string(node.avgCount) +
                                     " is outside [minItems, maxCount]: typical counts are clamped, so "
                                     "their mean differs from the estimate");
            mean = std::clamp(mean, lo, hi);
        }
        return rng.aroundMean(mean, lo, hi);
    }

    void writeArray(bson_t *out, const char *key, int keyLength, const ShapeNode &node, const Where &here,
                    const Step *cur) {
        const bool breakHere = isTarget(cur);
        std::uint64_t count = arrayCount(node, here);
        if (breakHere && rule == BreakRule::ArrayOverBound) {
            count = *node.maxCount + 1;
            brokenPath = here.doc;
        } else if (cur && count == 0) {
            count = 1; // the broken value is inside an element
        }
        // Every element takes at least 3 bytes (type, key, NUL): refuse a
        // count that cannot fit before building any of it.
        if (count > kBuildLimitBytes / 3 && !overLimit)
            overLimit.emplace(here.doc, count);
        const std::uint64_t brokenIndex =
            cur && !(breakHere && rule == BreakRule::ArrayOverBound) ? rng.below(count) : UINT64_MAX;
        const bool unique = node.field && node.field->uniqueItems;
        std::set<std::vector<std::uint8_t>> seen;

        bson_t array;
        check(bson_append_array_begin(out, key, keyLength, &array));
        for (std::uint64_t i = 0; i < count; ++i) {
            if (overLimit || array.len > kBuildLimitBytes) {
                if (!overLimit)
                    overLimit.emplace(here.doc, count);
                break;
            }
            char buffer[24];
            const char *indexKey = nullptr;
            const auto indexLength =
                bson_uint32_to_string(static_cast<std::uint32_t>(i), &indexKey, buffer, sizeof buffer);
            const Where element = here.element(i);
            const bool onPath = i == brokenIndex;
            const Step *elementStep = onPath && !breakHere ? cur + 1 : nullptr;
            const bool leaveEnum = onPath && breakHere && rule == BreakRule::OutsideEnum;

            auto build = [&](bson_t *into, const char *k, int kLength) {
                if (node.elementType == BsonType::Object) {
                    bson_t child;
                    check(bson_append_document_begin(into, k, kLength, &child));
                    writeObject(&child, *node.object, element, elementStep);
                    check(bson_append_document_end(into, &child));
                } else {
                    writeScalar(into, k, kLength, node, node.elementType, element, leaveEnum, {});
                }
            };
            if (!unique || onPath) {
                build(&array, indexKey, static_cast<int>(indexLength));
                continue;
            }
            // Build aside and keep the first value not seen before.
            bson_t value;
            bool kept = false;
            for (int attempt = 0; attempt < kUniqueAttempts && !kept; ++attempt) {
                bson_init(&value);
                build(&value, "v", 1);
                std::vector<std::uint8_t> bytes(bson_get_data(&value), bson_get_data(&value) + value.len);
                kept = seen.insert(std::move(bytes)).second;
                if (!kept && attempt + 1 < kUniqueAttempts)
                    bson_destroy(&value);
            }
            if (!kept)
                conflict(here.shape, "uniqueItems: the field's values cannot make " + std::to_string(count) +
                                         " distinct elements; some repeat");
            bson_iter_t it;
            if (bson_iter_init_find(&it, &value, "v"))
                check(bson_append_iter(&array, indexKey, static_cast<int>(indexLength), &it));
            bson_destroy(&value);
        }
        check(bson_append_array_end(out, &array));
    }

    // --- scalars ------------------------------------------------------------

    std::string letters(std::uint64_t length) {
        std::string s(length, 'a');
        for (auto &c : s)
            c = kLetters[rng.below(kLetters.size())];
        return s;
    }

    std::string hexDigits(std::uint64_t length) {
        std::string s(length, '0');
        for (auto &c : s)
            c = kHex[rng.below(kHex.size())];
        return s;
    }

    const PatternStrings *patternOf(const ShapeNode &node, const Where &here) {
        if (!node.field || !node.field->details->pattern)
            return nullptr;
        auto [it, inserted] = parsedPatterns.try_emplace(*node.field->details->pattern);
        if (inserted)
            it->second = PatternStrings::parse(*node.field->details->pattern);
        if (!it->second) {
            conflict(here.shape, "pattern /" + *node.field->details->pattern +
                                     "/ is beyond what the sampler generates (backreferences, lookarounds, "
                                     "word boundaries, anchors inside); values do not match it");
            return nullptr;
        }
        return &*it->second;
    }

    // Self-check with PCRE2, the engine the server uses for `pattern`.
    void verifyPattern(const std::string &pattern, const std::string &value, const Where &here) {
        auto [it, inserted] = compiled.try_emplace(pattern, nullptr);
        if (inserted) {
            int code = 0;
            PCRE2_SIZE offset = 0;
            it->second = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(), PCRE2_UTF,
                                       &code, &offset, nullptr);
        }
        if (!it->second)
            return;
        pcre2_match_data *md = pcre2_match_data_create_from_pattern(it->second, nullptr);
        const int rc = pcre2_match(it->second, reinterpret_cast<PCRE2_SPTR>(value.data()), value.size(), 0, 0,
                                   md, nullptr);
        pcre2_match_data_free(md);
        if (rc < 0)
            conflict(here.shape, "generated value '" + value + "' does not match pattern /" + pattern + "/");
    }

    // The length of a string, binData or regex value (or array element):
    // characters, which minLength, maxLength and a pattern count, and UTF-8
    // bytes, which the size counts. Typical values are ASCII (one byte a
    // character); a max-shape string longer in bytes than its constraints
    // allow characters takes non-ASCII characters.
    struct Length {
        std::uint64_t characters = 0;
        std::uint64_t bytes = 0;
    };

    Length valueLength(const ShapeNode &node, BsonType type, const Where &here, const PatternStrings *pattern) {
        double lo = 0;
        double hi = std::numeric_limits<double>::infinity();
        const Field *f = node.field;
        if (type == BsonType::String && f) {
            if (f->details->minLength)
                lo = static_cast<double>(*f->details->minLength);
            if (f->details->maxLength)
                hi = static_cast<double>(*f->details->maxLength);
        }
        if (pattern) {
            lo = std::max(lo, static_cast<double>(pattern->minLength()));
            if (pattern->maxLength())
                hi = std::min(hi, static_cast<double>(*pattern->maxLength()));
        }
        if (shape == SampleShape::Max) {
            // refuse() lets no value without a maximum reach the max shape.
            const std::uint64_t bytes = node.maxBytes.value_or(0);
            const double max = static_cast<double>(bytes);
            Length out{bytes, bytes};
            if (max > hi)
                out.characters = static_cast<std::uint64_t>(hi);
            if (max < lo || max > 4 * hi)
                conflict(here.shape, "maxBytes " + std::to_string(bytes) +
                                         " is outside the lengths minLength/maxLength/pattern allow: the "
                                         "max-shape value keeps the size and breaks them");
            return out;
        }
        if (node.maxBytes)
            hi = std::min(hi, static_cast<double>(*node.maxBytes));
        if (lo > hi) {
            conflict(here.shape, "no length up to maxBytes satisfies minLength/maxLength/pattern");
            hi = lo;
        }
        double mean = node.avgBytes;
        if (mean < lo || mean > hi) {
            conflict(here.shape, "average length " + std::to_string(node.avgBytes) +
                                     " is outside the allowed lengths: typical lengths are clamped, so "
                                     "their mean differs from the estimate");
            mean = std::clamp(mean, lo, hi);
        }
        const std::uint64_t length = rng.aroundMean(mean, lo, hi);
        return {length, length};
    }

    // A string of the node's constraints, ignoring its enum.
    std::string freeString(const ShapeNode &node, const Where &here) {
        const PatternStrings *pattern = patternOf(node, here);
        const Length length = valueLength(node, BsonType::String, here, pattern);
        if (node.origin == NodeOrigin::Id || node.origin == NodeOrigin::Reference)
            return hexDigits(length.bytes);
        const bool wide = length.characters < length.bytes;
        if (!pattern) {
            if (!wide)
                return letters(length.bytes);
            if (length.bytes > 4 * length.characters)
                return letters(length.bytes); // a conflict already reported
            return utf8OfLength(length.characters, length.bytes, rng);
        }
        std::uint64_t fitting = length.characters;
        if (!pattern->canGenerate(fitting)) {
            // A gap in the pattern's lengths ("^[0-9]{4}-(spring|fall)$" has
            // 9 and 11), or beyond what it can make (already reported).
            const auto nearest = pattern->nearestLength(fitting);
            const bool inRange = fitting >= pattern->minLength() &&
                                 (!pattern->maxLength() || fitting <= *pattern->maxLength());
            if (shape == SampleShape::Max || !nearest) {
                if (inRange)
                    conflict(here.shape, "pattern /" + *node.field->details->pattern + "/ has no value of " +
                                             std::to_string(fitting) + " characters" +
                                             (fitting > PatternStrings::kGroupLengthCap
                                                  ? " the sampler can build (groups: up to " +
                                                        std::to_string(PatternStrings::kGroupLengthCap) + ")"
                                                  : "") +
                                             ": the value keeps the size and does not match it");
                return letters(length.bytes);
            }
            fitting = *nearest;
        }
        std::string s;
        if (wide) {
            auto widened = pattern->generateBytes(fitting, length.bytes, rng);
            if (!widened) {
                conflict(here.shape, "pattern /" + *node.field->details->pattern + "/ has no value of " +
                                         std::to_string(fitting) + " characters in " + std::to_string(length.bytes) +
                                         " bytes the sampler can build: the value keeps the size and does not "
                                         "match it");
                return letters(length.bytes);
            }
            s = std::move(*widened);
        } else {
            s = pattern->generate(fitting, rng);
        }
        verifyPattern(*node.field->details->pattern, s, here);
        return s;
    }

    std::string enumString(const ShapeNode &node, const std::vector<std::string> &values, const Where &here) {
        if (shape == SampleShape::Max) {
            std::vector<const std::string *> longest;
            const std::uint64_t max = node.maxBytes.value_or(0);
            for (const auto &v : values)
                if (v.size() == max)
                    longest.push_back(&v);
            if (!longest.empty())
                return *longest[rng.below(longest.size())];
            std::size_t maxLen = 0;
            for (const auto &v : values)
                maxLen = std::max(maxLen, v.size());
            conflict(here.shape, "maxBytes " + std::to_string(max) +
                                     " is not the length of the longest enum value (" + std::to_string(maxLen) +
                                     "): the max-shape value keeps the size and is outside the enum");
            return letters(max);
        }
        // Uniform over the values, mixed with the shortest or longest ones so
        // that the expected length is the node's average.
        double mean = 0;
        std::size_t shortest = SIZE_MAX, longest = 0;
        for (const auto &v : values) {
            mean += static_cast<double>(v.size());
            shortest = std::min(shortest, v.size());
            longest = std::max(longest, v.size());
        }
        mean /= static_cast<double>(values.size());
        double target = node.avgBytes;
        if (target < static_cast<double>(shortest) || target > static_cast<double>(longest)) {
            conflict(here.shape, "average length " + std::to_string(node.avgBytes) +
                                     " is outside the lengths of the enum values: typical values are the "
                                     "nearest ones, so their mean differs from the estimate");
            target = std::clamp(target, static_cast<double>(shortest), static_cast<double>(longest));
        }
        std::size_t extreme = SIZE_MAX;
        if (target > mean && static_cast<double>(longest) > mean &&
            rng.chance((target - mean) / (static_cast<double>(longest) - mean)))
            extreme = longest;
        else if (target < mean && static_cast<double>(shortest) < mean &&
                 rng.chance((mean - target) / (mean - static_cast<double>(shortest))))
            extreme = shortest;
        std::vector<const std::string *> pool;
        for (const auto &v : values)
            if (extreme == SIZE_MAX || v.size() == extreme)
                pool.push_back(&v);
        return *pool[rng.below(pool.size())];
    }

    std::string outsideString(const ShapeNode &node, const std::vector<std::string> &values, const Where &here) {
        for (int attempt = 0; attempt < kUniqueAttempts; ++attempt) {
            std::string s = freeString(node, here);
            if (std::find(values.begin(), values.end(), s) == values.end())
                return s;
        }
        std::string s = values.empty() ? std::string() : values.front();
        do
            s.push_back('x');
        while (std::find(values.begin(), values.end(), s) != values.end());
        return s;
    }

    std::string stringValue(const ShapeNode &node, const Where &here, bool leaveEnum, VariantChoice variant) {
        const auto &values = enumOf(node);
        if (node.isDiscriminator && variant.chosen) {
            if (!leaveEnum)
                return std::string(variant.chosen->value);
            // Matches no variant (so no oneOf branch) and no enum value.
            std::string s = std::string(variant.chosen->value) + "-unknown";
            auto taken = [&](const std::string &v) {
                return std::find(values.begin(), values.end(), v) != values.end() ||
                       std::any_of(variant.all->begin(), variant.all->end(),
                                   [&](const ShapeVariant &sv) { return sv.value == v; });
            };
            while (taken(s))
                s.push_back('x');
            return s;
        }
        if (leaveEnum)
            return outsideString(node, values, here);
        if (!values.empty())
            return enumString(node, values, here);
        return freeString(node, here);
    }

    std::int64_t integerIn(const ShapeNode &node, const Where &here, double typeLo, double typeHi) {
        Bounds b = numericBounds(node.field, 0, 1000);
        double lo = std::max(std::ceil(b.lo), typeLo);
        double hi = std::min(std::floor(b.hi), typeHi);
        if (lo > hi) {
            conflict(here.shape, "no integer lies in [minimum, maximum]");
            hi = lo = std::clamp(std::ceil(b.lo), typeLo, typeHi);
        }
        return rng.between(static_cast<std::int64_t>(lo), static_cast<std::int64_t>(hi));
    }

    std::int64_t centsIn(const ShapeNode &node, const Where &here) {
        Bounds b = numericBounds(node.field, 0, 1000);
        const double lo = std::ceil(b.lo * 100), hi = std::floor(b.hi * 100);
        if (lo > hi || std::fabs(lo) > 9e15 || std::fabs(hi) > 9e15) {
            if (lo > hi)
                conflict(here.shape, "no value with two decimals lies in [minimum, maximum]");
            return static_cast<std::int64_t>(std::clamp(b.lo * 100, -9e15, 9e15));
        }
        return rng.between(static_cast<std::int64_t>(lo), static_cast<std::int64_t>(hi));
    }

    // Enum values parsed in the value's type; empty when there are none or
    // none parse (then reported).
    template <typename T, typename Parse>
    std::vector<T> typedEnum(const ShapeNode &node, const Where &here, Parse parse) {
        std::vector<T> out;
        for (const auto &v : enumOf(node)) {
            if (auto parsed = parse(v))
                out.push_back(*parsed);
            else
                conflict(here.shape, "enum value '" + v + "' is not a " + std::string(toString(valueType(node))) +
                                         "; it is never generated");
        }
        return out;
    }

    template <typename T> T outsideNumber(const std::vector<T> &values, T step, const Bounds &b) {
        T hi = values.front(), lo = values.front();
        for (T v : values)
            hi = std::max(hi, v), lo = std::min(lo, v);
        if (static_cast<double>(hi) + static_cast<double>(step) <= b.hi)
            return hi + step;
        if (static_cast<double>(lo) - static_cast<double>(step) >= b.lo)
            return lo - step;
        return hi + step; // the range holds nothing but enum values: break the range too
    }

    void writeScalar(bson_t *out, const char *key, int keyLength, const ShapeNode &node, BsonType type,
                     const Where &here, bool leaveEnum, VariantChoice variant) {
        if (leaveEnum)
            brokenPath = here.doc;
        switch (type) {
        case BsonType::String: {
            const std::string s = stringValue(node, here, leaveEnum, variant);
            check(bson_append_utf8(out, key, keyLength, s.data(), static_cast<int>(s.size())));
            break;
        }
        case BsonType::BinData: {
            const std::uint64_t length = valueLength(node, type, here, nullptr).bytes;
            std::vector<std::uint8_t> bytes(length + 1); // never empty: libbson wants a pointer
            for (auto &b : bytes)
                b = static_cast<std::uint8_t>(rng.below(256));
            bytes.pop_back();
            check(bson_append_binary(out, key, keyLength, BSON_SUBTYPE_BINARY, bytes.data(),
                                     static_cast<std::uint32_t>(bytes.size())));
            break;
        }
        case BsonType::Regex: {
            const std::uint64_t length = valueLength(node, type, here, nullptr).bytes;
            const std::string pattern = letters(length);
            const std::string options(node.regexOptions); // libbson wants it NUL-terminated
            if (bsonRegexOptions(options) != options)
                conflict(here.shape, "regex options '" + options +
                                         "' are not sorted distinct flags of 'ilmsux'; BSON stores '" +
                                         bsonRegexOptions(options) + "'");
            check(bson_append_regex_w_len(out, key, keyLength, pattern.data(), static_cast<int>(pattern.size()),
                                          options.c_str()));
            break;
        }
        case BsonType::ObjectId: {
            bson_oid_t oid;
            if (auto values = typedEnum<std::string>(node, here, [](const std::string &v) {
                    return bson_oid_is_valid(v.c_str(), v.size()) && v.size() == 24 ? std::optional(v)
                                                                                    : std::nullopt;
                });
                !values.empty() && !leaveEnum) {
                bson_oid_init_from_string(&oid, values[rng.below(values.size())].c_str());
            } else {
                std::uint8_t data[12];
                const auto seconds = static_cast<std::uint32_t>(rng.between(kFirstSecond, kLastSecond));
                for (int i = 0; i < 4; ++i)
                    data[i] = static_cast<std::uint8_t>(seconds >> (24 - 8 * i));
                for (int i = 4; i < 12; ++i)
                    data[i] = static_cast<std::uint8_t>(rng.below(256));
                bson_oid_init_from_data(&oid, data);
            }
            check(bson_append_oid(out, key, keyLength, &oid));
            break;
        }
        case BsonType::Bool: {
            auto values = typedEnum<bool>(node, here, [](const std::string &v) -> std::optional<bool> {
                if (v == "true")
                    return true;
                if (v == "false")
                    return false;
                return std::nullopt;
            });
            bool value = rng.below(2) == 1;
            if (leaveEnum)
                value = std::find(values.begin(), values.end(), true) == values.end();
            else if (!values.empty())
                value = values[rng.below(values.size())];
            check(bson_append_bool(out, key, keyLength, value));
            break;
        }
        case BsonType::Date: {
            auto values = typedEnum<std::int64_t>(node, here, parseInteger);
            std::int64_t ms = rng.between(kFirstSecond * 1000, kLastSecond * 1000);
            if (!values.empty())
                ms = leaveEnum ? outsideNumber<std::int64_t>(values, 1, {-9e18, 9e18})
                               : values[rng.below(values.size())];
            check(bson_append_date_time(out, key, keyLength, ms));
            break;
        }
        case BsonType::Int:
        case BsonType::Long: {
            const bool isInt = type == BsonType::Int;
            const double typeLo = isInt ? INT32_MIN : -9.2e18, typeHi = isInt ? INT32_MAX : 9.2e18;
            auto values = typedEnum<std::int64_t>(node, here, [&](const std::string &v) -> std::optional<std::int64_t> {
                auto n = parseInteger(v);
                if (n && (static_cast<double>(*n) < typeLo || static_cast<double>(*n) > typeHi))
                    return std::nullopt;
                return n;
            });
            std::int64_t value;
            if (leaveEnum && !values.empty())
                value = outsideNumber<std::int64_t>(values, 1, declaredBounds(node.field));
            else if (!values.empty())
                value = values[rng.below(values.size())];
            else
                value = integerIn(node, here, typeLo, typeHi);
            if (isInt)
                check(bson_append_int32(out, key, keyLength,
                                        static_cast<std::int32_t>(std::clamp<std::int64_t>(value, INT32_MIN, INT32_MAX))));
            else
                check(bson_append_int64(out, key, keyLength, value));
            break;
        }
        case BsonType::Double: {
            auto values = typedEnum<double>(node, here, parseReal);
            double value;
            if (leaveEnum && !values.empty())
                value = outsideNumber<double>(values, 1, declaredBounds(node.field));
            else if (!values.empty())
                value = values[rng.below(values.size())];
            else
                value = static_cast<double>(centsIn(node, here)) / 100;
            check(bson_append_double(out, key, keyLength, value));
            break;
        }
        case BsonType::Decimal: {
            auto values = typedEnum<std::string>(node, here, [](const std::string &v) -> std::optional<std::string> {
                bson_decimal128_t d;
                if (!bson_decimal128_from_string(v.c_str(), &d) || !parseReal(v))
                    return std::nullopt;
                return v;
            });
            std::string text;
            if (leaveEnum && !values.empty()) {
                std::vector<double> numbers;
                for (const auto &v : values)
                    numbers.push_back(*parseReal(v));
                const double outside = outsideNumber<double>(numbers, 1, declaredBounds(node.field));
                text = centsText(saturatingInt64(std::round(outside * 100)));
            } else if (!values.empty()) {
                text = values[rng.below(values.size())];
            } else {
                text = centsText(centsIn(node, here));
            }
            bson_decimal128_t d;
            bson_decimal128_from_string(text.c_str(), &d);
            check(bson_append_decimal128(out, key, keyLength, &d));
            break;
        }
        case BsonType::Timestamp:
            check(bson_append_timestamp(out, key, keyLength,
                                        static_cast<std::uint32_t>(rng.between(kFirstSecond, kLastSecond)),
                                        static_cast<std::uint32_t>(rng.between(1, 100))));
            break;
        case BsonType::Null:
            check(bson_append_null(out, key, keyLength));
            break;
        case BsonType::MinKey:
            check(bson_append_minkey(out, key, keyLength));
            break;
        case BsonType::MaxKey:
            check(bson_append_maxkey(out, key, keyLength));
            break;
        case BsonType::Object:
        case BsonType::Array:
            // Arrays of arrays have no element shape in the model: an empty
            // value of the type keeps the document well-formed, and is what
            // the estimate sizes (an empty array, 5 bytes).
            conflict(here.shape, "elements of type " + std::string(toString(type)) +
                                     " have no shape in the model; written empty (5 bytes each, as the "
                                     "estimate counts them)");
            {
                bson_t empty;
                bson_init(&empty);
                check(type == BsonType::Object ? bson_append_document(out, key, keyLength, &empty)
                                               : bson_append_array(out, key, keyLength, &empty));
                bson_destroy(&empty);
            }
            break;
        }
    }
};

SampleGenerator::SampleGenerator(const CollectionShape &collection, std::uint64_t seed)
    : m_impl(std::make_unique<Impl>(collection, seed)) {}

SampleGenerator::~SampleGenerator() = default;

Result<SampleDocument> SampleGenerator::next(SampleShape shape) {
    if (auto refused = m_impl->refuse(shape))
        return *refused;
    return m_impl->build(shape, nullptr, BreakRule::MissingRequired);
}

Result<SampleDocument> SampleGenerator::nextBroken(BreakRule rule, SampleShape shape) {
    if (auto refused = m_impl->refuse(shape))
        return *refused;
    std::vector<Candidate> candidates;
    std::vector<Step> stack;
    collectCandidates(m_impl->collection.shape, rule, true, stack, "", candidates);
    if (candidates.empty()) {
        static constexpr std::string_view kWhy[] = {
            "no required field other than _id",
            "no field",
            "no array with a maxCount",
            "no field with an enum (or a discriminator)",
        };
        return Error{m_impl->collection.name, "nothing to break with " + std::string(toString(rule)) + ": " +
                                                  std::string(kWhy[static_cast<int>(rule)])};
    }
    const Candidate &pick = candidates[m_impl->rng.below(candidates.size())];
    auto doc = m_impl->build(shape, &pick.steps, rule);
    if (!doc)
        return doc;
    doc->broken = rule;
    doc->brokenPath = m_impl->brokenPath;
    return doc;
}

const std::vector<std::string> &SampleGenerator::unbounded() const { return m_impl->unbounded; }

std::vector<std::string> SampleGenerator::breakablePaths(BreakRule rule) const {
    std::vector<Candidate> candidates;
    std::vector<Step> stack;
    collectCandidates(m_impl->collection.shape, rule, true, stack, "", candidates);
    std::vector<std::string> out;
    for (auto &c : candidates)
        out.push_back(std::move(c.path));
    return out;
}

const std::vector<SampleConflict> &SampleGenerator::conflicts() const { return m_impl->conflicts; }

} // namespace docshape
