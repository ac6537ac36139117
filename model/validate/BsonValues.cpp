#include "validate/BsonValues.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <limits>
#include <vector>

namespace docshape::validate::detail {

namespace {

using u128 = U128;

constexpr int kExponentBias = 6176;

// How deep equality, hashing and describing go into embedded documents and
// arrays; deeper values compare unequal, hash by type and are described by
// type, so that hostile nesting cannot exhaust the stack.
constexpr int kMaxValueDepth = 200;

u128 pow10(int n) {
    u128 r = 1;
    while (n-- > 0)
        r *= 10;
    return r;
}

const u128 kMaxCoefficient = pow10(34) - 1;

std::string u128ToString(u128 v) {
    if (v == 0)
        return "0";
    char buf[48];
    int p = 48;
    while (v) {
        buf[--p] = char('0' + int(v % 10));
        v /= 10;
    }
    return std::string(buf + p, size_t(48 - p));
}

// An exact decimal: value = ±0.digits × 10^exp10; zero has no digits.
struct Exact {
    bool negative = false;
    std::string digits;
    int64_t exp10 = 0;
};

void normalise(Exact &x) {
    size_t first = x.digits.find_first_not_of('0');
    if (first == std::string::npos) {
        x.digits.clear();
        x.negative = false;
        x.exp10 = 0;
        return;
    }
    x.exp10 -= int64_t(first);
    x.digits.erase(0, first);
    size_t last = x.digits.find_last_not_of('0');
    x.digits.erase(last + 1);
}

Exact exactFromInt(int64_t v) {
    Exact x;
    x.negative = v < 0;
    u128 mag = v < 0 ? u128(-(v + 1)) + 1 : u128(v);
    x.digits = u128ToString(mag);
    x.exp10 = int64_t(x.digits.size());
    normalise(x);
    return x;
}

Exact exactFromDouble(double d) {
    Exact x;
    if (d == 0)
        return x;
    x.negative = std::signbit(d);
    // glibc prints the exact binary value; 780 digits cover every double.
    static thread_local std::vector<char> buf(900);
    int n = std::snprintf(buf.data(), buf.size(), "%.780e", std::fabs(d));
    std::string_view s(buf.data(), size_t(n));
    size_t e = s.find('e');
    x.digits.reserve(e);
    for (size_t i = 0; i < e; ++i)
        if (s[i] != '.')
            x.digits.push_back(s[i]);
    int exponent = 0;
    std::from_chars(s.data() + e + 1 + (s[e + 1] == '+' ? 1 : 0), s.data() + s.size(), exponent);
    x.exp10 = exponent + 1;
    normalise(x);
    return x;
}

Exact exactFromDecimal(const Decimal &d) {
    Exact x;
    if (d.coef == 0)
        return x;
    x.negative = d.negative;
    x.digits = u128ToString(d.coef);
    x.exp10 = int64_t(d.exp) + int64_t(x.digits.size());
    normalise(x);
    return x;
}

int compareExact(const Exact &a, const Exact &b) {
    const int sa = a.digits.empty() ? 0 : (a.negative ? -1 : 1);
    const int sb = b.digits.empty() ? 0 : (b.negative ? -1 : 1);
    if (sa != sb)
        return sa < sb ? -1 : 1;
    if (sa == 0)
        return 0;
    int mag = 0;
    if (a.exp10 != b.exp10) {
        mag = a.exp10 < b.exp10 ? -1 : 1;
    } else {
        int c = a.digits.compare(b.digits);
        mag = c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    return sa > 0 ? mag : -mag;
}

Exact exactOf(const Number &n) {
    switch (n.type) {
    case BSON_TYPE_DOUBLE:
        return exactFromDouble(n.d);
    case BSON_TYPE_DECIMAL128:
        return exactFromDecimal(decodeDecimal(n.dec));
    default:
        return exactFromInt(n.i);
    }
}

// -1 for -inf, 0 finite, 1 +inf; NaN is handled before.
int infinityRank(const Number &n) {
    if (n.type == BSON_TYPE_DOUBLE && std::isinf(n.d))
        return n.d < 0 ? -1 : 1;
    if (n.type == BSON_TYPE_DECIMAL128) {
        Decimal d = decodeDecimal(n.dec);
        if (d.kind == Decimal::Infinite)
            return d.negative ? -1 : 1;
    }
    return 0;
}

int compareLongToDouble(int64_t l, double d) {
    if (d >= 9223372036854775808.0)
        return -1;
    if (d < -9223372036854775808.0)
        return 1;
    const int64_t t = int64_t(d); // truncates toward zero, exact for |d| < 2^63
    if (l != t)
        return l < t ? -1 : 1;
    const double frac = d - double(t);
    if (frac > 0)
        return -1;
    if (frac < 0)
        return 1;
    return 0;
}

int canonicalRank(bson_type_t t) {
    switch (t) {
    case BSON_TYPE_MINKEY:
        return -1;
    case BSON_TYPE_UNDEFINED:
        return 0;
    case BSON_TYPE_NULL:
        return 5;
    case BSON_TYPE_DOUBLE:
    case BSON_TYPE_INT32:
    case BSON_TYPE_INT64:
    case BSON_TYPE_DECIMAL128:
        return 10;
    case BSON_TYPE_UTF8:
    case BSON_TYPE_SYMBOL:
        return 15;
    case BSON_TYPE_DOCUMENT:
        return 20;
    case BSON_TYPE_ARRAY:
        return 25;
    case BSON_TYPE_BINARY:
        return 30;
    case BSON_TYPE_OID:
        return 35;
    case BSON_TYPE_BOOL:
        return 40;
    case BSON_TYPE_DATE_TIME:
        return 45;
    case BSON_TYPE_TIMESTAMP:
        return 47;
    case BSON_TYPE_REGEX:
        return 50;
    case BSON_TYPE_DBPOINTER:
        return 55;
    case BSON_TYPE_CODE:
        return 60;
    case BSON_TYPE_CODEWSCOPE:
        return 65;
    case BSON_TYPE_MAXKEY:
        return 127;
    default:
        return 200;
    }
}

double readDouble(const uint8_t *p) {
    const int64_t bits = Cursor::readInt64(p);
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
}

// string and symbol compare as one canonical type.
std::string_view stringValue(const Value &v) { return v.text(); }

struct Field {
    std::string_view key;
    Value value;
};

bool collectFields(const uint8_t *data, uint32_t len, std::vector<Field> &out) {
    Cursor c(data, len);
    while (c.next())
        out.push_back({c.key(), c.value()});
    return !c.isCorrupt();
}

bool documentsEqualImpl(const uint8_t *a, uint32_t aLen, const uint8_t *b, uint32_t bLen,
                        bool ordered, int depth);

bool valuesEqualImpl(const Value &a, const Value &b, int depth) {
    const bson_type_t ta = a.type, tb = b.type;
    if (canonicalRank(ta) != canonicalRank(tb))
        return false;
    switch (ta) {
    case BSON_TYPE_DOUBLE:
    case BSON_TYPE_INT32:
    case BSON_TYPE_INT64:
    case BSON_TYPE_DECIMAL128: {
        Number x, y;
        readNumber(a, x);
        readNumber(b, y);
        return compareNumbers(x, y) == 0;
    }
    case BSON_TYPE_UTF8:
    case BSON_TYPE_SYMBOL:
        return stringValue(a) == stringValue(b);
    case BSON_TYPE_DOCUMENT:
    case BSON_TYPE_ARRAY:
        if (depth > kMaxValueDepth)
            return false;
        return documentsEqualImpl(a.data, a.size, b.data, b.size, ta == BSON_TYPE_ARRAY,
                                  depth + 1);
    case BSON_TYPE_CODEWSCOPE: {
        // int32 total, string (int32 length + bytes), scope document.
        if (a.size < 14 || b.size < 14)
            return false;
        const uint32_t la = uint32_t(Cursor::readInt32(a.data + 4));
        const uint32_t lb = uint32_t(Cursor::readInt32(b.data + 4));
        // Compared as a.size - 8 (a.size >= 14): 8 + la wraps for la near 2^32.
        if (la != lb || la > a.size - 8 || lb > b.size - 8 ||
            std::memcmp(a.data + 8, b.data + 8, la) != 0)
            return false;
        return documentsEqualImpl(a.data + 8 + la, a.size - 8 - la, b.data + 8 + lb,
                                  b.size - 8 - lb, false, depth + 1);
    }
    case BSON_TYPE_DATE_TIME:
    case BSON_TYPE_TIMESTAMP:
    case BSON_TYPE_OID:
    case BSON_TYPE_BOOL:
    case BSON_TYPE_BINARY: // length, subtype, bytes
    case BSON_TYPE_REGEX:  // pattern, flags
    case BSON_TYPE_DBPOINTER:
    case BSON_TYPE_CODE:
        return a.size == b.size && std::memcmp(a.data, b.data, a.size) == 0;
    default: // null, undefined, minKey, maxKey: one value each
        return true;
    }
}

bool documentsEqualImpl(const uint8_t *a, uint32_t aLen, const uint8_t *b, uint32_t bLen,
                        bool ordered, int depth) {
    if (ordered) {
        Cursor ca(a, aLen), cb(b, bLen);
        while (true) {
            const bool na = ca.next(), nb = cb.next();
            if (na != nb)
                return false;
            if (!na)
                return !ca.isCorrupt() && !cb.isCorrupt();
            if (!valuesEqualImpl(ca.value(), cb.value(), depth))
                return false;
        }
    }
    std::vector<Field> fa, fb;
    if (!collectFields(a, aLen, fa) || !collectFields(b, bLen, fb) || fa.size() != fb.size())
        return false;
    auto byKey = [](const Field &x, const Field &y) { return x.key < y.key; };
    std::stable_sort(fa.begin(), fa.end(), byKey);
    std::stable_sort(fb.begin(), fb.end(), byKey);
    for (size_t i = 0; i < fa.size(); ++i)
        if (fa[i].key != fb[i].key || !valuesEqualImpl(fa[i].value, fb[i].value, depth))
            return false;
    return true;
}

uint64_t mix(uint64_t h, uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h;
}

uint64_t hashBytes(const void *p, size_t n, uint64_t seed) {
    const auto *b = static_cast<const uint8_t *>(p);
    uint64_t h = 1469598103934665603ULL ^ seed;
    for (size_t i = 0; i < n; ++i) {
        h ^= b[i];
        h *= 1099511628211ULL;
    }
    return h;
}

uint64_t hashDoubleBits(double d) {
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    return mix(0xD0, bits);
}

uint64_t hashNumber(const Number &n) {
    if (isNaN(n))
        return 0x4e614eULL;
    if (n.type == BSON_TYPE_INT32 || n.type == BSON_TYPE_INT64)
        return mix(0x11, uint64_t(n.i));
    if (n.type == BSON_TYPE_DOUBLE) {
        double d = n.d;
        if (d == std::floor(d) && d >= -9223372036854775808.0 && d < 9223372036854775808.0)
            return mix(0x11, uint64_t(int64_t(d)));
        return hashDoubleBits(d);
    }
    Decimal dec = decodeDecimal(n.dec);
    if (dec.kind == Decimal::Infinite)
        return hashDoubleBits(dec.negative ? -HUGE_VAL : HUGE_VAL);
    Exact x = exactFromDecimal(dec);
    if (x.digits.empty())
        return mix(0x11, 0);
    // Integral and within int64: hash as the integer.
    if (x.exp10 >= int64_t(x.digits.size()) && x.exp10 <= 19) {
        Number asInt;
        u128 mag = 0;
        for (char c : x.digits)
            mag = mag * 10 + u128(c - '0');
        for (int64_t i = int64_t(x.digits.size()); i < x.exp10; ++i)
            mag *= 10;
        if (mag <= u128(std::numeric_limits<int64_t>::max()) ||
            (x.negative && mag == u128(std::numeric_limits<int64_t>::max()) + 1)) {
            int64_t v = x.negative ? int64_t(-(mag - 1)) - 1 : int64_t(mag);
            return mix(0x11, uint64_t(v));
        }
    }
    // Exactly a double: hash as that double.
    std::string text = (x.negative ? "-0." : "0.") + x.digits + "e" + std::to_string(x.exp10);
    double d = std::strtod(text.c_str(), nullptr);
    if (std::isfinite(d) && compareExact(exactFromDouble(d), x) == 0)
        return hashDoubleBits(d);
    return hashBytes(x.digits.data(), x.digits.size(),
                     mix(x.negative ? 0x2D : 0x2B, uint64_t(x.exp10)));
}

uint64_t valueHashImpl(const Value &v, int depth) {
    const bson_type_t t = v.type;
    uint64_t h = mix(0, uint64_t(canonicalRank(t) + 1000));
    switch (t) {
    case BSON_TYPE_DOUBLE:
    case BSON_TYPE_INT32:
    case BSON_TYPE_INT64:
    case BSON_TYPE_DECIMAL128: {
        Number n;
        readNumber(v, n);
        return mix(h, hashNumber(n));
    }
    case BSON_TYPE_UTF8:
    case BSON_TYPE_SYMBOL: {
        auto s = stringValue(v);
        return mix(h, hashBytes(s.data(), s.size(), 0));
    }
    case BSON_TYPE_DOCUMENT:
    case BSON_TYPE_ARRAY: {
        if (depth > kMaxValueDepth)
            return h;
        Cursor c(v);
        uint64_t acc = 0;
        while (c.next()) {
            const uint64_t fh = valueHashImpl(c.value(), depth + 1);
            if (t == BSON_TYPE_DOCUMENT) {
                // Order-independent: sum of per-field hashes.
                acc += mix(hashBytes(c.key().data(), c.key().size(), 7), fh);
            } else {
                acc = mix(acc, fh);
            }
        }
        return mix(h, acc);
    }
    case BSON_TYPE_UNDEFINED:
    case BSON_TYPE_NULL:
    case BSON_TYPE_MINKEY:
    case BSON_TYPE_MAXKEY:
        return h;
    case BSON_TYPE_CODEWSCOPE: {
        // By the code, which equality compares bytewise (the scope's fields
        // compare in any order): values of one hash are compared pairwise,
        // so many code-with-scope values must not all hash alike.
        if (v.size < 14)
            return h;
        const uint32_t length = uint32_t(Cursor::readInt32(v.data + 4));
        if (length > v.size - 8)
            return h;
        return mix(h, hashBytes(v.data + 8, length, 0));
    }
    default: // compared bytewise
        return mix(h, hashBytes(v.data, v.size, 0));
    }
}

std::string formatDouble(double d) {
    if (std::isnan(d))
        return "NaN";
    if (std::isinf(d))
        return d < 0 ? "-Infinity" : "Infinity";
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, d);
    std::string s(buf, r.ptr);
    if (s.find_first_of(".eE") == std::string::npos)
        s += ".0";
    return s;
}

// ISO 8601 for the years 0000 to 9999, otherwise the milliseconds since
// the epoch (as Extended JSON does outside the years it writes as ISO).
std::string formatDate(int64_t ms) {
    int64_t secs = ms / 1000; // floor division without overflowing at -2^63
    int millis = int(ms % 1000);
    if (millis < 0) {
        millis += 1000;
        --secs;
    }
    constexpr int64_t kYear0 = -62167219200, kYear10000 = 253402300800; // seconds
    std::tm tm{};
    const time_t t = time_t(secs);
    if (secs < kYear0 || secs >= kYear10000 || !gmtime_r(&t, &tm))
        return std::to_string(ms);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                  tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, millis);
    return buf;
}

std::string truncate(std::string s, size_t maxChars) {
    if (s.size() <= maxChars)
        return s;
    size_t cut = maxChars;
    while (cut > 0 && (uint8_t(s[cut]) & 0xC0) == 0x80)
        --cut;
    s.resize(cut);
    s += "…";
    return s;
}

} // namespace

