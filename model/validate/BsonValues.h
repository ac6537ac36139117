#pragma once

// Value semantics of BSON as the MongoDB server applies them in `$jsonSchema`:
// exact numeric comparison across int, long, double and decimal; equality that
// ignores the order of fields in embedded documents (enum, uniqueItems); the
// decimal remainder behind multipleOf; code-point string length. Internal to
// model/validate.

#include <bson/bson.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace docshape::validate::detail {

__extension__ typedef unsigned __int128 U128;

// libbson declares bson_iter_t with an alignment larger than its size, which
// makes arrays of it ill-formed; a struct rounds the size up.
struct IterBox {
    bson_iter_t it;
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

bool isNumericType(bson_type_t t);
bool readNumber(const bson_iter_t *it, Number &out); // false if not numeric
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
bool valuesEqual(const bson_iter_t *a, const bson_iter_t *b);
bool documentsEqual(const uint8_t *a, uint32_t aLen, const uint8_t *b, uint32_t bLen);

// A hash consistent with valuesEqual (equal values hash equally).
uint64_t valueHash(const bson_iter_t *it);

// Length in Unicode code points, as $_internalSchemaMinLength counts.
uint64_t utf8Length(const char *s, uint32_t len);

// The server's type alias for a BSON type ("int", "objectId", ...).
const char *typeName(bson_type_t t);

// One bit per BSON type; see JsonSchema's type sets.
uint32_t typeBit(bson_type_t t);
constexpr uint32_t kNumberBits = (1u << BSON_TYPE_DOUBLE) | (1u << BSON_TYPE_INT32) |
                                 (1u << BSON_TYPE_INT64) | (1u << BSON_TYPE_DECIMAL128);

// A short human-readable rendering of a value for messages (shell-like,
// truncated).
std::string describeValue(const bson_iter_t *it, size_t maxChars = 80);
std::string describeNumber(const Number &n);
std::string describeDecimal(const Decimal &d);

} // namespace docshape::validate::detail
