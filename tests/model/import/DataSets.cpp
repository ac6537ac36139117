#include "DataSets.h"

#include <bson/bson.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <string>

namespace docshape::test {

namespace {

// xorshift32: the same documents on every machine.
class Random {
public:
    explicit Random(std::uint32_t seed) : m_s(seed ? seed : 1) {}
    std::uint32_t next() {
        m_s ^= m_s << 13;
        m_s ^= m_s >> 17;
        m_s ^= m_s << 5;
        return m_s;
    }
    std::uint64_t below(std::uint64_t n) { return n ? next() % n : 0; }
    bool chance(double p) { return double(next()) / 4294967296.0 < p; }
    template <typename T, std::size_t N> const T &pick(const T (&a)[N]) { return a[below(N)]; }
    std::string hex(std::size_t digits) {
        static const char kDigits[] = "0123456789abcdef";
        std::string s;
        for (std::size_t i = 0; i < digits; ++i)
            s += kDigits[below(16)];
        return s;
    }
    std::string uuid() {
        return hex(8) + "-" + hex(4) + "-4" + hex(3) + "-a" + hex(3) + "-" + hex(12);
    }
    std::string words(std::size_t least, std::size_t most) {
        static const char *kWords[] = {"alpha", "river", "stone", "quiet", "market", "north", "lamp", "copper", "mint"};
        std::string s;
        const std::size_t n = least + below(most - least + 1);
        for (std::size_t i = 0; i < n; ++i)
            s += (i ? " " : "") + std::string(kWords[below(9)]);
        return s;
    }

private:
    std::uint32_t m_s;
};

void oid(bson_t *doc, const char *key, std::uint32_t seconds, std::uint64_t serial) {
    std::uint8_t bytes[12] = {std::uint8_t(seconds >> 24), std::uint8_t(seconds >> 16), std::uint8_t(seconds >> 8),
                              std::uint8_t(seconds), 0x5c, 0xa1, 0x07, 0, std::uint8_t(serial >> 24),
                              std::uint8_t(serial >> 16), std::uint8_t(serial >> 8), std::uint8_t(serial)};
    bson_oid_t o;
    bson_oid_init_from_data(&o, bytes);
    bson_append_oid(doc, key, -1, &o);
}

void utf8(bson_t *doc, const char *key, const std::string &s) { bson_append_utf8(doc, key, -1, s.c_str(), int(s.size())); }

std::string decimalText(std::uint64_t cents) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%llu.%02llu", static_cast<unsigned long long>(cents / 100),
                  static_cast<unsigned long long>(cents % 100));
    return buf;
}

void decimal(bson_t *doc, const char *key, std::uint64_t cents) {
    bson_decimal128_t d;
    bson_decimal128_from_string(decimalText(cents).c_str(), &d);
    bson_append_decimal128(doc, key, -1, &d);
}

std::string isoDay(std::int64_t day) {
    const std::time_t t = std::time_t(1577836800 + day * 86400); // from 2020-01-01
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

class Writer {
public:
    explicit Writer(std::string name) { m_out.name = std::move(name); }
    void add(bson_t *doc) {
        m_out.bytes.insert(m_out.bytes.end(), bson_get_data(doc), bson_get_data(doc) + doc->len);
        ++m_out.documents;
        m_out.totalBytes += doc->len;
        m_out.largest = std::max<std::uint64_t>(m_out.largest, doc->len);
        bson_destroy(doc);
    }
    BsonCollection take() { return std::move(m_out); }

private:
    BsonCollection m_out;
};

const char *kProducts[] = {"Derivatives", "InvestmentStock", "CurrencyService", "Commodity", "InvestmentFund", "Brokerage"};
const char *kTiers[] = {"Bronze", "Silver", "Gold", "Platinum"};
const char *kBenefits[] = {"24 hour dedicated line", "concierge services", "dedicated account representative",
                           "financial planning assistance", "airline lounge access", "car rental insurance",
                           "shopping discounts", "sports tickets", "travel insurance"};
const char *kSymbols[] = {"amzn", "msft", "aapl", "goog", "nflx", "ibm", "crm", "adbe", "sap", "znga", "team", "nvda"};

std::int32_t accountId(std::uint64_t i) { return std::int32_t(50000 + i * 37 % 990001); }

} // namespace