Decimal decodeDecimal(const bson_decimal128_t &d) {
    Decimal out;
    const uint64_t high = d.high, low = d.low;
    out.negative = (high >> 63) != 0;
    const uint32_t combination = uint32_t((high >> 58) & 0x1F);
    if (combination == 0x1F) {
        out.kind = Decimal::NaN;
        return out;
    }
    if (combination == 0x1E) {
        out.kind = Decimal::Infinite;
        return out;
    }
    u128 coef;
    int32_t biased;
    if (((high >> 61) & 3) == 3) {
        // The "11" form has an implicit 100 prefix: always above 10^34 - 1,
        // hence non-canonical, hence zero.
        biased = int32_t((high >> 47) & 0x3FFF);
        coef = 0;
    } else {
        biased = int32_t((high >> 49) & 0x3FFF);
        coef = (u128(high & 0x1FFFFFFFFFFFFULL) << 64) | u128(low);
        if (coef > kMaxCoefficient)
            coef = 0;
    }
    out.coef = coef;
    out.exp = biased - kExponentBias;
    return out;
}

bool readNumber(const Value &v, Number &out) {
    out.type = v.type;
    switch (v.type) {
    case BSON_TYPE_INT32:
        out.i = Cursor::readInt32(v.data);
        return true;
    case BSON_TYPE_INT64:
        out.i = Cursor::readInt64(v.data);
        return true;
    case BSON_TYPE_DOUBLE:
        out.d = readDouble(v.data);
        return true;
    case BSON_TYPE_DECIMAL128:
        out.dec.low = uint64_t(Cursor::readInt64(v.data));
        out.dec.high = uint64_t(Cursor::readInt64(v.data + 8));
        return true;
    default:
        return false;
    }
}

