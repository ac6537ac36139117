#include "estimate/BsonSize.h"

#include <algorithm>
#include <cmath>

namespace docshape {

namespace {

constexpr std::uint64_t kDocumentOverhead = 5; // int32 length + terminating NUL

// Sum of digits(i) for i in [0, n).
std::uint64_t digitSum(std::uint64_t n) {
    std::uint64_t total = 0;
    std::uint64_t lo = 0, hi = 10;
    int digits = 1;
    while (lo < n) {
        const std::uint64_t upto = std::min(n, hi);
        total += (upto - lo) * static_cast<std::uint64_t>(digits);
        lo = hi;
        if (hi > UINT64_MAX / 10)
            break;
        hi *= 10;
        ++digits;
    }
    return total;
}

double byteLengthPayload(BsonType type, double length, std::size_t optionsLength) {
    switch (type) {
    case BsonType::String:
        return 4 + length + 1;
    case BsonType::BinData:
        return 4 + 1 + length;
    case BsonType::Regex:
        return length + 1 + static_cast<double>(optionsLength) + 1;
    default:
        return fixedPayloadBytes(type).value_or(0);
    }
}

// Payload of one element of an array node (or of the node itself when it is
// not an array), at average shape.
double averageValuePayload(const ShapeNode &node, BsonType type) {
    if (type == BsonType::Object)
        return averageObjectBytes(*node.object);
    return byteLengthPayload(type, node.avgBytes, node.regexOptions.size());
}

std::optional<std::uint64_t> maxValuePayload(const ShapeNode &node, BsonType type) {
    if (type == BsonType::Object)
        return maxObjectBytes(*node.object);
    return static_cast<std::uint64_t>(
        byteLengthPayload(type, static_cast<double>(node.maxBytes), node.regexOptions.size()));
}

double averagePayload(const ShapeNode &node, double days);
double largestPayload(const ShapeNode &node, double days);

double averageArrayPayload(const ShapeNode &node, double count, double days) {
    const double element = node.elementType == BsonType::Object
                               ? averageObjectBytesAfter(*node.object, days)
                               : averageValuePayload(node, node.elementType);
    return static_cast<double>(kDocumentOverhead) + arrayKeyBytes(count) + count * element;
}

double grownCount(const ShapeNode &node, double days) {
    double count = node.avgCount + node.countGrowthPerDay * days;
    if (node.maxCount)
        count = std::min(count, static_cast<double>(*node.maxCount));
    return count;
}

double averagePayload(const ShapeNode &node, double days) {
    double payload;
    switch (node.type) {
    case BsonType::Object:
        payload = averageObjectBytesAfter(*node.object, days);
        break;
    case BsonType::Array:
        payload = averageArrayPayload(node, grownCount(node, days), days);
        break;
    default:
        payload = byteLengthPayload(node.type, node.avgBytes, node.regexOptions.size());
        break;
    }
    return (1 - node.nullFraction) * payload;
}

double largestPayload(const ShapeNode &node, double days) {
    switch (node.type) {
    case BsonType::Object:
        return largestObjectBytesAfter(*node.object, days);
    case BsonType::Array: {
        const double count = node.maxCount ? static_cast<double>(*node.maxCount) : grownCount(node, days);
        const double element = node.elementType == BsonType::Object
                                   ? largestObjectBytesAfter(*node.object, days)
                                   : byteLengthPayload(node.elementType, static_cast<double>(node.maxBytes),
                                                       node.regexOptions.size());
        return static_cast<double>(kDocumentOverhead) + arrayKeyBytes(count) + count * element;
    }
    default:
        return byteLengthPayload(node.type, static_cast<double>(node.maxBytes), node.regexOptions.size());
    }
}

template <typename NodeBytes> double sumFields(const NodeList &fields, NodeBytes bytes) {
    double total = 0;
    for (const auto &n : fields)
        total += bytes(n);
    return total;
}

} // namespace

int indexKeyDigits(std::uint64_t index) {
    int digits = 1;
    while (index >= 10) {
        index /= 10;
        ++digits;
    }
    return digits;
}

std::uint64_t arrayKeyBytes(std::uint64_t n) { return 2 * n + digitSum(n); }

double arrayKeyBytes(double n) {
    if (n <= 0)
        return 0;
    const double lo = std::floor(n);
    const auto whole = static_cast<std::uint64_t>(lo);
    const double base = static_cast<double>(arrayKeyBytes(whole));
    const double frac = n - lo;
    if (frac == 0)
        return base;
    return base + frac * static_cast<double>(2 + indexKeyDigits(whole));
}

std::uint64_t scalarPayloadBytes(BsonType type, std::uint64_t byteLength, std::string_view regexOptions) {
    return static_cast<std::uint64_t>(
        byteLengthPayload(type, static_cast<double>(byteLength), regexOptions.size()));
}

double averageElementBytes(const ShapeNode &node) {
    return node.presence *
           (static_cast<double>(elementHeaderBytes(node.name)) + averagePayload(node, 0));
}

std::optional<std::uint64_t> maxElementBytes(const ShapeNode &node) {
    std::uint64_t payload = 0;
    switch (node.type) {
    case BsonType::Object: {
        auto inner = maxObjectBytes(*node.object);
        if (!inner)
            return std::nullopt;
        payload = *inner;
        break;
    }
    case BsonType::Array: {
        if (!node.maxCount)
            return std::nullopt;
        auto element = maxValuePayload(node, node.elementType);
        if (!element)
            return std::nullopt;
        const std::uint64_t n = *node.maxCount;
        payload = kDocumentOverhead + arrayKeyBytes(n) + n * *element;
        break;
    }
    default:
        payload = *maxValuePayload(node, node.type);
        break;
    }
    return elementHeaderBytes(node.name) + payload;
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
                     byteLengthPayload(BsonType::String, static_cast<double>(v.value.size()), 0);
        best = std::max(best, bytes);
    }
    return common + best;
}