BsonCollection analyticsAccounts(std::uint64_t n, std::uint32_t seed) {
    Random r(seed);
    Writer w("accounts");
    for (std::uint64_t i = 0; i < n; ++i) {
        bson_t *d = bson_new();
        oid(d, "_id", 1500000000, i);
        bson_append_int32(d, "account_id", -1, accountId(i));
        bson_append_int32(d, "limit", -1, r.chance(0.8) ? 10000 : std::int32_t(3000 + 1000 * r.below(7)));
        bson_t products;
        bson_append_array_begin(d, "products", -1, &products);
        const std::uint64_t k = 1 + r.below(5);
        for (std::uint64_t j = 0; j < k; ++j) {
            char key[16];
            std::snprintf(key, sizeof key, "%llu", static_cast<unsigned long long>(j));
            utf8(&products, key, r.pick(kProducts));
        }
        bson_append_array_end(d, &products);
        w.add(d);
    }
    return w.take();
}

BsonCollection analyticsCustomers(std::uint64_t n, std::uint64_t accounts, std::uint32_t seed) {
    Random r(seed);
    Writer w("customers");
    std::uint64_t nextAccount = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
        bson_t *d = bson_new();
        oid(d, "_id", 1600000000, i);
        utf8(d, "username", r.hex(2) + "user" + std::to_string(i));
        utf8(d, "name", r.words(2, 3));
        utf8(d, "address", std::to_string(1 + r.below(9999)) + " " + r.words(1, 3) + " Suite " +
                               std::to_string(r.below(999)) + "\nNew " + r.words(1, 1) + ", AZ " +
                               std::to_string(10000 + r.below(89999)));
        bson_append_date_time(d, "birthdate", -1, -315619200000LL + std::int64_t(r.below(1500000000)) * 1000);
        utf8(d, "email", r.words(1, 1) + std::to_string(i) + "@example.com");
        if (r.chance(0.1))
            bson_append_bool(d, "active", -1, true);
        bson_t list;
        bson_append_array_begin(d, "accounts", -1, &list);
        const std::uint64_t k = 1 + r.below(6);
        for (std::uint64_t j = 0; j < k; ++j) {
            char key[16];
            std::snprintf(key, sizeof key, "%llu", static_cast<unsigned long long>(j));
            // Every account held by some customer, a few by two.
            const std::uint64_t a = nextAccount < accounts ? nextAccount++ : r.below(accounts);
            bson_append_int32(&list, key, -1, accountId(a));
        }
        bson_append_array_end(d, &list);
        bson_t tiers;
        bson_append_document_begin(d, "tier_and_details", -1, &tiers);
        const std::uint64_t t = r.below(5); // 0 to 4 tier records, keyed by their generated id
        for (std::uint64_t j = 0; j < t; ++j) {
            const std::string id = r.hex(32);
            bson_t tier, benefits;
            bson_append_document_begin(&tiers, id.c_str(), -1, &tier);
            utf8(&tier, "tier", r.pick(kTiers));
            utf8(&tier, "id", id);
            bson_append_bool(&tier, "active", -1, true);
            bson_append_array_begin(&tier, "benefits", -1, &benefits);
            const std::uint64_t b = r.below(4);
            for (std::uint64_t m = 0; m < b; ++m) {
                char key[16];
                std::snprintf(key, sizeof key, "%llu", static_cast<unsigned long long>(m));
                utf8(&benefits, key, r.pick(kBenefits));
            }
            bson_append_array_end(&tier, &benefits);
            bson_append_document_end(&tiers, &tier);
        }
        bson_append_document_end(d, &tiers);
        w.add(d);
    }
    return w.take();
}

BsonCollection analyticsTransactions(std::uint64_t n, std::uint64_t accounts, std::uint32_t seed) {
    Random r(seed);
    Writer w("transactions");
    for (std::uint64_t i = 0; i < n; ++i) {
        bson_t *d = bson_new();
        oid(d, "_id", 1550000000, i);
        bson_append_int32(d, "account_id", -1, accountId(i % accounts));
        const std::uint64_t k = 1 + r.below(40);
        bson_append_int32(d, "transaction_count", -1, std::int32_t(k));
        const std::int64_t start = 0LL + std::int64_t(r.below(20000)) * 86400000LL;
        bson_append_date_time(d, "bucket_start_date", -1, start);
        bson_append_date_time(d, "bucket_end_date", -1, start + std::int64_t(r.below(9000)) * 86400000LL);
        bson_t list;
        bson_append_array_begin(d, "transactions", -1, &list);
        for (std::uint64_t j = 0; j < k; ++j) {
            char key[16];
            std::snprintf(key, sizeof key, "%llu", static_cast<unsigned long long>(j));
            bson_t t;
            bson_append_document_begin(&list, key, -1, &t);
            bson_append_date_time(&t, "date", -1, start + std::int64_t(r.below(9000)) * 86400000LL);
            const std::int32_t amount = std::int32_t(1 + r.below(9999));
            bson_append_int32(&t, "amount", -1, amount);
            utf8(&t, "transaction_code", r.chance(0.5) ? "buy" : "sell");
            utf8(&t, "symbol", r.pick(kSymbols));
            // Prices and totals as the data set stores them: decimal text of many digits.
            const std::uint64_t cents = 100 + r.below(200000);
            utf8(&t, "price", decimalText(cents) + std::to_string(r.below(1000000000)));
            utf8(&t, "total", decimalText(cents * std::uint64_t(amount)) + std::to_string(r.below(1000000000)));
            bson_append_document_end(&list, &t);
        }
        bson_append_array_end(d, &list);
        w.add(d);
    }
    return w.take();
}

