#pragma once

#include "import/Recognition.h"
#include "validate/ExtendedJson.h"

#include <array>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace docshape::import {

// BSON type codes in one dense range for counting: 1..0x13 as in the spec,
// then minKey and maxKey.
inline constexpr int kTypeSlots = 0x16;
int typeSlot(int bsonTypeCode);  // -1 for a code that names no type
int typeCodeOfSlot(int slot);

// Up to kCapacity distinct 64-bit hashes of values, the smallest seen, each
// with how many times its value was seen: a bottom-k sketch. Two sketches
// made with the same hash compare sets exactly below the smaller of their
// largest kept hashes, whatever the set sizes; the kept hashes are a
// uniform sample of the distinct values, so a value seen twice among them
// says the values are not unique, and their number estimates how many
// distinct values there are. A kept hash's count is exact: it was below
// the largest kept hash whenever its value came.
class HashSketch {
public:
    static constexpr std::size_t kCapacity = 1024;
    void add(std::uint64_t hash);
    bool full() const { return m_hashes.size() >= kCapacity; }
    std::uint64_t largest() const { return m_hashes.empty() ? 0 : m_hashes.back(); }
    const std::vector<std::uint64_t> &hashes() const { return m_hashes; } // ascending
    std::uint64_t values() const { return m_values; }                    // every value added
    bool repeats() const { return m_repeats; } // a kept value was seen more than once
    double distinct() const;                   // exact below kCapacity, else estimated

private:
    std::vector<std::uint64_t> m_hashes;
    std::vector<std::uint32_t> m_counts; // beside m_hashes
    std::uint64_t m_values = 0;
    bool m_repeats = false;
};

// What was seen at one path of a collection: a key of a (sub)document, or
// the elements of the arrays at a path. Counts are exact; distinct values
// and ids are kept up to a cap, so memory does not grow with the input.
struct PathNode {
    static constexpr std::size_t kEnumCap = 16;        // distinct strings kept for enum candidates
    static constexpr std::size_t kEnumValueBytes = 64; // longer strings are not enum candidates

    std::string key; // empty for array elements
    int depth = 0;   // the document's own keys are at depth 1
    std::array<std::uint64_t, kTypeSlots> types{};

    // string, symbol and code lengths (UTF-8 bytes); binary data; regex patterns
    std::uint64_t strings = 0, stringBytes = 0, stringMax = 0;
    std::uint64_t binaries = 0, binaryBytes = 0, binaryMax = 0;
    std::uint64_t regexes = 0, regexBytes = 0, regexMax = 0;
    std::string regexOptions; // of the first regex seen, as libbson stores them
    // int, long, double, decimal
    std::uint64_t numbers = 0;
    double minimum = 0, maximum = 0;
    // What the values look like: dates in strings, blobs, money, epoch numbers.
    ValueShapes shapes;
    // dates, in milliseconds since the epoch
    std::uint64_t dates = 0;
    std::int64_t firstDate = 0, lastDate = 0;
    // arrays: element counts, and whole values' bytes (the 5 of an empty
    // array included), which size the inner arrays of arrays of arrays
    std::uint64_t elements = 0, elementMax = 0;
    std::uint64_t arrayBytes = 0, arrayBytesMax = 0;

    // Distinct strings, while there are at most kEnumCap of them.
    std::vector<std::string> distinct;
    std::vector<std::uint64_t> distinctCounts;
    bool distinctOverflow = false;
    int valueInDocument = -1; // index in `distinct` of this document's value (top-level keys)

    // Values that can be keys (ObjectId, UUID, short strings, integers,
    // decimals), for reference candidates; at most kSketchedPaths paths of
    // a collection have one.
    std::unique_ptr<HashSketch> ids;

    // Keys that look generated (hex ids, UUIDs, numbers, ISO dates) are data,
    // not names: their values share `mapValue`, and the keys are counted.
    std::unique_ptr<PathNode> mapValue;
    std::uint64_t mapKeys = 0, mapKeysMax = 0, mapKeyBytes = 0;
    std::uint64_t mapKeyBytesMin = UINT64_MAX, mapKeyBytesMax = 0; // of one key
    std::string mapKeyRegex; // keys folded by foldSparseKeys: the characters they use
    std::uint64_t keysMax = 0; // the most keys one object here had (named and generated)
    std::uint8_t mapPattern = 0; // KeyPattern bits seen

    std::vector<std::unique_ptr<PathNode>> children; // keys, in the order first seen
    std::unordered_map<std::string, std::uint32_t> childIndex;
    std::unique_ptr<PathNode> element; // the elements of arrays here

    std::uint64_t total() const;
    std::uint64_t count(int bsonTypeCode) const { return types[std::size_t(typeSlot(bsonTypeCode))]; }
    std::uint64_t objects() const { return count(0x03); }
};

using TypeCounts = std::array<std::uint64_t, kTypeSlots>;