Value valueOf(const bson_iter_t *it) {
    Cursor c(it->raw, it->len);
    c.seek(it->raw, it->off);
    if (!c.next())
        return {};
    return c.value();
}

bool isNaN(const Number &n) {
    if (n.type == BSON_TYPE_DOUBLE)
        return std::isnan(n.d);
    if (n.type == BSON_TYPE_DECIMAL128)
        return decodeDecimal(n.dec).kind == Decimal::NaN;
    return false;
}

int compareNumbers(const Number &a, const Number &b) {
    const bool intA = a.type == BSON_TYPE_INT32 || a.type == BSON_TYPE_INT64;
    const bool intB = b.type == BSON_TYPE_INT32 || b.type == BSON_TYPE_INT64;
    if (intA && intB)
        return a.i < b.i ? -1 : (a.i > b.i ? 1 : 0);
    const bool nanA = isNaN(a), nanB = isNaN(b);
    if (nanA || nanB)
        return nanA && nanB ? 0 : (nanA ? -1 : 1);
    if (a.type == BSON_TYPE_DOUBLE && b.type == BSON_TYPE_DOUBLE)
        return a.d < b.d ? -1 : (a.d > b.d ? 1 : 0);
    if (intA && b.type == BSON_TYPE_DOUBLE)
        return compareLongToDouble(a.i, b.d);
    if (a.type == BSON_TYPE_DOUBLE && intB)
        return -compareLongToDouble(b.i, a.d);
    // A decimal is involved: compare exactly.
    const int ra = infinityRank(a), rb = infinityRank(b);
    if (ra != 0 || rb != 0)
        return ra < rb ? -1 : (ra > rb ? 1 : 0);
    return compareExact(exactOf(a), exactOf(b));
}