BsonCollection polymorphicEvents(std::uint64_t n, std::uint32_t seed) {
    Random r(seed);
    Writer w("events");
    const char *kKinds[] = {"click", "click", "click", "purchase", "search", "search", "session"};
    const char *kTags[] = {"mobile", "beta", "promo", "returning", "eu", "night"};
    auto key = [](std::uint64_t j) { return std::to_string(j); };
    for (std::uint64_t i = 0; i < n; ++i) {
        bson_t *d = bson_new();
        oid(d, "_id", 1700000000, i);
        const std::string kind = r.pick(kKinds);
        utf8(d, "kind", kind);
        bson_append_date_time(d, "at", -1, 1700000000000LL + std::int64_t(i) * 1000);
        oid(d, "userId", 1650000000, r.below(5000));
        if (kind == "click") {
            utf8(d, "target", "#" + r.words(1, 2));
            bson_append_int32(d, "x", -1, std::int32_t(r.below(1920)));
            bson_append_int32(d, "y", -1, std::int32_t(r.below(1080)));
            bson_append_int32(d, "value", -1, std::int32_t(r.below(100))); // shared key, an int here
            bson_t payload;
            bson_append_document_begin(d, "payload", -1, &payload);
            utf8(&payload, "button", r.chance(0.5) ? "left" : "right");
            if (r.chance(0.3))
                bson_append_int32(&payload, "modifiers", -1, std::int32_t(r.below(8)));
            bson_append_document_end(d, &payload);
            if (r.chance(0.5)) {
                bson_t tags;
                bson_append_array_begin(d, "tags", -1, &tags);
                for (std::uint64_t j = 0, k = 1 + r.below(3); j < k; ++j)
                    utf8(&tags, key(j).c_str(), r.pick(kTags));
                bson_append_array_end(d, &tags);
            }
        } else if (kind == "purchase") {
            bson_t items;
            bson_append_array_begin(d, "items", -1, &items);
            std::uint64_t total = 0;
            for (std::uint64_t j = 0, k = 1 + r.below(8); j < k; ++j) {
                bson_t item;
                bson_append_document_begin(&items, key(j).c_str(), -1, &item);
                utf8(&item, "sku", "SKU-" + r.hex(6));
                const std::uint64_t qty = 1 + r.below(4), cents = 99 + r.below(20000);
                bson_append_int32(&item, "qty", -1, std::int32_t(qty));
                decimal(&item, "price", cents);
                if (r.chance(0.2)) {
                    bson_t options; // arrays of arrays inside an array of subdocuments
                    bson_append_array_begin(&item, "options", -1, &options);
                    for (std::uint64_t m = 0, o = 1 + r.below(3); m < o; ++m) {
                        bson_t pair;
                        bson_append_array_begin(&options, key(m).c_str(), -1, &pair);
                        utf8(&pair, "0", r.chance(0.5) ? "colour" : "size");
                        utf8(&pair, "1", r.words(1, 1));
                        bson_append_array_end(&options, &pair);
                    }
                    bson_append_array_end(&item, &options);
                }
                bson_append_document_end(&items, &item);
                total += qty * cents;
            }
            bson_append_array_end(d, &items);
            decimal(d, "total", total);
            utf8(d, "currency", r.chance(0.7) ? "EUR" : "USD");
            if (r.chance(0.5)) {
                bson_t tags;
                bson_append_array_begin(d, "tags", -1, &tags);
                for (std::uint64_t j = 0, k = 1 + r.below(4); j < k; ++j)
                    utf8(&tags, key(j).c_str(), r.pick(kTags));
                bson_append_array_end(d, &tags);
            }
        } else if (kind == "search") {
            utf8(d, "query", r.words(1, 6));
            utf8(d, "value", r.words(1, 2)); // shared key, a string here
            bson_t results; // pages of result ids: an array of arrays
            bson_append_array_begin(d, "results", -1, &results);
            for (std::uint64_t p = 0, pages = r.below(4); p < pages; ++p) {
                bson_t page;
                bson_append_array_begin(&results, key(p).c_str(), -1, &page);
                for (std::uint64_t j = 0, k = 1 + r.below(20); j < k; ++j)
                    bson_append_int64(&page, key(j).c_str(), -1, std::int64_t(r.below(1000000)));
                bson_append_array_end(&results, &page);
            }
            bson_append_array_end(d, &results);
            bson_t payload;
            bson_append_document_begin(d, "payload", -1, &payload);
            utf8(&payload, "engine", r.chance(0.5) ? "lexical" : "vector");
            bson_append_double(&payload, "latencyMs", -1, double(r.below(100000)) / 100.0);
            bson_t filters;
            bson_append_document_begin(&payload, "filters", -1, &filters);
            if (r.chance(0.6))
                utf8(&filters, "category", r.words(1, 1));
            if (r.chance(0.4))
                bson_append_int32(&filters, "maxPrice", -1, std::int32_t(r.below(1000)));
            bson_append_document_end(&payload, &filters);
            bson_append_document_end(d, &payload);
        } else {
            bson_append_int64(d, "durationMs", -1, std::int64_t(r.below(3600000)));
            bson_t pages;
            bson_append_array_begin(d, "pages", -1, &pages);
            for (std::uint64_t j = 0, k = 1 + r.below(12); j < k; ++j)
                utf8(&pages, key(j).c_str(), "/" + r.words(1, 3));
            bson_append_array_end(d, &pages);
            bson_t device;
            bson_append_document_begin(d, "device", -1, &device);
            utf8(&device, "os", r.chance(0.5) ? "android" : "ios");
            utf8(&device, "version", std::to_string(10 + r.below(8)) + "." + std::to_string(r.below(10)));
            bson_append_document_end(d, &device);
            bson_t path; // a polyline: [[x, y], ...]
            bson_append_array_begin(d, "path", -1, &path);
            for (std::uint64_t j = 0, k = r.below(30); j < k; ++j) {
                bson_t point;
                bson_append_array_begin(&path, key(j).c_str(), -1, &point);
                bson_append_double(&point, "0", -1, double(r.below(1920)));
                bson_append_double(&point, "1", -1, double(r.below(1080)));
                bson_append_array_end(&path, &point);
            }
            bson_append_array_end(d, &path);
        }
        w.add(d);
    }
    return w.take();
}

