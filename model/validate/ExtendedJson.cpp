#include "validate/ExtendedJson.h"

#include "util/Literals.h"

#include <bson/bson.h>
#include <simdjson.h>

#include <charconv>
#include <cmath>
#include <cstring>
#include <deque>
#include <limits>
#include <string>
#include <vector>

namespace docshape::validate {

BsonDocument::BsonDocument() : m_doc(bson_new()) {}
BsonDocument::BsonDocument(bson_t *adopted) : m_doc(adopted ? adopted : bson_new()) {}
BsonDocument::~BsonDocument() {
    if (m_doc)
        bson_destroy(m_doc);
}
BsonDocument::BsonDocument(BsonDocument &&other) noexcept : m_doc(other.m_doc) {
    other.m_doc = bson_new();
}
BsonDocument &BsonDocument::operator=(BsonDocument &&other) noexcept {
    if (this != &other)
        std::swap(m_doc, other.m_doc);
    return *this;
}

const uint8_t *BsonDocument::data() const { return bson_get_data(m_doc); }
uint32_t BsonDocument::size() const { return m_doc->len; }

std::string BsonDocument::toCanonicalJson() const {
    size_t len = 0;
    char *s = bson_as_canonical_extended_json(m_doc, &len);
    std::string out = s ? std::string(s, len) : std::string();
    bson_free(s);
    return out;
}

std::string BsonDocument::toRelaxedJson() const {
    size_t len = 0;
    char *s = bson_as_relaxed_extended_json(m_doc, &len);
    std::string out = s ? std::string(s, len) : std::string();
    bson_free(s);
    return out;
}

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;

struct Failure {
    std::string message;
};

template <typename Int> bool parseInt(std::string_view s, Int &out) {
    return literal::parseInteger(s, out, literal::LeadingPlus::Refused);
}

int hexValue(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool decodeBase64(std::string_view in, std::vector<uint8_t> &out) {
    out.clear();
    auto value = [](char c) -> int {
        if (c >= 'A' && c <= 'Z')
            return c - 'A';
        if (c >= 'a' && c <= 'z')
            return c - 'a' + 26;
        if (c >= '0' && c <= '9')
            return c - '0' + 52;
        if (c == '+' || c == '-')
            return 62;
        if (c == '/' || c == '_')
            return 63;
        return -1;
    };
    uint32_t acc = 0;
    int bits = 0;
    size_t i = 0;
    for (; i < in.size() && in[i] != '='; ++i) {
        int v = value(in[i]);
        if (v < 0)
            return false;
        acc = (acc << 6) | uint32_t(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(uint8_t((acc >> bits) & 0xFF));
        }
    }
    for (; i < in.size(); ++i)
        if (in[i] != '=')
            return false;
    return true;
}

bool isHex(std::string_view s) {
    for (char c : s)
        if (hexValue(c) < 0)
            return false;
    return true;
}

// Appends what a walk produces to a bson_t: the old callers' BSON.
class BsonBuilder final : public ValueSink {
public:
    explicit BsonBuilder(bson_t *root) { m_stack.push_back({root}); }
    ~BsonBuilder() override { closeAll(); }

    bool beginObject(std::string_view key) override { return begin(key, false); }
    bool beginArray(std::string_view key) override { return begin(key, true); }
    bool endObject() override { return end(false); }
    bool endArray() override { return end(true); }
    bool value(std::string_view key, const bson_value_t &v) override {
        return bson_append_value(m_stack.back().doc, key.data(), int(key.size()), &v) ||
               fail("document exceeds the maximum BSON size");
    }
    std::string failure() const override { return m_failure; }

    // Closes what a failed walk left open, so that the root is a valid document again.
    void closeAll() {
        while (m_children.size() > 0) {
            bson_t *child = m_stack.back().doc;
            m_stack.pop_back();
            if (m_isArray.back())
                bson_append_array_end(m_stack.back().doc, child);
            else
                bson_append_document_end(m_stack.back().doc, child);
            m_children.pop_back();
            m_isArray.pop_back();
        }
    }

private:
    bool fail(std::string message) {
        m_failure = std::move(message);
        return false;
    }
    bool begin(std::string_view key, bool array) {
        m_children.emplace_back();
        bson_t *child = &m_children.back().doc;
        bson_t *parent = m_stack.back().doc;
        const bool ok = array ? bson_append_array_begin(parent, key.data(), int(key.size()), child)
                              : bson_append_document_begin(parent, key.data(), int(key.size()), child);
        if (!ok) {
            m_children.pop_back();
            return fail("document exceeds the maximum BSON size");
        }
        m_stack.push_back({child});
        m_isArray.push_back(array);
        return true;
    }
    bool end(bool array) {
        bson_t *child = m_stack.back().doc;
        m_stack.pop_back();
        const bool ok = array ? bson_append_array_end(m_stack.back().doc, child)
                              : bson_append_document_end(m_stack.back().doc, child);
        m_children.pop_back();
        m_isArray.pop_back();
        return ok || fail("document exceeds the maximum BSON size");
    }

    struct Child {
        bson_t doc;
    };
    struct Open { // a pointer in a struct: bson_t's alignment attribute would be dropped in a vector
        bson_t *doc;
    };
    std::vector<Open> m_stack;
    std::deque<Child> m_children; // stable addresses while open
    std::vector<bool> m_isArray;
    std::string m_failure;
};

bson_value_t makeValue(bson_type_t type) {
    bson_value_t v;
    std::memset(&v, 0, sizeof v);
    v.value_type = type;
    return v;
}

// Walks a simdjson DOM and tells a sink the BSON value of every key:
// the one reading of Extended JSON, whatever is made of it.
class Converter {
public:
    Converter(std::vector<uint8_t> &scratch, ValueSink &sink) : m_bytes(scratch), m_sink(sink) {}

    bool appendDocumentFields(object obj, int depth) {
        for (auto field : obj) {
            if (!appendValue(field.key, field.value, depth))
                return false;
        }
        return true;
    }

    Failure failure;

private:
    std::vector<uint8_t> &m_bytes;
    ValueSink &m_sink;

    bool fail(std::string message) {
        failure.message = std::move(message);
        return false;
    }

    bool checkKey(std::string_view key) {
        if (std::memchr(key.data(), 0, key.size()))
            return fail("field names cannot contain the character U+0000");
        if (key.size() > uint32_t(std::numeric_limits<int>::max()))
            return fail("field name too long");
        return true;
    }

    // The sink's verdict: false stops the walk with the sink's message.
    bool sunk(bool ok) { return ok ? true : fail(m_sink.failure()); }

    bool emit(std::string_view key, const bson_value_t &v) { return sunk(m_sink.value(key, v)); }

    bool emitUtf8(std::string_view key, bson_type_t type, std::string_view s) {
        bson_value_t v = makeValue(type);
        v.value.v_utf8.str = const_cast<char *>(s.data());
        v.value.v_utf8.len = uint32_t(s.size());
        return emit(key, v);
    }

    bool appendNumber(std::string_view key, element v) {
        bson_value_t out;
        switch (v.type()) {
        case element_type::INT64: {
            int64_t i = int64_t(v);
            if (i >= std::numeric_limits<int32_t>::min() && i <= std::numeric_limits<int32_t>::max()) {
                out = makeValue(BSON_TYPE_INT32);
                out.value.v_int32 = int32_t(i);
            } else {
                out = makeValue(BSON_TYPE_INT64);
                out.value.v_int64 = i;
            }
            break;
        }
        case element_type::UINT64:
            out = makeValue(BSON_TYPE_DOUBLE);
            out.value.v_double = double(uint64_t(v));
            break;
        default:
            out = makeValue(BSON_TYPE_DOUBLE);
            out.value.v_double = double(v);
            break;
        }
        return emit(key, out);
    }

    bool appendValue(std::string_view key, element v, int depth) {
        if (!checkKey(key))
            return false;
        switch (v.type()) {
        case element_type::OBJECT:
            return appendObject(key, object(v), depth);
        case element_type::ARRAY: {
            if (depth + 1 > ExtendedJsonParser::kMaxDepth)
                return fail(depthMessage());
            if (!sunk(m_sink.beginArray(key)))
                return false;
            uint32_t i = 0;
            char buf[16];
            for (element item : array(v)) {
                const char *ik = nullptr;
                size_t ikl = bson_uint32_to_string(i++, &ik, buf, sizeof buf);
                if (!appendValue(std::string_view(ik, ikl), item, depth + 1))
                    return false;
            }
            return sunk(m_sink.endArray());
        }
        case element_type::STRING:
            return emitUtf8(key, BSON_TYPE_UTF8, v.get_string().value_unsafe());
        case element_type::INT64:
        case element_type::UINT64:
        case element_type::DOUBLE:
            return appendNumber(key, v);
        case element_type::BOOL: {
            bson_value_t out = makeValue(BSON_TYPE_BOOL);
            out.value.v_bool = bool(v);
            return emit(key, out);
        }
        case element_type::NULL_VALUE:
            return emit(key, makeValue(BSON_TYPE_NULL));
        }
        return fail("unsupported JSON value");
    }

    static std::string depthMessage() {
        return "nesting deeper than " + std::to_string(ExtendedJsonParser::kMaxDepth) + " levels";
    }

    static bool getString(element v, std::string_view &out) {
        if (v.type() != element_type::STRING)
            return false;
        out = v.get_string().value_unsafe();
        return true;
    }

    static bool getUint32(element v, uint32_t &out) {
        if (v.type() == element_type::INT64) {
            int64_t i = int64_t(v);
            if (i < 0 || i > int64_t(std::numeric_limits<uint32_t>::max()))
                return false;
            out = uint32_t(i);
            return true;
        }
        if (v.type() == element_type::UINT64) {
            uint64_t u = uint64_t(v);
            if (u > std::numeric_limits<uint32_t>::max())
                return false;
            out = uint32_t(u);
            return true;
        }
        return false;
    }

    static bool parseOid(std::string_view s, bson_oid_t &oid) {
        if (s.size() != 24)
            return false;
        for (size_t i = 0; i < 12; ++i) {
            const int hi = hexValue(s[2 * i]), lo = hexValue(s[2 * i + 1]);
            if (hi < 0 || lo < 0)
                return false;
            oid.bytes[i] = uint8_t(hi * 16 + lo);
        }
        return true;
    }

    // Returns true when `obj` was an Extended JSON wrapper and has been
    // appended (or failed); `handled` tells which.
    bool tryWrapper(std::string_view k, object obj, int depth, bool &handled) {
        handled = false;
        const size_t n = obj.size();
        if (n == 0 || n > 2)
            return true;
        auto first = *obj.begin();
        std::string_view key = first.key;
        if (key.empty() || key[0] != '$')
            return true;
        element v = first.value;
        auto bad = [&](const char *what) {
            handled = true;
            return fail(std::string("invalid Extended JSON ") + std::string(key) + ": " + what);
        };
        if (n == 1) {
            if (key == "$oid") {
                std::string_view s;
                bson_value_t out = makeValue(BSON_TYPE_OID);
                if (!getString(v, s) || !parseOid(s, out.value.v_oid))
                    return bad("expected 24 hexadecimal digits");
                handled = true;
                return emit(k, out);
            }
            if (key == "$numberInt") {
                std::string_view s;
                bson_value_t out = makeValue(BSON_TYPE_INT32);
                if (!getString(v, s) || !parseInt(s, out.value.v_int32))
                    return bad("expected a 32-bit integer in a string");
                handled = true;
                return emit(k, out);
            }
            if (key == "$numberLong") {
                std::string_view s;
                bson_value_t out = makeValue(BSON_TYPE_INT64);
                if (!getString(v, s) || !parseInt(s, out.value.v_int64))
                    return bad("expected a 64-bit integer in a string");
                handled = true;
                return emit(k, out);
            }
            if (key == "$numberDouble") {
                std::string_view s;
                bson_value_t out = makeValue(BSON_TYPE_DOUBLE);
                if (!getString(v, s) || !literal::parseJsonDouble(s, out.value.v_double))
                    return bad("expected a number, Infinity, -Infinity or NaN in a string");
                handled = true;
                return emit(k, out);
            }
            if (key == "$numberDecimal") {
                std::string_view s;
                bson_value_t out = makeValue(BSON_TYPE_DECIMAL128);
                if (!getString(v, s) ||
                    !bson_decimal128_from_string_w_len(s.data(), int(s.size()), &out.value.v_decimal128))
                    return bad("expected a decimal number in a string");
                handled = true;
                return emit(k, out);
            }
            if (key == "$date")
                return appendDate(k, v, handled);
            if (key == "$binary") {
                if (v.type() != element_type::OBJECT)
                    return bad("expected {\"base64\": ..., \"subType\": ...}");
                object b(v);
                std::string_view b64, sub;
                bool haveB64 = false, haveSub = false;
                for (auto f : b) {
                    if (f.key == "base64")
                        haveB64 = getString(f.value, b64);
                    else if (f.key == "subType")
                        haveSub = getString(f.value, sub);
                    else
                        return bad("unexpected key");
                }
                if (!haveB64 || !haveSub)
                    return bad("expected {\"base64\": ..., \"subType\": ...}");
                return appendBinary(k, b64, sub, handled);
            }
            if (key == "$uuid") {
                std::string_view s;
                if (!getString(v, s) || s.size() != 36)
                    return bad("expected a UUID string");
                m_bytes.clear();
                for (size_t i = 0; i < s.size();) {
                    if (i == 8 || i == 13 || i == 18 || i == 23) {
                        if (s[i] != '-')
                            return bad("expected a UUID string");
                        ++i;
                        continue;
                    }
                    int hi = hexValue(s[i]), lo = hexValue(s[i + 1]);
                    if (hi < 0 || lo < 0)
                        return bad("expected a UUID string");
                    m_bytes.push_back(uint8_t(hi * 16 + lo));
                    i += 2;
                }
                handled = true;
                return emitBinary(k, BSON_SUBTYPE_UUID);
            }
            if (key == "$code") {
                std::string_view s;
                if (!getString(v, s))
                    return bad("expected a string");
                handled = true;
                // libbson takes code as a C string: a NUL would cut it short.
                if (std::memchr(s.data(), 0, s.size()))
                    return fail("invalid Extended JSON $code: contains U+0000");
                std::string code(s);
                bson_value_t out = makeValue(BSON_TYPE_CODE);
                out.value.v_code.code = code.data();
                out.value.v_code.code_len = uint32_t(code.size());
                return emit(k, out);
            }
            if (key == "$symbol") {
                std::string_view s;
                if (!getString(v, s))
                    return bad("expected a string");
                handled = true;
                return emitUtf8(k, BSON_TYPE_SYMBOL, s);
            }
            if (key == "$timestamp") {
                if (v.type() != element_type::OBJECT)
                    return bad("expected {\"t\": ..., \"i\": ...}");
                uint32_t t = 0, i = 0;
                bool haveT = false, haveI = false;
                for (auto f : object(v)) {
                    if (f.key == "t")
                        haveT = getUint32(f.value, t);
                    else if (f.key == "i")
                        haveI = getUint32(f.value, i);
                    else
                        return bad("unexpected key");
                }
                if (!haveT || !haveI)
                    return bad("expected {\"t\": ..., \"i\": ...} with unsigned 32-bit integers");
                handled = true;
                bson_value_t out = makeValue(BSON_TYPE_TIMESTAMP);
                out.value.v_timestamp.timestamp = t;
                out.value.v_timestamp.increment = i;
                return emit(k, out);
            }
            if (key == "$regularExpression") {
                if (v.type() != element_type::OBJECT)
                    return bad("expected {\"pattern\": ..., \"options\": ...}");
                std::string_view pattern, options;
                bool haveP = false, haveO = false;
                for (auto f : object(v)) {
                    if (f.key == "pattern")
                        haveP = getString(f.value, pattern);
                    else if (f.key == "options")
                        haveO = getString(f.value, options);
                    else
                        return bad("unexpected key");
                }
                if (!haveP || !haveO)
                    return bad("expected {\"pattern\": ..., \"options\": ...}");
                return appendRegex(k, pattern, options, handled);
            }
            if (key == "$dbPointer") {
                if (v.type() != element_type::OBJECT)
                    return bad("expected {\"$ref\": ..., \"$id\": ...}");
                std::string_view ref, oidText;
                bool haveRef = false, haveId = false;
                for (auto f : object(v)) {
                    if (f.key == "$ref") {
                        haveRef = getString(f.value, ref);
                    } else if (f.key == "$id" && f.value.type() == element_type::OBJECT) {
                        object idObj(f.value);
                        if (idObj.size() == 1) {
                            auto idField = *idObj.begin();
                            haveId = idField.key == "$oid" && getString(idField.value, oidText) &&
                                     oidText.size() == 24 && isHex(oidText);
                        }
                    } else {
                        return bad("unexpected key");
                    }
                }
                if (!haveRef || !haveId)
                    return bad("expected {\"$ref\": string, \"$id\": {\"$oid\": ...}}");
                handled = true;
                if (std::memchr(ref.data(), 0, ref.size()))
                    return fail("invalid Extended JSON $dbPointer: $ref contains U+0000");
                std::string collection(ref);
                bson_value_t out = makeValue(BSON_TYPE_DBPOINTER);
                parseOid(oidText, out.value.v_dbpointer.oid);
                out.value.v_dbpointer.collection = const_cast<char *>(collection.c_str());
                out.value.v_dbpointer.collection_len = uint32_t(collection.size());
                return emit(k, out);
            }
            if (key == "$minKey" || key == "$maxKey") {
                if (v.type() != element_type::INT64 || int64_t(v) != 1)
                    return bad("expected 1");
                handled = true;
                return emit(k, makeValue(key == "$minKey" ? BSON_TYPE_MINKEY : BSON_TYPE_MAXKEY));
            }
            if (key == "$undefined") {
                if (v.type() != element_type::BOOL || !bool(v))
                    return bad("expected true");
                handled = true;
                return emit(k, makeValue(BSON_TYPE_UNDEFINED));
            }
            return true;
        }
        // Two-key wrappers, in either order.
        auto second = *(++obj.begin());
        std::string_view k1 = key, k2 = second.key;
        element v1 = v, v2 = second.value;
        if (k1 > k2) {
            std::swap(k1, k2);
            std::swap(v1, v2);
        }
        if (k1 == "$code" && k2 == "$scope") {
            std::string_view code;
            if (!getString(v1, code) || v2.type() != element_type::OBJECT) {
                handled = true;
                return fail("invalid Extended JSON $code with $scope");
            }
            if (depth + 1 > ExtendedJsonParser::kMaxDepth) {
                handled = true;
                return fail(depthMessage());
            }
            handled = true;
            if (std::memchr(code.data(), 0, code.size()))
                return fail("invalid Extended JSON $code with $scope: $code contains U+0000");
            // The scope is a document of its own, built in BSON whatever the sink.
            bson_t scope;
            bson_init(&scope);
            bool ok;
            {
                BsonBuilder builder(&scope);
                Converter inner(m_bytes, builder);
                ok = inner.appendDocumentFields(object(v2), depth + 1);
                if (!ok)
                    failure = inner.failure;
            }
            if (ok) {
                std::string codeText(code);
                bson_value_t out = makeValue(BSON_TYPE_CODEWSCOPE);
                out.value.v_codewscope.code = const_cast<char *>(codeText.c_str());
                out.value.v_codewscope.code_len = uint32_t(codeText.size());
                out.value.v_codewscope.scope_data = const_cast<uint8_t *>(bson_get_data(&scope));
                out.value.v_codewscope.scope_len = scope.len;
                ok = emit(k, out);
            }
            bson_destroy(&scope);
            return ok;
        }
        if (k1 == "$binary" && k2 == "$type") {
            std::string_view b64, sub;
            if (getString(v1, b64) && getString(v2, sub))
                return appendBinary(k, b64, sub, handled);
            return true; // e.g. a query {$binary: ..., $type: ...}; keep as a document
        }
        if (k1 == "$options" && k2 == "$regex") {
            std::string_view pattern, options;
            if (getString(v2, pattern) && getString(v1, options))
                return appendRegex(k, pattern, options, handled);
            return true;
        }
        return true;
    }

    bool emitBinary(std::string_view k, bson_subtype_t subtype) {
        bson_value_t out = makeValue(BSON_TYPE_BINARY);
        out.value.v_binary.subtype = subtype;
        out.value.v_binary.data = m_bytes.data();
        out.value.v_binary.data_len = uint32_t(m_bytes.size());
        return emit(k, out);
    }

    bool appendBinary(std::string_view k, std::string_view b64, std::string_view sub, bool &handled) {
        handled = true;
        if (sub.empty() || sub.size() > 2 || !isHex(sub))
            return fail("invalid Extended JSON $binary: subType must be one or two hex digits");
        int subtype = 0;
        for (char c : sub)
            subtype = subtype * 16 + hexValue(c);
        if (!decodeBase64(b64, m_bytes))
            return fail("invalid Extended JSON $binary: bad base64");
        return emitBinary(k, bson_subtype_t(subtype));
    }

    bool appendRegex(std::string_view k, std::string_view pattern, std::string_view options, bool &handled) {
        handled = true;
        if (std::memchr(pattern.data(), 0, pattern.size()) || std::memchr(options.data(), 0, options.size()))
            return fail("invalid Extended JSON regular expression: contains U+0000");
        const std::string p(pattern), o(options);
        bson_value_t out = makeValue(BSON_TYPE_REGEX);
        out.value.v_regex.regex = const_cast<char *>(p.c_str());
        out.value.v_regex.options = const_cast<char *>(o.c_str());
        return emit(k, out);
    }

    bool appendDate(std::string_view k, element v, bool &handled) {
        handled = true;
        int64_t ms = 0;
        switch (v.type()) {
        case element_type::OBJECT: {
            object o(v);
            std::string_view s;
            if (o.size() != 1 || (*o.begin()).key != "$numberLong" || !getString((*o.begin()).value, s) ||
                !parseInt(s, ms))
                return fail("invalid Extended JSON $date: expected {\"$numberLong\": ...}");
            break;
        }
        case element_type::STRING: {
            std::string_view s = v.get_string().value_unsafe();
            if (!literal::parseIsoDate(s, ms, literal::kExtendedJsonDate))
                return fail("invalid Extended JSON $date: expected an ISO-8601 date such as "
                            "2024-01-31T12:00:00Z");
            break;
        }
        case element_type::INT64:
            ms = int64_t(v);
            break;
        case element_type::DOUBLE: {
            double x = double(v);
            if (!std::isfinite(x) || x != std::floor(x) || std::fabs(x) > 9.2e18)
                return fail("invalid Extended JSON $date: expected whole milliseconds");
            ms = int64_t(x);
            break;
        }
        default:
            return fail("invalid Extended JSON $date");
        }
        bson_value_t out = makeValue(BSON_TYPE_DATE_TIME);
        out.value.v_datetime = ms;
        return emit(k, out);
    }

    bool appendObject(std::string_view k, object obj, int depth) {
        bool handled = false;
        if (!tryWrapper(k, obj, depth, handled))
            return false;
        if (handled)
            return true;
        if (depth + 1 > ExtendedJsonParser::kMaxDepth)
            return fail(depthMessage());
        if (!sunk(m_sink.beginObject(k)))
            return false;
        return appendDocumentFields(obj, depth + 1) && sunk(m_sink.endObject());
    }
};

} // namespace

static_assert(ExtendedJsonParser::kPaddingBytes == simdjson::SIMDJSON_PADDING);

struct ExtendedJsonParser::Impl {
    simdjson::dom::parser parser;
    std::vector<uint8_t> scratch;
};

ExtendedJsonParser::ExtendedJsonParser() : m_impl(std::make_unique<Impl>()) {}
ExtendedJsonParser::~ExtendedJsonParser() = default;

Status ExtendedJsonParser::walk(std::string_view json, ValueSink &sink, Padding padding) {
    element root;
    auto err = m_impl->parser.parse(json.data(), json.size(), padding == Padding::Copy).get(root);
    if (err)
        return Error{"", std::string("not valid JSON: ") + simdjson::error_message(err)};
    if (root.type() != element_type::OBJECT)
        return Error{"", "expected a JSON object (a document)"};
    object obj(root);
    // A top-level wrapper such as {"$oid": ...} is a value, not a document.
    if (obj.size() >= 1 && obj.size() <= 2) {
        std::string_view first = (*obj.begin()).key;
        static constexpr std::string_view kWrappers[] = {
            "$oid",    "$numberInt", "$numberLong", "$numberDouble", "$numberDecimal",
            "$date",   "$binary",    "$uuid",       "$code",         "$symbol",
            "$timestamp", "$regularExpression", "$dbPointer", "$minKey", "$maxKey", "$undefined"};
        for (auto w : kWrappers)
            if (first == w)
                return Error{"", "expected a document, found an Extended JSON " + std::string(w) +
                                     " value"};
    }
    Converter converter(m_impl->scratch, sink);
    if (!converter.appendDocumentFields(obj, 1))
        return Error{"", converter.failure.message};
    return {};
}

Status ExtendedJsonParser::parseInto(std::string_view json, bson_t *out, Padding padding) {
    bson_reinit(out);
    BsonBuilder builder(out);
    Status s = walk(json, builder, padding);
    builder.closeAll();
    return s;
}

Result<BsonDocument> ExtendedJsonParser::parse(std::string_view json) {
    BsonDocument doc;
    Status s = parseInto(json, doc.get());
    if (!s)
        return s.error();
    return doc;
}

} // namespace docshape::validate