namespace {

// The larger of the variants' own keys (with the discriminator at the
// variant's value), for maxObjectBytes; nullopt when one is unbounded.
std::optional<std::uint64_t> largestVariantBytes(const ObjectShape &shape) {
    const ShapeNode *disc = nullptr;
    for (const auto &n : shape.fields)
        if (n.isDiscriminator)
            disc = &n;
    std::uint64_t best = 0;
    for (const auto &v : shape.variants) {
        std::uint64_t bytes = 0;
        for (const auto &n : v.fields) {
            auto b = maxElementBytes(n);
            if (!b)
                return std::nullopt;
            bytes += *b;
        }
        if (disc)
            bytes += elementHeaderBytes(disc->name) + scalarPayloadBytes(BsonType::String, v.value.size());
        best = std::max(best, bytes);
    }
    return best;
}

// Adds the variants' shares of their own keys to `total`, in the order
// averageObjectBytes adds them (so its result is the same double).
double plusVariantBytes(double total, const ObjectShape &shape) {
    for (const auto &v : shape.variants)
        total += v.share * sumFields(v.fields, averageElementBytes);
    return total;
}

} // namespace

std::optional<std::uint64_t> maxObjectBytes(const ObjectShape &shape) {
    std::uint64_t common = kDocumentOverhead;
    for (const auto &n : shape.fields) {
        if (n.isDiscriminator && !shape.variants.empty())
            continue;
        auto bytes = maxElementBytes(n);
        if (!bytes)
            return std::nullopt;
        common += *bytes;
    }
    if (shape.variants.empty())
        return common;
    const auto variants = largestVariantBytes(shape);
    if (!variants)
        return std::nullopt;
    return common + *variants;
}

namespace {

// A key's or a document's sizes while they are summed; `max` means nothing
// once `bounded` is false.
struct Sizes {
    double avg = 0;
    std::uint64_t max = 0;
    bool bounded = true;
};

Sizes objectSizes(const ObjectShape &shape, std::vector<KeyBytes> *keys);

// averageElementBytes and maxElementBytes of one node in one pass: the same
// arithmetic in the same order, so the same doubles and integers.
Sizes elementSizes(const ShapeNode &node) {
    const auto header = elementHeaderBytes(node.name);
    const std::size_t options = node.regexOptions.size();
    double avgPayload = 0;
    std::uint64_t maxPayload = 0;
    bool bounded = true;
    switch (node.type) {
    case BsonType::Object: {
        const Sizes inner = objectSizes(*node.object, nullptr);
        avgPayload = inner.avg;
        maxPayload = inner.max;
        bounded = inner.bounded;
        break;
    }
    case BsonType::Array: {
        const double count = grownCount(node, 0);
        double avgElement = 0;
        std::uint64_t maxElement = 0;
        bool elementBounded = true;
        if (node.elementType == BsonType::Object) {
            const Sizes inner = objectSizes(*node.object, nullptr);
            avgElement = inner.avg;
            maxElement = inner.max;
            elementBounded = inner.bounded;
        } else {
            avgElement = byteLengthPayload(node.elementType, node.avgBytes, options);
            maxElement = static_cast<std::uint64_t>(
                byteLengthPayload(node.elementType, static_cast<double>(node.maxBytes), options));
        }
        avgPayload = static_cast<double>(kDocumentOverhead) + arrayKeyBytes(count) + count * avgElement;
        bounded = node.maxCount && elementBounded;
        if (bounded) {
            const std::uint64_t n = *node.maxCount;
            maxPayload = kDocumentOverhead + arrayKeyBytes(n) + n * maxElement;
        }
        break;
    }
    default:
        if (hasByteLength(node.type)) {
            avgPayload = byteLengthPayload(node.type, node.avgBytes, options);
            maxPayload = static_cast<std::uint64_t>(
                byteLengthPayload(node.type, static_cast<double>(node.maxBytes), options));
        } else { // fixed size: looked up once for both
            const int fixed = fixedPayloadBytes(node.type).value_or(0);
            avgPayload = fixed;
            maxPayload = static_cast<std::uint64_t>(fixed);
        }
        break;
    }
    Sizes out;
    out.avg = node.presence * (static_cast<double>(header) + (1 - node.nullFraction) * avgPayload);
    out.max = header + maxPayload;
    out.bounded = bounded;
    return out;
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
            common += k.max;
            bounded = bounded && k.bounded;
        }
    }
    Sizes out;
    out.avg = static_cast<double>(kDocumentOverhead) + sum;
    out.max = common;
    out.bounded = bounded;
    if (variants) {
        out.avg = plusVariantBytes(out.avg, shape);
        const auto largest = bounded ? largestVariantBytes(shape) : std::nullopt;
        out.bounded = largest.has_value();
        if (largest)
            out.max = common + *largest;
    }
    return out;
}

} // namespace

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