BsonCollection dynamicKeys(std::uint64_t n, std::uint32_t seed) {
    Random r(seed);
    Writer w("devices");
    for (std::uint64_t i = 0; i < n; ++i) {
        bson_t *d = bson_new();
        oid(d, "_id", 1710000000, i);
        utf8(d, "name", "device-" + std::to_string(i));
        bson_t sessions; // keyed by hex ids
        bson_append_document_begin(d, "sessions", -1, &sessions);
        for (std::uint64_t j = 0, k = r.below(6); j < k; ++j) {
            bson_t s;
            bson_append_document_begin(&sessions, r.hex(24).c_str(), -1, &s);
            bson_append_int32(&s, "seconds", -1, std::int32_t(r.below(5000)));
            utf8(&s, "ip", std::to_string(r.below(256)) + ".0.0." + std::to_string(r.below(256)));
            bson_append_document_end(&sessions, &s);
        }
        bson_append_document_end(d, &sessions);
        bson_t owners; // keyed by UUIDs, string values
        bson_append_document_begin(d, "owners", -1, &owners);
        for (std::uint64_t j = 0, k = 1 + r.below(3); j < k; ++j)
            utf8(&owners, r.uuid().c_str(), r.chance(0.5) ? "admin" : "viewer");
        bson_append_document_end(d, &owners);
        bson_t daily; // keyed by ISO days, each a map of hours to counts
        bson_append_document_begin(d, "daily", -1, &daily);
        const std::int64_t first = std::int64_t(r.below(1000));
        for (std::uint64_t j = 0, k = r.below(8); j < k; ++j) {
            bson_t hours;
            bson_append_document_begin(&daily, isoDay(first + std::int64_t(j)).c_str(), -1, &hours);
            for (std::uint64_t h = 0; h < 24; ++h)
                if (r.chance(0.3))
                    bson_append_int32(&hours, std::to_string(h).c_str(), -1, std::int32_t(r.below(500)));
            bson_append_document_end(&daily, &hours);
        }
        bson_append_document_end(d, &daily);
        w.add(d);
    }
    return w.take();
}

