#pragma once

// Value semantics of BSON as the MongoDB server applies them in `$jsonSchema`:
// exact numeric comparison across int, long, double and decimal; equality that
// ignores the order of fields in embedded documents (enum, uniqueItems); the
// decimal remainder behind multipleOf; code-point string length. Internal to
// model/validate.

#include <bson/bson.h>

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

// Walks the elements of a BSON document in place, checking every length
// against the bounds, so that a corrupt document ends the walk instead of
// reading past it. Inline and allocation-free: evaluation spends its time
// here. libbson's bson_iter_t does the same job behind a shared-library call
// per step, several times slower.
class Cursor {
public:
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
        if (m_p >= m_end)
            return false;
        const uint8_t type = *m_p++;
        // Keys are short: a plain loop beats a call to memchr.
        const uint8_t *nul = m_p;
        while (nul < m_end && *nul)
            ++nul;
        if (nul == m_end)
            return corrupt();
        m_key = std::string_view(reinterpret_cast<const char *>(m_p), size_t(nul - m_p));
        m_p = nul + 1;
        const size_t avail = size_t(m_end - m_p);
        uint32_t size = 0;
        switch (type) {
        case BSON_TYPE_DOUBLE:
        case BSON_TYPE_DATE_TIME:
        case BSON_TYPE_TIMESTAMP:
        case BSON_TYPE_INT64:
            size = 8;
            break;
        case BSON_TYPE_INT32:
            size = 4;
            break;
        case BSON_TYPE_DECIMAL128:
            size = 16;
            break;
        case BSON_TYPE_OID:
            size = 12;
            break;
        case BSON_TYPE_BOOL:
            size = 1;
            break;
        case BSON_TYPE_UNDEFINED:
        case BSON_TYPE_NULL:
        case BSON_TYPE_MINKEY:
        case BSON_TYPE_MAXKEY:
            size = 0;
            break;
        case BSON_TYPE_UTF8:
        case BSON_TYPE_CODE:
        case BSON_TYPE_SYMBOL:
        case BSON_TYPE_DBPOINTER: {
            if (avail < 4)
                return corrupt();
            const int32_t n = readInt32(m_p);
            if (n < 1 || size_t(n) > avail - 4 || m_p[4 + n - 1] != 0)
                return corrupt();
            size = uint32_t(4 + n) + (type == BSON_TYPE_DBPOINTER ? 12 : 0);
            break;
        }
        case BSON_TYPE_DOCUMENT:
        case BSON_TYPE_ARRAY:
        case BSON_TYPE_CODEWSCOPE: {
            if (avail < 4)
                return corrupt();
            const int32_t n = readInt32(m_p);
            if (n < 5)
                return corrupt();
            size = uint32_t(n);
            break;
        }
        case BSON_TYPE_BINARY: {
            if (avail < 5)
                return corrupt();
            const int32_t n = readInt32(m_p);
            if (n < 0)
                return corrupt();
            size = uint32_t(n) + 5;
            break;
        }
        case BSON_TYPE_REGEX: {
            const auto *a = static_cast<const uint8_t *>(std::memchr(m_p, 0, avail));
            if (!a)
                return corrupt();
            const auto *b = static_cast<const uint8_t *>(
                std::memchr(a + 1, 0, size_t(m_end - (a + 1))));
            if (!b)
                return corrupt();
            size = uint32_t(b + 1 - m_p);
            break;
        }
        default:
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

// One bit per BSON type; see JsonSchema's type sets.
inline uint32_t typeBit(bson_type_t t) {
    if (t == BSON_TYPE_MINKEY)
        return 1u << 20;
    if (t == BSON_TYPE_MAXKEY)
        return 1u << 21;
    const unsigned v = unsigned(t);
    return v >= 1 && v <= 0x13 ? 1u << v : 0;
}
constexpr uint32_t kNumberBits = (1u << BSON_TYPE_DOUBLE) | (1u << BSON_TYPE_INT32) |
                                 (1u << BSON_TYPE_INT64) | (1u << BSON_TYPE_DECIMAL128);

// A short human-readable rendering of a value for messages (shell-like,
// truncated).
std::string describeValue(const Value &v, size_t maxChars = 80);
std::string describeNumber(const Number &n);
std::string describeDecimal(const Decimal &d);

} // namespace docshape::validate::detail
