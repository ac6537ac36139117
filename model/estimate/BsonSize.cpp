#include "estimate/BsonSize.h"

#include "derive/MapShape.h"

#include <algorithm>
#include <cmath>

namespace docshape {

namespace {

constexpr std::uint64_t kDocumentOverhead = 5; // int32 length + terminating NUL

// Sum of digits(i) for i in [0, n), saturated.
std::uint64_t digitSum(std::uint64_t n) {
    std::uint64_t total = 0;
    std::uint64_t lo = 0, hi = 10;
    int digits = 1;
    while (lo < n) {
        const std::uint64_t upto = std::min(n, hi);
        total = saturatedAdd(total, saturatedTimes(upto - lo, static_cast<std::uint64_t>(digits)));
        lo = hi;
        if (hi > UINT64_MAX / 10)
            break;
        hi *= 10;
        ++digits;
    }
    return total;
}

// Payload of a value that is not an object: byte-length values at `length`,
// fixed-size values at their size, and an array element that is itself an
// array, which the model gives no shape, only its bytes beyond the 5 of an
// empty array (`length`, the field's avgBytes and maxBytes: FORMAT.md).
double valuePayload(BsonType type, double length, std::size_t optionsLength) {
    switch (type) {
    case BsonType::String:
        return 4 + length + 1;
    case BsonType::BinData:
        return 4 + 1 + length;
    case BsonType::Regex:
        return length + 1 + static_cast<double>(optionsLength) + 1;
    case BsonType::Array:
        return static_cast<double>(kDocumentOverhead) + length;
    default:
        return fixedPayloadBytes(type).value_or(0);
    }
}

// The same at a value's maximum length, in whole bytes; nullopt when a
// byte-length value has no maximum.
std::optional<std::uint64_t> maxValuePayload(BsonType type, std::optional<std::uint64_t> length,
                                             std::string_view regexOptions) {
    if (hasByteLength(type) && !length)
        return std::nullopt;
    return scalarPayloadBytes(type, length.value_or(0), regexOptions);
}

// The length a value reaches in the largest document after growth: its
// maximum, or its average when it has none.
double largestLength(const ShapeNode &node) {
    return node.maxBytes ? static_cast<double>(*node.maxBytes) : node.avgBytes;
}

double averagePayload(const ShapeNode &node, double days);
double largestPayload(const ShapeNode &node, double days);

double averageArrayPayload(const ShapeNode &node, double count, double days) {
    const double element = node.elementType == BsonType::Object
                               ? averageObjectBytesAfter(*node.object, days)
                               : valuePayload(node.elementType, node.avgBytes, node.regexOptions.size());
    return static_cast<double>(kDocumentOverhead) + arrayKeyBytes(count) + count * element;
}

double grownCount(const ShapeNode &node, double days) {
    double count = node.avgCount + node.countGrowthPerDay * days;
    if (node.maxCount)
        count = std::min(count, static_cast<double>(*node.maxCount));
    return count;
}

// A map is a document of avgKeys elements: each 1 (type) + the key's bytes
// + 1 (NUL) + the value's payload (FORMAT.md, "Map keys").
double averageMapPayload(const MapKeys &keys, const ShapeNode *value, double days) {
    const double valueBytes = value ? averagePayload(*value, days) : 0;
    return static_cast<double>(kDocumentOverhead) + keys.avgKeys * (2 + keys.avgKeyBytes) + keys.avgKeys * valueBytes;
}

double averagePayload(const ShapeNode &node, double days) {
    double payload;
    switch (node.type) {
    case BsonType::Object:
        if (const MapKeys *keys = mapKeysOf(node))
            payload = averageMapPayload(*keys, mapValueOf(node), days);
        else
            payload = averageObjectBytesAfter(*node.object, days);
        break;
    case BsonType::Array:
        payload = averageArrayPayload(node, grownCount(node, days), days);
        break;
    default:
        payload = valuePayload(node.type, node.avgBytes, node.regexOptions.size());
        break;
    }
    return (1 - node.nullFraction) * payload;
}

double largestPayload(const ShapeNode &node, double days) {
    switch (node.type) {
    case BsonType::Object:
        if (const MapKeys *keys = mapKeysOf(node)) {
            const ShapeNode *value = mapValueOf(node);
            const auto n = static_cast<double>(keys->maxKeys);
            return static_cast<double>(kDocumentOverhead) +
                   n * (2 + static_cast<double>(keys->maxKeyBytes) + (value ? largestPayload(*value, days) : 0));
        }
        return largestObjectBytesAfter(*node.object, days);
    case BsonType::Array: {
        const double count = node.maxCount ? static_cast<double>(*node.maxCount) : grownCount(node, days);
        const double element = node.elementType == BsonType::Object
                                   ? largestObjectBytesAfter(*node.object, days)
                                   : valuePayload(node.elementType, largestLength(node), node.regexOptions.size());
        return static_cast<double>(kDocumentOverhead) + arrayKeyBytes(count) + count * element;
    }
    default:
        return valuePayload(node.type, largestLength(node), node.regexOptions.size());
    }
}

template <typename NodeBytes> double sumFields(const NodeList &fields, NodeBytes bytes) {
    double total = 0;
    for (const auto &n : fields)
        total += bytes(n);
    return total;
}

} // namespace

std::uint64_t saturatedAdd(std::uint64_t a, std::uint64_t b) {
    std::uint64_t sum = 0;
    return __builtin_add_overflow(a, b, &sum) ? kSaturatedBytes : sum;
}

std::uint64_t saturatedTimes(std::uint64_t a, std::uint64_t b) {
    std::uint64_t product = 0;
    return __builtin_mul_overflow(a, b, &product) ? kSaturatedBytes : product;
}

int indexKeyDigits(std::uint64_t index) {
    int digits = 1;
    while (index >= 10) {
        index /= 10;
        ++digits;
    }
    return digits;
}

std::uint64_t arrayKeyBytes(std::uint64_t n) { return saturatedAdd(saturatedTimes(2, n), digitSum(n)); }

double arrayKeyBytes(double n) {
    if (n <= 0)
        return 0;
    if (!(n < 0x1p64))
        return n * 21; // beyond every count: 20 digits, the type byte and the NUL
    const double lo = std::floor(n);
    const auto whole = static_cast<std::uint64_t>(lo);
    const double base = static_cast<double>(arrayKeyBytes(whole));
    const double frac = n - lo;
    if (frac == 0)
        return base;
    return base + frac * static_cast<double>(2 + indexKeyDigits(whole));
}

std::uint64_t scalarPayloadBytes(BsonType type, std::uint64_t byteLength, std::string_view regexOptions) {
    switch (type) {
    case BsonType::String:
        return saturatedAdd(byteLength, 4 + 1);
    case BsonType::BinData:
        return saturatedAdd(byteLength, 4 + 1);
    case BsonType::Regex:
        return saturatedAdd(byteLength, saturatedAdd(regexOptions.size(), 1 + 1));
    case BsonType::Array:
        return saturatedAdd(byteLength, kDocumentOverhead);
    default:
        return static_cast<std::uint64_t>(fixedPayloadBytes(type).value_or(0));
    }
}

double averageElementBytes(const ShapeNode &node) {
    return node.presence *
           (static_cast<double>(elementHeaderBytes(node.name)) + averagePayload(node, 0));
}

double averageObjectBytes(const ObjectShape &shape) { return averageObjectBytesAfter(shape, 0); }

double averageObjectBytesAfter(const ObjectShape &shape, double days) {
    auto element = [days](const ShapeNode &n) {
        return n.presence * (static_cast<double>(elementHeaderBytes(n.name)) + averagePayload(n, days));
    };
    double total = static_cast<double>(kDocumentOverhead) + sumFields(shape.fields, element);
    for (const auto &v : shape.variants)
        total += v.share * sumFields(v.fields, element);
    return total;
}

double largestObjectBytesAfter(const ObjectShape &shape, double days) {
    auto element = [days](const ShapeNode &n) {
        return static_cast<double>(elementHeaderBytes(n.name)) + largestPayload(n, days);
    };
    double common = static_cast<double>(kDocumentOverhead);
    for (const auto &n : shape.fields)
        if (!(n.isDiscriminator && !shape.variants.empty()))
            common += element(n);
    if (shape.variants.empty())
        return common;
    const ShapeNode *disc = nullptr;
    for (const auto &n : shape.fields)
        if (n.isDiscriminator)
            disc = &n;
    double best = 0;
    for (const auto &v : shape.variants) {
        double bytes = sumFields(v.fields, element);
        if (disc)
            bytes += static_cast<double>(elementHeaderBytes(disc->name)) +
                     valuePayload(BsonType::String, static_cast<double>(v.value.size()), 0);
        best = std::max(best, bytes);
    }
    return common + best;
}

namespace {

// A key's or a document's sizes while they are summed; `max` means nothing
// once `bounded` is false, and is saturated at kSaturatedBytes.
struct Sizes {
    double avg = 0;
    std::uint64_t max = 0;
    bool bounded = true;
};

Sizes objectSizes(const ObjectShape &shape, std::vector<KeyBytes> *keys);

// averageElementBytes and the element's maximum in one pass: the average's
// arithmetic in averageElementBytes's order, so the same doubles.
Sizes elementSizes(const ShapeNode &node) {
    const auto header = elementHeaderBytes(node.name);
    const std::size_t options = node.regexOptions.size();
    double avgPayload = 0;
    std::uint64_t maxPayload = 0;
    bool bounded = true;
    switch (node.type) {
    case BsonType::Object: {
        if (const MapKeys *keys = mapKeysOf(node)) {
            const ShapeNode *value = mapValueOf(node);
            avgPayload = averageMapPayload(*keys, value, 0);
            // The largest map: maxKeys keys of maxKeyBytes, each with the
            // largest value.
            std::uint64_t valueMax = 0;
            if (value) {
                const Sizes v = elementSizes(*value);
                bounded = v.bounded || keys->maxKeys == 0;
                valueMax = v.max == kSaturatedBytes ? kSaturatedBytes : v.max - elementHeaderBytes(value->name);
            }
            const std::uint64_t perKey = saturatedAdd(saturatedAdd(2, keys->maxKeyBytes), valueMax);
            maxPayload = saturatedAdd(kDocumentOverhead, saturatedTimes(keys->maxKeys, perKey));
            break;
        }
        const Sizes inner = objectSizes(*node.object, nullptr);
        avgPayload = inner.avg;
        maxPayload = inner.max;
        bounded = inner.bounded;
        break;
    }
    case BsonType::Array: {
        const double count = grownCount(node, 0);
        double avgElement = 0;
        std::optional<std::uint64_t> maxElement;
        if (node.elementType == BsonType::Object) {
            const Sizes inner = objectSizes(*node.object, nullptr);
            avgElement = inner.avg;
            if (inner.bounded)
                maxElement = inner.max;
        } else {
            avgElement = valuePayload(node.elementType, node.avgBytes, options);
            maxElement = maxValuePayload(node.elementType, node.maxBytes, node.regexOptions);
        }
        avgPayload = static_cast<double>(kDocumentOverhead) + arrayKeyBytes(count) + count * avgElement;
        // An array never seen with an element is bounded whatever its elements.
        if (node.maxCount && *node.maxCount == 0)
            maxElement = 0;
        bounded = node.maxCount && maxElement;
        if (bounded) {
            const std::uint64_t n = *node.maxCount;
            maxPayload = saturatedAdd(kDocumentOverhead, saturatedAdd(arrayKeyBytes(n), saturatedTimes(n, *maxElement)));
        }
        break;
    }
    default:
        if (hasByteLength(node.type)) {
            avgPayload = valuePayload(node.type, node.avgBytes, options);
            const auto max = maxValuePayload(node.type, node.maxBytes, node.regexOptions);
            bounded = max.has_value();
            maxPayload = max.value_or(0);
        } else { // fixed size: looked up once for both
            const int fixed = fixedPayloadBytes(node.type).value_or(0);
            avgPayload = fixed;
            maxPayload = static_cast<std::uint64_t>(fixed);
        }
        break;
    }
    Sizes out;
    out.avg = node.presence * (static_cast<double>(header) + (1 - node.nullFraction) * avgPayload);
    out.max = saturatedAdd(header, maxPayload);
    out.bounded = bounded;
    return out;
}

// The larger of the variants' own keys (with the discriminator at the
// variant's value); unbounded when one of them is.
Sizes largestVariant(const ObjectShape &shape) {
    const ShapeNode *disc = nullptr;
    for (const auto &n : shape.fields)
        if (n.isDiscriminator)
            disc = &n;
    Sizes out;
    for (const auto &v : shape.variants) {
        std::uint64_t bytes = 0;
        for (const auto &n : v.fields) {
            const Sizes k = elementSizes(n);
            if (!k.bounded) {
                out.bounded = false;
                return out;
            }
            bytes = saturatedAdd(bytes, k.max);
        }
        if (disc)
            bytes = saturatedAdd(bytes, saturatedAdd(elementHeaderBytes(disc->name),
                                                     scalarPayloadBytes(BsonType::String, v.value.size())));
        out.max = std::max(out.max, bytes);
    }
    return out;
}

// Adds the variants' shares of their own keys to `total`, in the order
// averageObjectBytes adds them (so its result is the same double).
double plusVariantBytes(double total, const ObjectShape &shape) {
    for (const auto &v : shape.variants)
        total += v.share * sumFields(v.fields, averageElementBytes);
    return total;
}

Sizes objectSizes(const ObjectShape &shape, std::vector<KeyBytes> *keys) {
    double sum = 0; // summed as averageObjectBytes sums, so the result is the same double
    std::uint64_t common = kDocumentOverhead;
    bool bounded = true;
    const bool variants = !shape.variants.empty();
    for (const auto &n : shape.fields) {
        const Sizes k = elementSizes(n);
        if (keys)
            keys->push_back({k.avg, k.bounded ? std::optional(k.max) : std::nullopt});
        sum += k.avg;
        if (!(n.isDiscriminator && variants)) {
            common = saturatedAdd(common, k.max);
            bounded = bounded && k.bounded;
        }
    }
    Sizes out;
    out.avg = static_cast<double>(kDocumentOverhead) + sum;
    out.max = common;
    out.bounded = bounded;
    if (variants) {
        out.avg = plusVariantBytes(out.avg, shape);
        if (bounded) {
            const Sizes largest = largestVariant(shape);
            out.bounded = largest.bounded;
            out.max = saturatedAdd(common, largest.max);
        }
    }
    return out;
}

} // namespace

std::optional<std::uint64_t> maxElementBytes(const ShapeNode &node) {
    const Sizes s = elementSizes(node);
    return s.bounded ? std::optional(s.max) : std::nullopt;
}

std::optional<std::uint64_t> maxObjectBytes(const ObjectShape &shape) {
    const Sizes s = objectSizes(shape, nullptr);
    return s.bounded ? std::optional(s.max) : std::nullopt;
}

DocumentBytes documentBytes(const ObjectShape &shape, std::vector<KeyBytes> &keys) {
    keys.clear();
    keys.reserve(shape.fields.size());
    const Sizes sizes = objectSizes(shape, &keys);
    DocumentBytes out;
    out.avg = sizes.avg;
    if (sizes.bounded)
        out.max = sizes.max;
    return out;
}

} // namespace docshape