BsonCollection nestedMaps(std::uint64_t n, std::uint32_t seed) {
    Random r(seed);
    Writer w("sensors");
    for (std::uint64_t i = 0; i < n; ++i) {
        bson_t *d = bson_new();
        oid(d, "_id", 1720000000, i);
        utf8(d, "site", "site-" + std::to_string(r.below(40)));
        bson_t meta, tags;
        bson_append_document_begin(d, "meta", -1, &meta);
        utf8(&meta, "owner", r.words(1, 2));
        bson_append_document_begin(&meta, "tags", -1, &tags);
        for (std::uint64_t j = 0, k = r.below(4); j < k; ++j)
            utf8(&tags, r.uuid().c_str(), r.words(1, 1));
        bson_append_document_end(&meta, &tags);
        bson_append_document_end(d, &meta);
        bson_t readings;
        bson_append_array_begin(d, "readings", -1, &readings);
        for (std::uint64_t j = 0, k = 1 + r.below(3); j < k; ++j) {
            bson_t reading, values;
            bson_append_document_begin(&readings, std::to_string(j).c_str(), -1, &reading);
            utf8(&reading, "sensor", "s" + std::to_string(r.below(100)));
            bson_append_document_begin(&reading, "values", -1, &values);
            const std::int64_t day = std::int64_t(r.below(500));
            for (std::uint64_t v = 0, m = r.below(6); v < m; ++v) {
                const std::string at = isoDay(day) + "T" + (v < 10 ? "0" : "") + std::to_string(v) + ":00:00";
                bson_append_double(&values, at.c_str(), -1, double(r.below(10000)) / 100);
            }
            bson_append_document_end(&reading, &values);
            bson_append_document_end(&readings, &reading);
        }
        bson_append_array_end(d, &readings);
        bson_t counters;
        bson_append_document_begin(d, "counters", -1, &counters);
        for (std::uint64_t j = 0, k = r.below(3); j < k; ++j) {
            bson_t inner;
            bson_append_document_begin(&counters, std::to_string(1000 + j * 7).c_str(), -1, &inner);
            for (std::uint64_t v = 0, m = 1 + r.below(2); v < m; ++v)
                bson_append_int32(&inner, r.hex(16).c_str(), -1, std::int32_t(r.below(100)));
            bson_append_document_end(&counters, &inner);
        }
        bson_append_document_end(d, &counters);
        w.add(d);
    }
    return w.take();
}

BsonCollection attributeKeys(std::uint64_t n, std::uint32_t seed) {
    static const char *kStems[] = {"color", "size", "material", "voltage", "finish", "grade", "pattern", "fit",
                                   "style", "origin", "scent", "flavor"};
    static const char *kValues[] = {"blue", "large", "steel", "110V", "matte", "A", "striped", "slim", "retro", "EU"};
    Random r(seed);
    Writer w("catalog");
    for (std::uint64_t i = 0; i < n; ++i) {
        bson_t *d = bson_new();
        oid(d, "_id", 1730000000, i);
        utf8(d, "name", r.words(1, 3));
        bson_t attributes, specs;
        bson_append_document_begin(d, "attributes", -1, &attributes);
        const std::uint64_t k = 2 + r.below(5);
        const std::uint64_t first = r.below(120);
        for (std::uint64_t j = 0; j < k; ++j) {
            const std::uint64_t a = (first + j * 17) % 120; // distinct within a product
            const std::string name = std::string(kStems[a % 12]) + "_" + std::string(1, char('a' + a / 12));
            utf8(&attributes, name.c_str(), r.pick(kValues));
        }
        bson_append_document_end(d, &attributes);
        bson_append_document_begin(d, "specs", -1, &specs);
        bson_append_int32(&specs, "weight", -1, std::int32_t(r.below(5000)));
        bson_append_int32(&specs, "width", -1, std::int32_t(r.below(300)));
        bson_append_int32(&specs, "height", -1, std::int32_t(r.below(300)));
        bson_append_document_end(d, &specs);
        w.add(d);
    }
    return w.take();
}

BsonCollection shopProducts(std::uint64_t n, std::uint32_t seed) {
    Random r(seed);
    Writer w("products");
    for (std::uint64_t i = 0; i < n; ++i) {
        bson_t *d = bson_new();
        oid(d, "_id", 1690000000, i);
        utf8(d, "sku", "P-" + std::to_string(100000 + i * 7));
        bson_append_int32(d, "productNo", -1, std::int32_t(70000 + i * 3));
        bson_append_int32(d, "rank", -1, std::int32_t(1 + i)); // unique, 1 to n
        utf8(d, "title", r.words(1, 4));
        bson_append_int32(d, "stock", -1, std::int32_t(r.below(10)));
        w.add(d);
    }
    return w.take();
}