Decimal toDecimal(const Number &n) {
    Decimal out;
    switch (n.type) {
    case BSON_TYPE_INT32:
    case BSON_TYPE_INT64:
        out.negative = n.i < 0;
        out.coef = n.i < 0 ? u128(-(n.i + 1)) + 1 : u128(n.i);
        out.exp = 0;
        return out;
    case BSON_TYPE_DOUBLE: {
        if (std::isnan(n.d)) {
            out.kind = Decimal::NaN;
            return out;
        }
        out.negative = std::signbit(n.d);
        if (std::isinf(n.d)) {
            out.kind = Decimal::Infinite;
            return out;
        }
        if (n.d == 0)
            return out;
        // Decimal128(double) keeps 15 significant digits.
        char buf[64];
        int len = std::snprintf(buf, sizeof buf, "%.14e", std::fabs(n.d));
        std::string_view s(buf, size_t(len));
        size_t e = s.find('e');
        u128 coef = 0;
        for (size_t i = 0; i < e; ++i)
            if (s[i] != '.')
                coef = coef * 10 + u128(s[i] - '0');
        int exponent = 0;
        std::from_chars(s.data() + e + 1 + (s[e + 1] == '+' ? 1 : 0), s.data() + s.size(),
                        exponent);
        out.coef = coef;
        out.exp = exponent - 14;
        return out;
    }
    case BSON_TYPE_DECIMAL128:
        return decodeDecimal(n.dec);
    default:
        return out;
    }
}

