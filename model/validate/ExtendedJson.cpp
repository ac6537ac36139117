#include "validate/ExtendedJson.h"

#include "util/Literals.h"

#include <bson/bson.h>
#include <simdjson.h>

#include <charconv>
#include <cmath>
#include <cstring>
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

class Converter {
public:
    explicit Converter(std::vector<uint8_t> &scratch) : m_bytes(scratch) {}

    bool appendDocumentFields(bson_t *doc, object obj, int depth) {
        for (auto field : obj) {
            if (!appendValue(doc, field.key, field.value, depth))
                return false;
        }
        return true;
    }

    Failure failure;

private:
    std::vector<uint8_t> &m_bytes;

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

    bool appended(bool ok) { return ok ? true : fail("document exceeds the maximum BSON size"); }

    bool appendNumber(bson_t *d, const char *k, int kl, element v) {
        switch (v.type()) {
        case element_type::INT64: {
            int64_t i = int64_t(v);
            if (i >= std::numeric_limits<int32_t>::min() && i <= std::numeric_limits<int32_t>::max())
                return appended(bson_append_int32(d, k, kl, int32_t(i)));
            return appended(bson_append_int64(d, k, kl, i));
        }
        case element_type::UINT64:
            return appended(bson_append_double(d, k, kl, double(uint64_t(v))));
        default:
            return appended(bson_append_double(d, k, kl, double(v)));
        }
    }

    bool appendValue(bson_t *d, std::string_view key, element v, int depth) {
        if (!checkKey(key))
            return false;
        const char *k = key.data();
        const int kl = int(key.size());
        switch (v.type()) {
        case element_type::OBJECT:
            return appendObject(d, k, kl, object(v), depth);
        case element_type::ARRAY: {
            if (depth + 1 > ExtendedJsonParser::kMaxDepth)
                return fail(depthMessage());
            bson_t child;
            if (!bson_append_array_begin(d, k, kl, &child))
                return appended(false);
            uint32_t i = 0;
            char buf[16];
            for (element item : array(v)) {
                const char *ik = nullptr;
                size_t ikl = bson_uint32_to_string(i++, &ik, buf, sizeof buf);
                if (!appendValue(&child, std::string_view(ik, ikl), item, depth + 1)) {
                    bson_append_array_end(d, &child);
                    return false;
                }
            }
            return appended(bson_append_array_end(d, &child));
        }
        case element_type::STRING: {
            std::string_view s = v.get_string().value_unsafe();
            return appended(bson_append_utf8(d, k, kl, s.data(), int(s.size())));
        }
        case element_type::INT64:
        case element_type::UINT64:
        case element_type::DOUBLE:
            return appendNumber(d, k, kl, v);
        case element_type::BOOL:
            return appended(bson_append_bool(d, k, kl, bool(v)));
        case element_type::NULL_VALUE:
            return appended(bson_append_null(d, k, kl));
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

    // Returns true when `obj` was an Extended JSON wrapper and has been
    // appended (or failed); `handled` tells which.
    bool tryWrapper(bson_t *d, const char *k, int kl, object obj, int depth, bool &handled) {
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
                if (!getString(v, s) || s.size() != 24 || !isHex(s))
                    return bad("expected 24 hexadecimal digits");
                bson_oid_t oid;
                bson_oid_init_from_string(&oid, std::string(s).c_str());
                handled = true;
                return appended(bson_append_oid(d, k, kl, &oid));
            }
            if (key == "$numberInt") {
                std::string_view s;
                int32_t i;
                if (!getString(v, s) || !parseInt(s, i))
                    return bad("expected a 32-bit integer in a string");
                handled = true;
                return appended(bson_append_int32(d, k, kl, i));
            }
            if (key == "$numberLong") {
                std::string_view s;
                int64_t i;
                if (!getString(v, s) || !parseInt(s, i))
                    return bad("expected a 64-bit integer in a string");
                handled = true;
                return appended(bson_append_int64(d, k, kl, i));
            }
            if (key == "$numberDouble") {
                std::string_view s;
                double x;
                if (!getString(v, s) || !literal::parseJsonDouble(s, x))
                    return bad("expected a number, Infinity, -Infinity or NaN in a string");
                handled = true;
                return appended(bson_append_double(d, k, kl, x));
            }
            if (key == "$numberDecimal") {
                std::string_view s;
                bson_decimal128_t dec;
                if (!getString(v, s) ||
                    !bson_decimal128_from_string_w_len(s.data(), int(s.size()), &dec))
                    return bad("expected a decimal number in a string");
                handled = true;
                return appended(bson_append_decimal128(d, k, kl, &dec));
            }
            if (key == "$date")
                return appendDate(d, k, kl, v, handled);
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
                return appendBinary(d, k, kl, b64, sub, handled);
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
                return appended(bson_append_binary(d, k, kl, BSON_SUBTYPE_UUID, m_bytes.data(),
                                                   uint32_t(m_bytes.size())));
            }
            if (key == "$code") {
                std::string_view s;
                if (!getString(v, s))
                    return bad("expected a string");
                handled = true;
                std::string code(s);
                return appended(bson_append_code(d, k, kl, code.c_str()));
            }
            if (key == "$symbol") {
                std::string_view s;
                if (!getString(v, s))
                    return bad("expected a string");
                handled = true;
                return appended(bson_append_symbol(d, k, kl, s.data(), int(s.size())));
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
                return appended(bson_append_timestamp(d, k, kl, t, i));
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
                return appendRegex(d, k, kl, pattern, options, handled);
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
                bson_oid_t oid;
                bson_oid_init_from_string(&oid, std::string(oidText).c_str());
                handled = true;
                std::string collection(ref);
                return appended(bson_append_dbpointer(d, k, kl, collection.c_str(), &oid));
            }
            if (key == "$minKey" || key == "$maxKey") {
                if (v.type() != element_type::INT64 || int64_t(v) != 1)
                    return bad("expected 1");
                handled = true;
                return appended(key == "$minKey" ? bson_append_minkey(d, k, kl)
                                                 : bson_append_maxkey(d, k, kl));
            }
            if (key == "$undefined") {
                if (v.type() != element_type::BOOL || !bool(v))
                    return bad("expected true");
                handled = true;
                return appended(bson_append_undefined(d, k, kl));
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
            bson_t scope;
            bson_init(&scope);
            bool ok = appendDocumentFields(&scope, object(v2), depth + 1);
            handled = true;
            if (ok) {
                std::string codeText(code);
                ok = appended(bson_append_code_with_scope(d, k, kl, codeText.c_str(), &scope));
            }
            bson_destroy(&scope);
            return ok;
        }
        if (k1 == "$binary" && k2 == "$type") {
            std::string_view b64, sub;
            if (getString(v1, b64) && getString(v2, sub))
                return appendBinary(d, k, kl, b64, sub, handled);
            return true; // e.g. a query {$binary: ..., $type: ...}; keep as a document
        }
        if (k1 == "$options" && k2 == "$regex") {
            std::string_view pattern, options;
            if (getString(v2, pattern) && getString(v1, options))
                return appendRegex(d, k, kl, pattern, options, handled);
            return true;
        }
        return true;
    }