BsonCollection shopOrders(std::uint64_t n, std::uint64_t products, std::uint32_t seed) {
    Random r(seed);
    Writer w("orders");
    for (std::uint64_t i = 0; i < n; ++i) {
        bson_t *d = bson_new();
        oid(d, "_id", 1695000000, i);
        const std::uint64_t p = r.below(products);
        utf8(d, "sku", "P-" + std::to_string(100000 + p * 7));
        bson_append_int32(d, "productNo", -1, std::int32_t(70000 + p * 3));
        bson_append_int32(d, "quantity", -1, std::int32_t(1 + r.below(9))); // within products.rank by chance
        bson_append_int32(d, "points", -1, std::int32_t(r.below(1000)));      // over all of products.rank by chance
        bson_t lines;
        bson_append_array_begin(d, "related", -1, &lines); // array of ints -> products.productNo
        for (std::uint64_t j = 0, k = r.below(4); j < k; ++j)
            bson_append_int32(&lines, std::to_string(j).c_str(), -1, std::int32_t(70000 + r.below(products) * 3));
        bson_append_array_end(d, &lines);
        w.add(d);
    }
    return w.take();
}

namespace {

void doubles(bson_t *doc, const char *key, std::initializer_list<double> values) {
    bson_t list;
    bson_append_array_begin(doc, key, -1, &list);
    std::size_t j = 0;
    for (double v : values)
        bson_append_double(&list, std::to_string(j++).c_str(), -1, v);
    bson_append_array_end(doc, &list);
}

// A GeoJSON Point as MongoDB's sample data stores one; `exact` adds the key
// sample_airbnb keeps beside the coordinates.
void point(bson_t *doc, const char *key, double lng, double lat, const bool *exact = nullptr) {
    bson_t geo;
    bson_append_document_begin(doc, key, -1, &geo);
    utf8(&geo, "type", "Point");
    doubles(&geo, "coordinates", {lng, lat});
    if (exact)
        bson_append_bool(&geo, "is_location_exact", -1, *exact);
    bson_append_document_end(doc, &geo);
}

// Degrees with the six decimals of the sample data sets.
double degrees(Random &r, double from, double span) { return from + double(r.below(std::uint64_t(span * 1e6))) / 1e6; }

std::string base64(const std::vector<std::uint8_t> &bytes) {
    static const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::uint32_t n = std::uint32_t(bytes[i]) << 16 | (i + 1 < bytes.size() ? bytes[i + 1] << 8 : 0) |
                                (i + 2 < bytes.size() ? bytes[i + 2] : 0);
        out += kAlphabet[n >> 18 & 63];
        out += kAlphabet[n >> 12 & 63];
        out += i + 1 < bytes.size() ? kAlphabet[n >> 6 & 63] : '=';
        out += i + 2 < bytes.size() ? kAlphabet[n & 63] : '=';
    }
    return out;
}

const char *kStreets[] = {"Morris Park Ave", "Flatbush Avenue", "Stillwell Avenue", "Lexington Avenue", "Nostrand Ave"};
const char *kBoroughs[] = {"Bronx", "Brooklyn", "Manhattan", "Queens", "Staten Island"};
const char *kCuisines[] = {"Bakery", "Hamburgers", "Irish", "American", "Jewish/Kosher", "Delicatessen", "Chinese"};
const char *kCities[] = {"Bloomington", "Minneapolis", "Saint Paul", "Porto", "Barcelona", "Sydney", "Montreal"};
const char *kStates[] = {"MN", "CA", "NY", "TX", "WA"};
const char *kEventTypes[] = {"PushEvent", "CreateEvent", "WatchEvent", "IssuesEvent", "ForkEvent"};
const char *kLogins[] = {"petroav", "octocat", "mojombo", "defunkt", "pjhyett", "wycats", "ezmobius"};

} // namespace