bool isMultipleOf(const Number &value, const Decimal &divisor) {
    const Decimal x = toDecimal(value);
    if (x.kind != Decimal::Finite)
        return false;
    if (x.coef == 0)
        return true;
    const u128 cy = divisor.coef;
    if (cy == 0)
        return false;
    if (x.exp >= divisor.exp) {
        // (cx × 10^(ex-ey)) mod cy, by repeated multiplication modulo cy;
        // cy < 2^113 so r × 10 never overflows 128 bits.
        u128 r = x.coef % cy;
        for (int32_t k = x.exp - divisor.exp; k > 0 && r != 0; --k)
            r = (r * 10) % cy;
        return r == 0;
    }
    // cx mod (cy × 10^(ey-ex)) == 0  ⇔  10^d | cx and cy | cx / 10^d.
    u128 cx = x.coef;
    for (int32_t d = divisor.exp - x.exp; d > 0; --d) {
        if (cx % 10 != 0)
            return false;
        cx /= 10;
    }
    return cx % cy == 0;
}

bool valuesEqual(const Value &a, const Value &b) { return valuesEqualImpl(a, b, 0); }

bool documentsEqual(const uint8_t *a, uint32_t aLen, const uint8_t *b, uint32_t bLen) {
    return documentsEqualImpl(a, aLen, b, bLen, false, 0);
}

