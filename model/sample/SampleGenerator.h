#pragma once

#include "util/Result.h"
#include "derive/CollectionShape.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace docshape {

enum class SampleShape {
    Typical, // presence, lengths and counts drawn so the mean size is the average estimate
    Max,     // every key present, lengths and counts at their maximum: the max estimate exactly
};

// A rule a broken sample violates on purpose, one per document.
enum class BreakRule {
    MissingRequired, // a required key is left out
    WrongType,       // a value of another BSON type (never null)
    ArrayOverBound,  // an array one element over its maxCount
    OutsideEnum,     // a value outside the field's enum, or a discriminator matching no variant
};

std::string_view toString(SampleShape shape);
std::optional<SampleShape> sampleShapeFromString(std::string_view s);
std::string_view toString(BreakRule rule); // "missing-required", "wrong-type", ...
std::optional<BreakRule> breakRuleFromString(std::string_view s);

// A generated document as the BSON bytes libbson built.
struct SampleDocument {
    std::vector<std::uint8_t> bson;
    // Broken documents only: the rule and the dotted path of the one value
    // that breaks it, array elements by index ("items.2.sku").
    std::optional<BreakRule> broken;
    std::string brokenPath;

    std::size_t size() const { return bson.size(); }
    std::string canonicalJson() const; // canonical Extended JSON v2, one line
};

// A place where the model contradicts itself, so the generator could not
// honour every constraint; each is reported once. The policy: in the max shape
// the size wins (the estimate's contract), in the typical shape validity wins.
struct SampleConflict {
    std::string path;
    std::string message;
};

// Documents of one collection, built from its ShapeNode tree (document order,
// discriminator then the chosen variant's fields after the common ones).
// Values honour the field constraints (enum, minimum/maximum, pattern,
// min/maxLength, minItems, uniqueItems). Deterministic: the same shape and
// seed give the same sequence of documents on every platform.
//
// The collection (and the project its nodes point into) must outlive the
// generator.
class SampleGenerator {
public:
    SampleGenerator(const CollectionShape &collection, std::uint64_t seed);
    ~SampleGenerator();
    SampleGenerator(const SampleGenerator &) = delete;
    SampleGenerator &operator=(const SampleGenerator &) = delete;

    // The next valid document. For SampleShape::Max its size is
    // maxObjectBytes(collection.shape); an Error when an array or a value
    // is unbounded (the message names its path) or the document is too
    // large to build.
    Result<SampleDocument> next(SampleShape shape);

    // The next document broken by `rule` in exactly one value, otherwise a
    // valid document of `shape` (ancestors of the broken value are forced
    // present). An Error when the collection has nothing the rule can break.
    Result<SampleDocument> nextBroken(BreakRule rule, SampleShape shape = SampleShape::Typical);

    // Dotted paths of what has no maximum: arrays without a maxCount, then
    // values without a maximum length. The max shape needs none.
    const std::vector<std::string> &unbounded() const;

    // Paths `rule` could break in this collection (element indexes omitted).
    std::vector<std::string> breakablePaths(BreakRule rule) const;

    const std::vector<SampleConflict> &conflicts() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace docshape