BsonCollection restaurants(std::uint64_t n, std::uint32_t seed) {
    Random r(seed);
    Writer w("restaurants");
    for (std::uint64_t i = 0; i < n; ++i) {
        bson_t *d = bson_new();
        oid(d, "_id", 1420000000, i);
        bson_t address, grades;
        bson_append_document_begin(d, "address", -1, &address);
        utf8(&address, "building", std::to_string(1 + r.below(9999)));
        doubles(&address, "coord", {degrees(r, -74.2, 0.5), degrees(r, 40.5, 0.4)});
        utf8(&address, "street", r.pick(kStreets));
        utf8(&address, "zipcode", std::to_string(10001 + r.below(1000)));
        bson_append_document_end(d, &address);
        utf8(d, "borough", r.pick(kBoroughs));
        utf8(d, "cuisine", r.pick(kCuisines));
        bson_append_array_begin(d, "grades", -1, &grades);
        for (std::uint64_t j = 0, k = 1 + r.below(5); j < k; ++j) {
            bson_t g;
            bson_append_document_begin(&grades, std::to_string(j).c_str(), -1, &g);
            bson_append_date_time(&g, "date", -1, 1300000000000LL + std::int64_t(r.below(100000000)) * 1000);
            utf8(&g, "grade", r.chance(0.8) ? "A" : "B");
            bson_append_int32(&g, "score", -1, std::int32_t(r.below(30)));
            bson_append_document_end(&grades, &g);
        }
        bson_append_array_end(d, &grades);
        utf8(d, "name", r.words(2, 4));
        utf8(d, "restaurant_id", std::to_string(30075445 + i * 13));
        w.add(d);
    }
    return w.take();
}

BsonCollection theaters(std::uint64_t n, std::uint32_t seed) {
    Random r(seed);
    Writer w("theaters");
    for (std::uint64_t i = 0; i < n; ++i) {
        bson_t *d = bson_new();
        oid(d, "_id", 1450000000, i);
        bson_append_int32(d, "theaterId", -1, std::int32_t(1000 + i));
        bson_t location, address;
        bson_append_document_begin(d, "location", -1, &location);
        bson_append_document_begin(&location, "address", -1, &address);
        utf8(&address, "street1", std::to_string(100 + r.below(9000)) + " " + r.pick(kStreets));
        utf8(&address, "city", r.pick(kCities));
        utf8(&address, "state", r.pick(kStates));
        utf8(&address, "zipcode", std::to_string(55000 + r.below(900)));
        bson_append_document_end(&location, &address);
        point(&location, "geo", degrees(r, -123, 50), degrees(r, 25, 23));
        bson_append_document_end(d, &location);
        w.add(d);
    }
    return w.take();
}

BsonCollection theaterListings(std::uint64_t n, std::uint32_t seed) {
    Random r(seed);
    Writer w("listings");
    for (std::uint64_t i = 0; i < n; ++i) {
        bson_t *d = bson_new();
        oid(d, "_id", 1460000000, i);
        bson_append_int32(d, "theaterId", -1, std::int32_t(1000 + i)); // as theaters(n) numbers them
        utf8(d, "film", r.words(1, 4));
        bson_append_int32(d, "seats", -1, std::int32_t(40 + r.below(300)));
        w.add(d);
    }
    return w.take();
}

BsonCollection airbnbListings(std::uint64_t n, bool pricesAsDoubles, std::uint32_t seed) {
    Random r(seed);
    Writer w("listingsAndReviews");
    auto money = [&](bson_t *doc, const char *key, std::uint64_t cents) {
        if (pricesAsDoubles)
            bson_append_double(doc, key, -1, double(cents) / 100);
        else
            decimal(doc, key, cents);
    };
    for (std::uint64_t i = 0; i < n; ++i) {
        bson_t *d = bson_new();
        utf8(d, "_id", std::to_string(10006546 + i * 17));
        utf8(d, "listing_url", "https://www.airbnb.com/rooms/" + std::to_string(10006546 + i * 17));
        utf8(d, "name", r.words(2, 5));
        utf8(d, "summary", r.words(8, 30));
        utf8(d, "property_type", r.chance(0.7) ? "Apartment" : "House");
        bson_append_date_time(d, "last_scraped", -1, 1550000000000LL + std::int64_t(r.below(86400)) * 1000);
        bson_append_int32(d, "accommodates", -1, std::int32_t(1 + r.below(8)));
        decimal(d, "bathrooms", 100 * (1 + r.below(3)));
        money(d, "price", 2000 + 100 * r.below(300) + (r.chance(0.3) ? 50 : 0));
        if (r.chance(0.6))
            money(d, "cleaning_fee", 500 + 100 * r.below(60));
        money(d, "extra_people", 100 * r.below(30));
        bson_t host, address;
        bson_append_document_begin(d, "host", -1, &host);
        utf8(&host, "host_id", std::to_string(51399391 + r.below(1000000)));
        utf8(&host, "host_name", r.pick(kLogins));
        bson_append_document_end(d, &host);
        bson_append_document_begin(d, "address", -1, &address);
        utf8(&address, "street", std::string(r.pick(kCities)) + ", Portugal");
        utf8(&address, "country", "Portugal");
        const bool exact = r.chance(0.5);
        point(&address, "location", degrees(r, -9, 1), degrees(r, 41, 0.5), &exact);
        bson_append_document_end(d, &address);
        w.add(d);
    }
    return w.take();
}