uint64_t valueHash(const Value &v) { return valueHashImpl(v, 0); }

uint64_t utf8Length(const char *s, uint32_t len) {
    // Every byte but a continuation byte (10xxxxxx) starts a code point;
    // eight at a time, skipping the arithmetic on plain ASCII.
    uint64_t n = len;
    uint32_t i = 0;
    for (; len - i >= 8; i += 8) {
        uint64_t w;
        std::memcpy(&w, s + i, 8);
        const uint64_t high = w & 0x8080808080808080ULL;
        if (high)
            n -= uint64_t(std::popcount(high & ~(w << 1)));
    }
    for (; i < len; ++i)
        n -= (uint8_t(s[i]) & 0xC0) == 0x80;
    return n;
}

const char *typeName(bson_type_t t) {
    switch (t) {
    case BSON_TYPE_DOUBLE:
        return "double";
    case BSON_TYPE_UTF8:
        return "string";
    case BSON_TYPE_DOCUMENT:
        return "object";
    case BSON_TYPE_ARRAY:
        return "array";
    case BSON_TYPE_BINARY:
        return "binData";
    case BSON_TYPE_UNDEFINED:
        return "undefined";
    case BSON_TYPE_OID:
        return "objectId";
    case BSON_TYPE_BOOL:
        return "bool";
    case BSON_TYPE_DATE_TIME:
        return "date";
    case BSON_TYPE_NULL:
        return "null";
    case BSON_TYPE_REGEX:
        return "regex";
    case BSON_TYPE_DBPOINTER:
        return "dbPointer";
    case BSON_TYPE_CODE:
        return "javascript";
    case BSON_TYPE_SYMBOL:
        return "symbol";
    case BSON_TYPE_CODEWSCOPE:
        return "javascriptWithScope";
    case BSON_TYPE_INT32:
        return "int";
    case BSON_TYPE_TIMESTAMP:
        return "timestamp";
    case BSON_TYPE_INT64:
        return "long";
    case BSON_TYPE_DECIMAL128:
        return "decimal";
    case BSON_TYPE_MINKEY:
        return "minKey";
    case BSON_TYPE_MAXKEY:
        return "maxKey";
    default:
        return "missing";
    }
}

