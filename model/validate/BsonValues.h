#pragma once

// Value semantics of BSON as the MongoDB server applies them in `$jsonSchema`:
// exact numeric comparison across int, long, double and decimal; equality that
// ignores the order of fields in embedded documents (enum, uniqueItems); the
// decimal remainder behind multipleOf; code-point string length. Internal to
// model/validate.

#include <bson/bson.h>

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace docshape::validate::detail {

__extension__ typedef unsigned __int128 U128;

// libbson declares bson_iter_t with an alignment larger than its size, which
// makes arrays of it ill-formed; a struct rounds the size up.
struct IterBox {
    bson_iter_t it;
};

// One BSON value in place: its type and its bytes (for a document or an
// array, the whole embedded document including its length prefix).
struct Value {
    bson_type_t type = BSON_TYPE_EOD;
    const uint8_t *data = nullptr;
    uint32_t size = 0;

    // string, symbol, javascript: the characters without the trailing NUL.
    std::string_view text() const {
        return {reinterpret_cast<const char *>(data) + 4, size - 5};
    }
};

// The value a libbson iterator is on.
Value valueOf(const bson_iter_t *it);

// Bytes of a value of each fixed-size BSON type; kVariableSize for the types
// whose length is in their bytes, kNotAType for bytes that name no type.
inline constexpr int8_t kVariableSize = -1, kNotAType = -2;
inline constexpr std::array<int8_t, 256> kFixedSize = [] {
    std::array<int8_t, 256> size{};
    size.fill(kNotAType);
    size[BSON_TYPE_DOUBLE] = size[BSON_TYPE_DATE_TIME] = size[BSON_TYPE_TIMESTAMP] =
        size[BSON_TYPE_INT64] = 8;
    size[BSON_TYPE_INT32] = 4;
    size[BSON_TYPE_DECIMAL128] = 16;
    size[BSON_TYPE_OID] = 12;
    size[BSON_TYPE_BOOL] = 1;
    size[BSON_TYPE_UNDEFINED] = size[BSON_TYPE_NULL] = size[BSON_TYPE_MINKEY] =
        size[BSON_TYPE_MAXKEY] = 0;
    for (bson_type_t t : {BSON_TYPE_UTF8, BSON_TYPE_CODE, BSON_TYPE_SYMBOL, BSON_TYPE_DBPOINTER,
                          BSON_TYPE_DOCUMENT, BSON_TYPE_ARRAY, BSON_TYPE_CODEWSCOPE,
                          BSON_TYPE_BINARY, BSON_TYPE_REGEX})
        size[t] = kVariableSize;
    return size;
}();

// Walks the elements of a BSON document in place, checking every length
// against the bounds, so that a corrupt document ends the walk instead of
// reading past it. Inline and allocation-free: evaluation spends its time
// here. libbson's bson_iter_t does the same job behind a shared-library call
// per step, several times slower.
class Cursor {
public:
    // What a key finder returns when it cannot tell the key's length.
    static constexpr size_t kScanKey = SIZE_MAX;

    // `doc` starts with the document's int32 length and ends with its NUL.
    Cursor(const uint8_t *doc, uint32_t len) {
        if (len < 5 || doc[len - 1] != 0 || readInt32(doc) != int32_t(len)) {
            m_corrupt = true;
            m_p = m_end = doc;
            return;
        }
        m_p = doc + 4;
        m_end = doc + len - 1;
    }
    explicit Cursor(const Value &v) : Cursor(v.data, v.size) {}

    // Positions the cursor before the element at byte `offset` of the document.
    void seek(const uint8_t *doc, uint32_t offset) {
        if (!m_corrupt && doc + offset >= m_p && doc + offset <= m_end)
            m_p = doc + offset;
    }

    // Moves to the next element; false at the end or on corrupt data.
    bool next() {
        return next([](const uint8_t *, size_t) { return kScanKey; });
    }

    // The same, asking `keyLength(key, avail)` first for the length of the
    // element's key: the caller may recognise it (see FieldNames::isAt), which
    // spares scanning for its end. `avail` bytes from `key` are readable; a
    // length given must be that of a key whose NUL lies within them.
    template <class KeyLength>
    bool next(KeyLength &&keyLength) {
        if (m_p >= m_end)
            return false;
        const uint8_t type = *m_p++;
        size_t keyLen = keyLength(m_p, size_t(m_end - m_p));
        if (keyLen == kScanKey) {
            keyLen = scanKey();
            if (keyLen == kScanKey)
                return corrupt();
        }
        m_key = std::string_view(reinterpret_cast<const char *>(m_p), keyLen);
        m_p += keyLen + 1;
        const size_t avail = size_t(m_end - m_p);
        uint32_t size;
        const int fixed = kFixedSize[type];
        if (fixed >= 0) {
            size = uint32_t(fixed);
        } else if (fixed == kNotAType || !variableSize(type, avail, size)) {
            return corrupt();
        }
        if (size > avail)
            return corrupt();
        m_value.type = bson_type_t(type);
        m_value.data = m_p;
        m_value.size = size;
        m_p += size;
        return true;
    }

    std::string_view key() const { return m_key; }
    const Value &value() const { return m_value; }
    bool isCorrupt() const { return m_corrupt; }

    static int32_t readInt32(const uint8_t *p) {
        uint32_t v;
        std::memcpy(&v, p, 4);
        return int32_t(BSON_UINT32_FROM_LE(v));
    }
    static int64_t readInt64(const uint8_t *p) {
        uint64_t v;
        std::memcpy(&v, p, 8);
        return int64_t(BSON_UINT64_FROM_LE(v));
    }

private:
    bool corrupt() {
        m_corrupt = true;
        m_p = m_end;
        return false;
    }

    // The length of the key at m_p up to its NUL, or kScanKey if the document
    // ends first. Eight bytes at a time while eight are left.
    size_t scanKey() const {
        const uint8_t *p = m_p;
        if constexpr (std::endian::native == std::endian::little) {
            while (m_end - p >= 8) {
                uint64_t w;
                std::memcpy(&w, p, 8);
                // The lowest flagged byte is the first NUL (flags above it
                // may be false).
                const uint64_t zero = (w - 0x0101010101010101ULL) & ~w & 0x8080808080808080ULL;
                if (zero)
                    return size_t(p - m_p) + size_t(std::countr_zero(zero) / 8);
                p += 8;
            }
        }
        while (p < m_end && *p)
            ++p;
        return p == m_end ? kScanKey : size_t(p - m_p);
    }

    // The size of a value whose type stores it; false if corrupt.
    bool variableSize(uint8_t type, size_t avail, uint32_t &size) const {
        switch (type) {
        case BSON_TYPE_UTF8:
        case BSON_TYPE_CODE:
        case BSON_TYPE_SYMBOL:
        case BSON_TYPE_DBPOINTER: {
            if (avail < 4)
                return false;
            const int32_t n = readInt32(m_p);
            if (n < 1 || size_t(n) > avail - 4 || m_p[4 + n - 1] != 0)
                return false;
            size = uint32_t(4 + n) + (type == BSON_TYPE_DBPOINTER ? 12 : 0);
            return true;
        }
        case BSON_TYPE_DOCUMENT:
        case BSON_TYPE_ARRAY:
        case BSON_TYPE_CODEWSCOPE: {
            if (avail < 4)
                return false;
            const int32_t n = readInt32(m_p);
            if (n < 5)
                return false;
            size = uint32_t(n);
            return true;
        }
        case BSON_TYPE_BINARY: {
            if (avail < 5)
                return false;
            const int32_t n = readInt32(m_p);
            if (n < 0)
                return false;
            size = uint32_t(n) + 5;
            return true;
        }
        case BSON_TYPE_REGEX: {
            const auto *a = static_cast<const uint8_t *>(std::memchr(m_p, 0, avail));
            if (!a)
                return false;
            const auto *b = static_cast<const uint8_t *>(
                std::memchr(a + 1, 0, size_t(m_end - (a + 1))));
            if (!b)
                return false;
            size = uint32_t(b + 1 - m_p);
            return true;
        }
        default:
            return false;
        }
    }

    const uint8_t *m_p = nullptr;
    const uint8_t *m_end = nullptr;
    std::string_view m_key;
    Value m_value;
    bool m_corrupt = false;
};

// A decoded IEEE 754-2008 decimal128 (BID encoding): value = ±coef × 10^exp.
struct Decimal {
    enum Kind { Finite, Infinite, NaN };
    Kind kind = Finite;
    bool negative = false;
    U128 coef = 0; // < 10^34 for canonical values; non-canonical decode as 0
    int32_t exp = 0;
};

Decimal decodeDecimal(const bson_decimal128_t &d);

// A numeric BSON value: int32, int64, double or decimal128.
struct Number {
    bson_type_t type = BSON_TYPE_INT32;
    int64_t i = 0;   // int32 and int64
    double d = 0;    // double
    bson_decimal128_t dec{}; // decimal128
};

inline bool isNumericType(bson_type_t t) {
    return t == BSON_TYPE_INT32 || t == BSON_TYPE_INT64 || t == BSON_TYPE_DOUBLE ||
           t == BSON_TYPE_DECIMAL128;
}
bool readNumber(const Value &v, Number &out); // false if not numeric
bool isNaN(const Number &n);

// Total order of the server's sort: NaN below every number and equal to NaN;
// otherwise exact comparison of the values, whatever their types.
int compareNumbers(const Number &a, const Number &b);

// The server's `$_internalSchemaFmod` with remainder 0: the value converted to
// decimal128 (a double rounded to 15 significant digits) modulo the divisor is
// exactly zero. Infinite and NaN values never match. `divisor` is finite, > 0.
bool isMultipleOf(const Number &value, const Decimal &divisor);

// The server converts a number to decimal128 this way (BSONElement::numberDecimal).
Decimal toDecimal(const Number &n);

// Equality as UnorderedFieldsBSONElementComparator: canonical type, then
// value; numbers compare numerically; document field order is ignored.
bool valuesEqual(const Value &a, const Value &b);
bool documentsEqual(const uint8_t *a, uint32_t aLen, const uint8_t *b, uint32_t bLen);

// A hash consistent with valuesEqual (equal values hash equally).
uint64_t valueHash(const Value &v);

// Length in Unicode code points, as $_internalSchemaMinLength counts.
uint64_t utf8Length(const char *s, uint32_t len);

// The server's type alias for a BSON type ("int", "objectId", ...).
const char *typeName(bson_type_t t);

// One bit per BSON type; see JsonSchema's type sets. Bytes that name no type
// have none.
inline constexpr std::array<uint32_t, 256> kTypeBits = [] {
    std::array<uint32_t, 256> bits{};
    for (unsigned v = 1; v <= 0x13; ++v)
        bits[v] = 1u << v;
    bits[BSON_TYPE_MINKEY] = 1u << 20;
    bits[BSON_TYPE_MAXKEY] = 1u << 21;
    return bits;
}();
inline uint32_t typeBit(bson_type_t t) {
    const unsigned v = unsigned(t);
    return v < kTypeBits.size() ? kTypeBits[v] : 0;
}
constexpr uint32_t kNumberBits = (1u << BSON_TYPE_DOUBLE) | (1u << BSON_TYPE_INT32) |
                                 (1u << BSON_TYPE_INT64) | (1u << BSON_TYPE_DECIMAL128);

// A short human-readable rendering of a value for messages (shell-like,
// truncated).
std::string describeValue(const Value &v, size_t maxChars = 80);
std::string describeNumber(const Number &n);
std::string describeDecimal(const Decimal &d);

} // namespace docshape::validate::detail