BsonCollection githubEvents(std::uint64_t n, std::uint32_t seed) {
    Random r(seed);
    Writer w("events");
    for (std::uint64_t i = 0; i < n; ++i) {
        bson_t *d = bson_new();
        utf8(d, "id", std::to_string(2489651045ULL + i));
        utf8(d, "type", r.pick(kEventTypes));
        bson_t actor, repo, payload, commits;
        bson_append_document_begin(d, "actor", -1, &actor);
        bson_append_int32(&actor, "id", -1, std::int32_t(665991 + r.below(100000)));
        utf8(&actor, "login", std::string(r.pick(kLogins)) + std::to_string(r.below(100)));
        utf8(&actor, "gravatar_id", r.hex(32));
        bson_append_document_end(d, &actor);
        bson_append_document_begin(d, "repo", -1, &repo);
        bson_append_int32(&repo, "id", -1, std::int32_t(28688495 + r.below(100000)));
        utf8(&repo, "name", std::string(r.pick(kLogins)) + "/" + r.pick(kLogins));
        bson_append_document_end(d, &repo);
        bson_append_document_begin(d, "payload", -1, &payload);
        utf8(&payload, "ref", "refs/heads/master");
        utf8(&payload, "head", r.hex(40));
        bson_append_array_begin(&payload, "commits", -1, &commits);
        for (std::uint64_t j = 0, k = 1 + r.below(3); j < k; ++j) {
            bson_t c;
            bson_append_document_begin(&commits, std::to_string(j).c_str(), -1, &c);
            utf8(&c, "sha", r.hex(40));
            utf8(&c, "message", r.words(2, 8));
            bson_append_bool(&c, "distinct", -1, true);
            bson_append_document_end(&commits, &c);
        }
        bson_append_array_end(&payload, &commits);
        bson_append_document_end(d, &payload);
        bson_append_bool(d, "public", -1, true);
        char when[32];
        const std::time_t t = std::time_t(1420124400 + std::int64_t(r.below(86400 * 30)));
        std::tm tm{};
        gmtime_r(&t, &tm);
        std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
        utf8(d, "created_at", when);
        w.add(d);
    }
    return w.take();
}

BsonCollection stripeCharges(std::uint64_t n, std::uint32_t seed) {
    Random r(seed);
    Writer w("charges");
    for (std::uint64_t i = 0; i < n; ++i) {
        bson_t *d = bson_new();
        utf8(d, "id", "ch_3MmlLrLkdIwHu7ix0" + r.hex(6));
        utf8(d, "object", "charge");
        bson_append_int64(d, "amount", -1, std::int64_t(100 + r.below(100000)));
        bson_append_int64(d, "amount_refunded", -1, 0);
        bson_append_int64(d, "created", -1, std::int64_t(1679090539 + r.below(86400 * 90)));
        utf8(d, "currency", r.chance(0.8) ? "usd" : "eur");
        utf8(d, "balance_transaction", "txn_3MmlLrLkdIwHu7ix0" + r.hex(6));
        utf8(d, "receipt_url", "https://pay.stripe.com/receipts/acct_1M2JTkLkdIwHu7ix/ch_" + r.hex(12));
        bson_t card;
        bson_append_document_begin(d, "card", -1, &card);
        utf8(&card, "brand", r.chance(0.7) ? "visa" : "mastercard");
        bson_append_int32(&card, "exp_month", -1, std::int32_t(1 + r.below(12)));
        bson_append_int32(&card, "exp_year", -1, std::int32_t(2024 + r.below(6)));
        // A card fingerprint: 16 characters of base64's alphabet, an id, not bytes to decode.
        std::vector<std::uint8_t> print(12);
        for (auto &b : print)
            b = std::uint8_t(r.below(256));
        utf8(&card, "fingerprint", base64(print).substr(0, 16));
        utf8(&card, "last4", std::to_string(1000 + r.below(9000)));
        bson_append_document_end(d, &card);
        // A receipt's PDF thumbnail, base64 as JSON APIs send bytes.
        std::vector<std::uint8_t> thumbnail(30 + r.below(60));
        for (auto &b : thumbnail)
            b = std::uint8_t(r.below(256));
        utf8(d, "receipt_thumbnail", base64(thumbnail));
        bson_append_int64(d, "updated_ms", -1, std::int64_t(1679090539000LL + std::int64_t(r.below(86400000))));
        w.add(d);
    }
    return w.take();
}

} // namespace docshape::test