std::string describeDecimal(const Decimal &d) {
    if (d.kind == Decimal::NaN)
        return "NaN";
    if (d.kind == Decimal::Infinite)
        return d.negative ? "-Infinity" : "Infinity";
    std::string digits = u128ToString(d.coef);
    std::string s = d.negative ? "-" : "";
    if (d.exp >= 0) {
        s += digits;
        if (d.exp > 0 && d.exp < 20)
            s += std::string(size_t(d.exp), '0');
        else if (d.exp >= 20)
            s += "E+" + std::to_string(d.exp);
        return s;
    }
    int64_t point = int64_t(digits.size()) + d.exp;
    if (point > 0)
        return s + digits.substr(0, size_t(point)) + "." + digits.substr(size_t(point));
    if (point > -20)
        return s + "0." + std::string(size_t(-point), '0') + digits;
    return s + digits + "E" + std::to_string(d.exp);
}

std::string describeNumber(const Number &n) {
    switch (n.type) {
    case BSON_TYPE_DOUBLE:
        return formatDouble(n.d);
    case BSON_TYPE_DECIMAL128: {
        char buf[BSON_DECIMAL128_STRING];
        bson_decimal128_to_string(&n.dec, buf);
        return buf;
    }
    default:
        return std::to_string(n.i);
    }
}

namespace {

std::string describeValueImpl(const Value &v, size_t maxChars, int depth);

} // namespace

std::string describeValue(const Value &v, size_t maxChars) { return describeValueImpl(v, maxChars, 0); }

namespace {

std::string describeValueImpl(const Value &v, size_t maxChars, int depth) {
    const bson_type_t t = v.type;
    switch (t) {
    case BSON_TYPE_DOUBLE:
    case BSON_TYPE_INT32:
    case BSON_TYPE_INT64:
    case BSON_TYPE_DECIMAL128: {
        Number n;
        readNumber(v, n);
        return describeNumber(n);
    }
    case BSON_TYPE_UTF8:
    case BSON_TYPE_SYMBOL: {
        auto s = stringValue(v);
        std::string out = "\"";
        for (char c : s) {
            if (c == '"' || c == '\\') {
                out += '\\';
                out += c;
            } else if (uint8_t(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(uint8_t(c)));
                out += buf;
            } else {
                out += c;
            }
        }
        out = truncate(out, maxChars);
        return out + "\"";
    }
    case BSON_TYPE_BOOL:
        return v.data[0] ? "true" : "false";
    case BSON_TYPE_NULL:
        return "null";
    case BSON_TYPE_UNDEFINED:
        return "undefined";
    case BSON_TYPE_OID: {
        std::string hex = "ObjectId(\"";
        static const char kHex[] = "0123456789abcdef";
        for (uint32_t i = 0; i < 12; ++i) {
            hex += kHex[v.data[i] >> 4];
            hex += kHex[v.data[i] & 15];
        }
        return hex + "\")";
    }
    case BSON_TYPE_DATE_TIME:
        return "Date(" + formatDate(Cursor::readInt64(v.data)) + ")";
    case BSON_TYPE_DOCUMENT:
    case BSON_TYPE_ARRAY: {
        if (depth > kMaxValueDepth)
            return std::string("a nested ") + typeName(t);
        Cursor c(v);
        const bool isArray = t == BSON_TYPE_ARRAY;
        std::string out = isArray ? "[" : "{";
        bool first = true;
        while (c.next()) {
            if (!first)
                out += ", ";
            first = false;
            if (out.size() > maxChars)
                break;
            if (!isArray) {
                out += c.key();
                out += ": ";
            }
            out += describeValueImpl(c.value(), maxChars, depth + 1);
        }
        out += isArray ? "]" : "}";
        return truncate(out, maxChars);
    }
    default:
        return std::string("a ") + typeName(t);
    }
}

} // namespace

} // namespace docshape::validate::detail