    bool appendBinary(bson_t *d, const char *k, int kl, std::string_view b64, std::string_view sub,
                      bool &handled) {
        handled = true;
        if (sub.empty() || sub.size() > 2 || !isHex(sub))
            return fail("invalid Extended JSON $binary: subType must be one or two hex digits");
        int subtype = 0;
        for (char c : sub)
            subtype = subtype * 16 + hexValue(c);
        if (!decodeBase64(b64, m_bytes))
            return fail("invalid Extended JSON $binary: bad base64");
        return appended(bson_append_binary(d, k, kl, bson_subtype_t(subtype), m_bytes.data(),
                                           uint32_t(m_bytes.size())));
    }

    bool appendRegex(bson_t *d, const char *k, int kl, std::string_view pattern,
                     std::string_view options, bool &handled) {
        handled = true;
        if (std::memchr(pattern.data(), 0, pattern.size()) ||
            std::memchr(options.data(), 0, options.size()))
            return fail("invalid Extended JSON regular expression: contains U+0000");
        return appended(bson_append_regex_w_len(d, k, kl, std::string(pattern).c_str(),
                                                int(pattern.size()),
                                                std::string(options).c_str()));
    }

    bool appendDate(bson_t *d, const char *k, int kl, element v, bool &handled) {
        handled = true;
        int64_t ms = 0;
        switch (v.type()) {
        case element_type::OBJECT: {
            object o(v);
            std::string_view s;
            if (o.size() != 1 || (*o.begin()).key != "$numberLong" ||
                !getString((*o.begin()).value, s) || !parseInt(s, ms))
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
        return appended(bson_append_date_time(d, k, kl, ms));
    }

    bool appendObject(bson_t *d, const char *k, int kl, object obj, int depth) {
        bool handled = false;
        if (!tryWrapper(d, k, kl, obj, depth, handled))
            return false;
        if (handled)
            return true;
        if (depth + 1 > ExtendedJsonParser::kMaxDepth)
            return fail(depthMessage());
        bson_t child;
        if (!bson_append_document_begin(d, k, kl, &child))
            return appended(false);
        bool ok = appendDocumentFields(&child, obj, depth + 1);
        bool closed = bson_append_document_end(d, &child);
        return ok && appended(closed);
    }
};

} // namespace

struct ExtendedJsonParser::Impl {
    simdjson::dom::parser parser;
    std::vector<uint8_t> scratch;
};

ExtendedJsonParser::ExtendedJsonParser() : m_impl(std::make_unique<Impl>()) {}
ExtendedJsonParser::~ExtendedJsonParser() = default;

Status ExtendedJsonParser::parseInto(std::string_view json, bson_t *out) {
    bson_reinit(out);
    element root;
    auto err = m_impl->parser.parse(json.data(), json.size(), true).get(root);
    if (err)
        return Error{"", std::string("not valid JSON: ") + simdjson::error_message(err)};
    if (root.type() != element_type::OBJECT)
        return Error{"", "expected a JSON object (a document)"};
    Converter converter(m_impl->scratch);
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
    if (!converter.appendDocumentFields(out, obj, 1))
        return Error{"", converter.failure.message};
    return {};
}

Result<BsonDocument> ExtendedJsonParser::parse(std::string_view json) {
    BsonDocument doc;
    Status s = parseInto(json, doc.get());
    if (!s)
        return s.error();
    return doc;
}

} // namespace docshape::validate