// What a generated key looks like (bits of PathNode::mapPattern).
enum KeyPattern : std::uint8_t { kHexKey = 1, kUuidKey = 2, kNumberKey = 4, kDateKey = 8 };
// The pattern of a key that is data rather than a name; 0 for a name.
std::uint8_t generatedKeyPattern(std::string_view key);

// A top-level string field with few values, followed per value: how often
// each top-level key is present, and with which types. What finds a
// discriminator, and gives each variant its own type for a key that
// variants share with different types.
struct DiscriminatorCounts {
    static constexpr std::size_t kTypedKeys = 256; // root children whose types are followed per value

    std::size_t fieldIndex = 0;                        // in the root's children
    std::vector<std::uint64_t> documents;              // per value (PathNode::distinct order)
    std::vector<std::vector<std::uint64_t>> presence;  // per value, per root child
    std::vector<std::vector<TypeCounts>> types;        // per value, per root child below kTypedKeys
};

// Everything an import keeps of one collection, fed document by document
// from Extended JSON (as a ValueSink) or BSON. Exact BSON sizes are summed
// as the documents are read: element by element, as bsonspec.org 1.1 counts
// them, and for BSON input checked against each document's length prefix.
class CollectionStatistics final : public validate::ValueSink {
public:
    static constexpr std::size_t kMaxPaths = 10000; // distinct paths modelled per collection
    static constexpr int kMaxDepth = 90;            // deeper keys count in sizes only (the model nests 100)
    static constexpr std::size_t kMaxDiscriminators = 4;
    // Paths whose key values are sampled: at most 4,096 x 1,024 x 12 bytes
    // (48 MiB) of sketches per collection, a quarter of what the ids alone
    // could take when each kept hash was a node of a std::set.
    static constexpr std::size_t kSketchedPaths = 4096;
    static constexpr std::size_t kKeyStringBytes = 128;  // longer strings are not keys

    explicit CollectionStatistics(std::string name);

    const std::string &name() const { return m_name; }

    // One document of Extended JSON: beginDocument(), the walk, then
    // endDocument(), or abandonDocument() when the walk failed: the document
    // is then not counted, though values read before the error stay counted
    // at their paths (presence is capped at 1 when the model is made).
    void beginDocument();
    void endDocument();
    void abandonDocument();

    // One BSON document; its bytes must be `length` long. An error names the
    // byte offset inside the document.
    Status addBson(const std::uint8_t *data, std::uint32_t length);

    bool beginObject(std::string_view key) override;
    bool endObject() override;
    bool beginArray(std::string_view key) override;
    bool endArray() override;
    bool value(std::string_view key, const bson_value_t &value) override;
    std::string failure() const override { return m_failure; }

    const PathNode &root() const { return m_root; }
    // Objects below the top level with many distinct keys, each in few of
    // them, whose values share one shape, become maps (MapInference.cpp).
    // Call once, when every document has been read.
    void foldSparseKeys();
    std::uint64_t documents() const { return m_documents; }
    std::uint64_t documentBytes() const { return m_documentBytes; }
    std::uint64_t largestDocument() const { return m_largest; }
    std::size_t paths() const { return m_paths; }
    std::uint64_t unmodelledValues() const { return m_unmodelled; }
    const std::vector<DiscriminatorCounts> &discriminators() const { return m_discriminators; }

private:
    struct Frame {
        PathNode *node; // the object or the array node; null past the caps
        bool array;
        std::uint32_t keyBytes; // of the key this frame's value is under
        std::uint32_t cursor;   // where the previous key was found, for the next
        std::uint32_t count;    // array elements so far, or generated keys of an object
        std::uint64_t bytes;    // the value's size so far
        std::uint32_t keys = 0; // an object's keys so far
    };

    PathNode *childFor(Frame &frame, std::string_view key, bool &created);
    PathNode *slotFor(Frame &frame, std::string_view key);
    void record(PathNode *node, const bson_value_t &value);
    void sketch(PathNode *node, std::uint64_t hash);
    bool begin(std::string_view key, bool array);
    bool end();
    Status walkBson(const std::uint8_t *data, std::uint32_t length, std::uint32_t base, int depth);

    std::string m_name;
    PathNode m_root;
    std::vector<Frame> m_frames;
    std::size_t m_paths = 0;
    std::size_t m_sketches = 0;
    std::uint64_t m_unmodelled = 0;
    std::uint64_t m_documents = 0, m_documentBytes = 0, m_largest = 0;
    std::vector<std::uint32_t> m_presentTopLevel; // root children present in this document
    std::vector<std::uint8_t> m_topLevelSlots;    // the type slot of each, in the same order
    std::vector<DiscriminatorCounts> m_discriminators;
    std::vector<bool> m_notCandidate; // per root child: dropped as a discriminator
    std::string m_failure;
};

// BSON payload bytes of a value (bsonspec.org 1.1), without type and key;
// documents and arrays are sized by the walk, not here.
std::uint64_t payloadBytes(const bson_value_t &value);

} // namespace docshape::import
