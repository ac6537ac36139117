#include "import/Recognition.h"

#include "advisor/NameWords.h"
#include "advisor/RuleCatalog.h"
#include "import/CollectionStatistics.h"
#include "import/ImportSummary.h"
#include "util/Literals.h"

#include <array>
#include <cmath>
#include <cstdio>

namespace docshape::import {

namespace {

constexpr bool digit(unsigned char c) { return c >= '0' && c <= '9'; }
constexpr bool hexLetter(unsigned char c) { return (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
constexpr bool upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool lower(unsigned char c) { return c >= 'a' && c <= 'z'; }

// A whole ISO 8601 date or date-time, as the model reads date literals.
bool isoDate(std::string_view s) {
    if (s.size() < 10 || s.size() > Recognise::kDateMaximum || s[4] != '-' || s[7] != '-' ||
        !digit(static_cast<unsigned char>(s[0])))
        return false;
    std::int64_t ms = 0;
    return literal::parseIsoDate(s, ms, literal::kModelDate);
}

// Each byte's classes, so that one pass over a string's first bytes judges
// hex and base64 together, a table lookup a byte.
enum : std::uint8_t {
    kHexClass = 1,     // 0-9 a-f A-F
    kBase64Class = 2,  // A-Z a-z 0-9 + /
    kDigitClass = 4,   // 0-9
    kLetterClass = 8,  // a-f A-F
    kUpperClass = 16,  // A-Z
    kLowerClass = 32,  // a-z
    kSymbolClass = 64, // + /
};
constexpr std::array<std::uint8_t, 256> kClasses = [] {
    std::array<std::uint8_t, 256> t{};
    for (int c = 0; c < 256; ++c) {
        std::uint8_t k = 0;
        if (digit(static_cast<unsigned char>(c)))
            k |= kHexClass | kBase64Class | kDigitClass;
        if (hexLetter(static_cast<unsigned char>(c)))
            k |= kHexClass | kLetterClass;
        if (upper(static_cast<unsigned char>(c)))
            k |= kBase64Class | kUpperClass;
        if (lower(static_cast<unsigned char>(c)))
            k |= kBase64Class | kLowerClass;
        if (c == '+' || c == '/')
            k |= kBase64Class | kSymbolClass;
        t[std::size_t(c)] = k;
    }
    return t;
}();

// Hex: an even length of at least kHexMinimum, and among the bytes read
// only hex digits, with a digit and a letter (a run of decimal digits is a
// number, not bytes). base64 (RFC 4648 section 4): a length in fours of at
// least kBase64Minimum, '=' padding at the end only, and among the bytes
// read both cases and a digit, '+' or '/' (a word or a camelCase name has
// no digit, an upper-case code no lower case). 0, kHexClass or kBase64Class.
std::uint8_t blobKind(std::string_view s) {
    const bool maybeHex = s.size() >= Recognise::kHexMinimum && s.size() % 2 == 0;
    const bool maybeBase64 = s.size() >= Recognise::kBase64Minimum && s.size() % 4 == 0;
    if (!maybeHex && !maybeBase64)
        return 0;
    std::size_t end = s.size();
    if (s[end - 1] == '=')
        end -= s[end - 2] == '=' ? 2 : 1;
    const std::size_t n = std::min(end, Recognise::kPrefixBytes);
    std::uint8_t all = 0xFF, any = 0;
    for (std::size_t i = 0; i < n;) {
        // Eight bytes without a branch, then stop once neither alphabet holds.
        for (const std::size_t block = std::min(n, i + 8); i < block; ++i) {
            const std::uint8_t k = kClasses[static_cast<unsigned char>(s[i])];
            all &= k;
            any |= k;
        }
        if (!(all & (kHexClass | kBase64Class)))
            return 0;
    }
    if (maybeHex && end == s.size() && (all & kHexClass) && (any & kDigitClass) && (any & kLetterClass))
        return kHexClass;
    if (maybeBase64 && (all & kBase64Class) && (any & kUpperClass) && (any & kLowerClass) &&
        (any & (kDigitClass | kSymbolClass)))
        return kBase64Class;
    return 0;
}

std::string number(double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
}

std::string share(std::uint64_t part, std::uint64_t whole) {
    return groupedNumber(part) + " of " + groupedNumber(whole);
}

bool enough(std::uint64_t matching, std::uint64_t values) {
    return values >= Recognise::kMinimumValues && double(matching) >= Recognise::kShare * double(values);
}

// A rule's citation, as the catalogue gives it.
std::string cite(std::string_view ruleId) {
    const Rule *r = findRule(ruleId);
    return r ? " (" + std::string(ruleId) + ", " + std::string(r->source) + ")" : std::string();
}

constexpr std::string_view kGeoJsonManual =
    "MongoDB manual, GeoJSON Objects, https://www.mongodb.com/docs/manual/reference/geojson/";
constexpr std::string_view kTwoDSphereManual =
    "MongoDB manual, 2dsphere Indexes, https://www.mongodb.com/docs/manual/core/indexes/index-types/geospatial/2dsphere/";
constexpr std::string_view kBinDataManual =
    "MongoDB manual, BSON Types, Binary Data, https://www.mongodb.com/docs/manual/reference/bson-types/#binary-data";

// The type names of RFC 7946, section 1.4, as MongoDB takes them.
constexpr std::array<std::string_view, 7> kGeoJsonTypes = {
    "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection"};

// Keys that name a position: what legacy coordinate pairs are called.
// Not "coordinates": GeoJSON's own member, whose pairs the object around
// them already says.
constexpr std::string_view kLocationWords[] = {"coord",  "coords", "loc",    "location", "lnglat", "lonlat", "longlat",
                                               "latlng", "latlon", "position", "geo",    "point",  "gps"};

const PathNode *child(const PathNode &object, std::string_view key) {
    // A GeoJSON object has two or three keys: a look at each is the whole cost.
    if (object.children.size() > 8) {
        auto it = object.childIndex.find(std::string(key));
        return it == object.childIndex.end() ? nullptr : object.children[it->second].get();
    }
    for (const auto &c : object.children)
        if (c->key == key)
            return c.get();
    return nullptr;
}

} // namespace

void noteString(ValueShapes &shapes, std::string_view s) {
    if (s.size() < 10)
        return;
    if (isoDate(s)) {
        ++shapes.isoDates;
        return;
    }
    const std::uint8_t kind = blobKind(s);
    if (kind == kHexClass)
        ++shapes.hexBlobs;
    else if (kind == kBase64Class)
        ++shapes.base64Blobs;
}

void noteNumber(ValueShapes &shapes, double x, bool isDouble) {
    if (!std::isfinite(x))
        return;
    if (isDouble) {
        const double scaled = x * 100;
        if (std::fabs(scaled - std::round(scaled)) <= 1e-6 * std::max(1.0, std::fabs(scaled)))
            ++shapes.cents;
    }
    if (x >= Recognise::kEpochSecondsFrom && x < Recognise::kEpochSecondsTo)
        ++shapes.epochSeconds;
    else if (x >= Recognise::kEpochMillisFrom && x < Recognise::kEpochMillisTo)
        ++shapes.epochMillis;
}

bool namedLikeDate(std::string_view key) { return advisor::nameSaysDate(key) || advisor::anyWordIn(key, advisor::kTimeWords); }

std::optional<Recognition> recogniseValues(const PathNode &n, std::string_view key, BsonType type) {
    const ValueShapes &v = n.shapes;
    if (type == BsonType::String) {
        const std::uint64_t strings = n.count(0x02);
        if (enough(v.isoDates, strings))
            return Recognition{
                "import.date-string", "warning",
                share(v.isoDates, strings) + " strings are ISO 8601 dates: as BSON dates they take 8 bytes of "
                    "payload instead of " + number(n.strings ? 5 + double(n.stringBytes) / double(n.strings) : 0) +
                    ", and date operators and TTL indexes work on them" + cite(rule::kDateAsString),
                "Recognised: dates as ISO 8601 strings (" + share(v.isoDates, strings) +
                    "); a BSON date would hold them in 8 bytes."};
        const bool hex = enough(v.hexBlobs, strings);
        if (hex || enough(v.base64Blobs, strings)) {
            const double text = n.strings ? double(n.stringBytes) / double(n.strings) : 0;
            const double bytes = hex ? text / 2 : text * 3 / 4;
            const std::string what = hex ? "hex" : "base64";
            return Recognition{"import.binary-string", "info",
                               share(hex ? v.hexBlobs : v.base64Blobs, strings) + " strings are " + what +
                                   "-encoded bytes (" + number(text) + " characters on average): as binData they "
                                   "would take about " + number(bytes) + " bytes of payload, and compare as bytes (" +
                                   std::string(kBinDataManual) + ")",
                               "Recognised: " + what + "-encoded bytes in strings (" +
                                   share(hex ? v.hexBlobs : v.base64Blobs, strings) + "); as binData about " +
                                   number(bytes) + " bytes each."};
        }
        return std::nullopt;
    }
    if (type == BsonType::Double && advisor::anyWordIn(key, advisor::kMoneyWords)) {
        const std::uint64_t doubles = n.count(0x01);
        if (enough(v.cents, doubles))
            return Recognition{
                "import.money-double", "warning",
                share(v.cents, doubles) +
                    " doubles have at most two decimals and the name says money: a binary double cannot hold "
                    "most cents exactly (0.1 + 0.2 is not 0.3); store Decimal128 (16 bytes) or integer minor "
                    "units, cents as a long (8 bytes)" + cite(rule::kMoneyAsFloat),
                "Recognised: money in doubles (named so, " + share(v.cents, doubles) +
                    " values with at most two decimals); Decimal128 or integer minor units hold it exactly."};
        return std::nullopt;
    }
    if ((type == BsonType::Int || type == BsonType::Long || type == BsonType::Double) && namedLikeDate(key)) {
        const bool seconds = enough(v.epochSeconds, n.numbers);
        if (seconds || enough(v.epochMillis, n.numbers)) {
            const std::string unit = seconds ? "seconds" : "milliseconds";
            const std::uint64_t matching = seconds ? v.epochSeconds : v.epochMillis;
            return Recognition{
                "import.epoch-date", "warning",
                share(matching, n.numbers) + " numbers are " + unit +
                    " since 1970 and the name says date: store them as BSON dates (8 bytes; date operators and "
                    "TTL indexes work on them)" + cite(rule::kDateAsString),
                "Recognised: dates as " + unit + " since the epoch (" + share(matching, n.numbers) +
                    "); a BSON date holds them in 8 bytes."};
        }
    }
    return std::nullopt;
}

bool isGeoJson(const PathNode &object) {
    const std::uint64_t objects = object.objects();
    const PathNode *type = child(object, "type");
    if (objects == 0 || !type || type->count(0x02) != objects || type->distinctOverflow || type->distinct.empty())
        return false;
    bool onlyPoints = true;
    for (const auto &name : type->distinct) {
        bool known = false;
        for (auto t : kGeoJsonTypes)
            known = known || name == t;
        if (!known)
            return false;
        onlyPoints = onlyPoints && name == "Point";
    }
    const PathNode *coordinates = child(object, "coordinates");
    const PathNode *geometries = child(object, "geometries");
    const std::uint64_t shaped = (coordinates ? coordinates->count(0x04) : 0) + (geometries ? geometries->count(0x04) : 0);
    if (shaped != objects)
        return false;
    if (!onlyPoints)
        return true;
    // A Point's position: longitude and latitude, and an optional altitude.
    const PathNode *position = coordinates ? coordinates->element.get() : nullptr;
    const std::uint64_t arrays = coordinates ? coordinates->count(0x04) : 0;
    return position && position->numbers == coordinates->elements && coordinates->elementMax <= 3 &&
           coordinates->elements >= 2 * arrays && position->minimum >= -180 && position->maximum <= 180;
}

std::optional<Recognition> recogniseGeoJson(const PathNode &object, const std::string &path) {
    if (!isGeoJson(object))
        return std::nullopt;
    const PathNode *type = child(object, "type");
    std::string types;
    for (const auto &t : type->distinct)
        types += (types.empty() ? "" : ", ") + t;
    return Recognition{"import.geojson", "info",
                       groupedNumber(object.objects()) + " GeoJSON objects (" + types +
                           "): a geo field; a 2dsphere index on " + path +
                           " serves $near, $geoWithin and $geoIntersects" + cite(rule::kGeoWithoutIndex),
                       "Recognised: GeoJSON (" + types + "), a geo field; query it through a 2dsphere index on " +
                           path + "."};
}

std::optional<Recognition> recogniseCoordinatePairs(const PathNode &array, std::string_view key,
                                                    const std::string &path) {
    const std::uint64_t arrays = array.count(0x04);
    const PathNode *e = array.element.get();
    if (arrays < Recognise::kMinimumValues || arrays != array.total() || !e || array.elements != 2 * arrays ||
        array.elementMax != 2 || e->numbers != array.elements || e->minimum < -180 || e->maximum > 180 ||
        !advisor::anyWordIn(key, kLocationWords))
        return std::nullopt;
    return Recognition{"import.coordinate-pairs", "info",
                       groupedNumber(arrays) + " pairs of numbers named as a location: legacy coordinate pairs; "
                       "as GeoJSON Points {type: \"Point\", coordinates: [longitude, latitude]} with a 2dsphere "
                       "index on " + path + " they are queried on the sphere (" + std::string(kGeoJsonManual) + "; " +
                           std::string(kTwoDSphereManual) + ")",
                       "Recognised: legacy coordinate pairs [longitude, latitude]; a GeoJSON Point with a 2dsphere "
                       "index is the form spherical queries use."};
}

} // namespace docshape::import
