// Throughput of the $jsonSchema evaluator on order-shaped documents, single
// thread: the figure behind DESIGN.md's "Validation preview" on large imports.
//
//   bench_validate [count]     (default 100000)
//
// Prints documents per second for: validating BSON against the compiled
// schema (matches), the same with explanations (validate), and the full path
// from Extended JSON text (parse + validate), as `docshape-cli validate` does.

#include "validate/ExtendedJson.h"
#include "validate/JsonSchema.h"

#include "derive/DeriveCollections.h"
#include "export/ExtendedJson.h"
#include "export/ValidatorExporter.h"
#include "io/ProjectFile.h"
#include "sample/SampleGenerator.h"

#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using docshape::validate::BsonDocument;
using docshape::validate::ExtendedJsonParser;
using docshape::validate::JsonSchema;

namespace {

const char *kOrderValidator = R"({"validator": {"$jsonSchema": {
  "bsonType": "object",
  "title": "orders",
  "required": ["_id", "orderNumber", "customer", "status", "items", "totalMinor", "createdAt"],
  "additionalProperties": false,
  "properties": {
    "_id": {"bsonType": "objectId"},
    "orderNumber": {"bsonType": "string", "pattern": "^ORD-[0-9]{6}$"},
    "customer": {
      "bsonType": "object",
      "description": "snapshot of the customer at order time",
      "required": ["customerId", "name", "email"],
      "additionalProperties": false,
      "properties": {
        "customerId": {"bsonType": "objectId"},
        "name": {"bsonType": "string", "minLength": 1, "maxLength": 200},
        "email": {"bsonType": "string", "pattern": "^[^@\\s]+@[^@\\s]+\\.[a-z]+$"}
      }
    },
    "status": {"enum": ["pending", "paid", "shipped", "delivered", "cancelled"]},
    "items": {
      "bsonType": "array",
      "minItems": 1,
      "maxItems": 100,
      "items": {
        "bsonType": "object",
        "required": ["productId", "name", "quantity", "priceMinor"],
        "additionalProperties": false,
        "properties": {
          "productId": {"bsonType": "objectId"},
          "name": {"bsonType": "string", "minLength": 1, "maxLength": 200},
          "quantity": {"bsonType": "int", "minimum": 1, "maximum": 1000},
          "priceMinor": {"bsonType": ["int", "long"], "minimum": 0}
        }
      }
    },
    "totalMinor": {"bsonType": "long", "minimum": 0},
    "createdAt": {"bsonType": "date"},
    "updatedAt": {"bsonType": "date"}
  }
}}})";

const char *kStatuses[] = {"pending", "paid", "shipped", "delivered", "cancelled"};
const char *kNames[] = {"Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra",
                        "Barbara Liskov", "Donald Knuth"};
const char *kProducts[] = {"Widget", "Gadget", "Gizmo", "Sprocket", "Flux capacitor",
                           "Thingamajig"};

std::string oid(std::mt19937_64 &rng) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%024llx",
                  static_cast<unsigned long long>(rng()) & 0xffffffffffffffffULL);
    std::string s(buf);
    return s.substr(s.size() - 24);
}

std::string makeOrder(size_t i, std::mt19937_64 &rng) {
    std::uniform_int_distribution<int> itemCount(1, 5), qty(1, 9), name(0, 5), status(0, 4);
    std::uniform_int_distribution<long> price(99, 99999);
    const int n = itemCount(rng);
    long total = 0;
    std::string items;
    for (int k = 0; k < n; ++k) {
        const int q = qty(rng);
        const long p = price(rng);
        total += q * p;
        if (k)
            items += ",";
        items += R"({"productId":{"$oid":")" + oid(rng) + R"("},"name":")" + kProducts[name(rng)] +
                 R"(","quantity":{"$numberInt":")" + std::to_string(q) +
                 R"("},"priceMinor":{"$numberLong":")" + std::to_string(p) + "\"}}";
    }
    char number[16];
    std::snprintf(number, sizeof number, "ORD-%06zu", i % 1000000);
    const int who = name(rng);
    std::string email = std::string(kNames[who]).substr(0, 3) + std::to_string(i) + "@example.com";
    for (char &c : email)
        if (c == ' ')
            c = '.';
    const long long created = 1700000000000LL + static_cast<long long>(i) * 60000;
    return R"({"_id":{"$oid":")" + oid(rng) + R"("},"orderNumber":")" + number +
           R"(","customer":{"customerId":{"$oid":")" + oid(rng) + R"("},"name":")" +
           kNames[who] + R"(","email":")" + email + R"("},"status":")" + kStatuses[status(rng)] +
           R"(","items":[)" + items + R"(],"totalMinor":{"$numberLong":")" +
           std::to_string(total) + R"("},"createdAt":{"$date":{"$numberLong":")" +
           std::to_string(created) + R"("}},"updatedAt":{"$date":{"$numberLong":")" +
           std::to_string(created + 3600000) + R"("}}})";
}

// CPU time of this thread: the machine running the benchmark may be shared,
// and the figure wanted is what one core does.
struct Clock {
    static double now() {
        timespec ts;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
    }
};
double seconds(double start) { return Clock::now() - start; }

// The issue's own measure: the order example's exported validator over the
// sampler's typical orders, as BSON. Returns false when the example cannot
// be read (run from the repository root, or pass its path).
bool benchExampleValidator(const std::string &examplePath, std::size_t count) {
    using namespace docshape;
    auto project = loadProject(examplePath);
    if (!project) {
        std::fprintf(stderr, "%s: %s\n", examplePath.c_str(), project.error().toString().c_str());
        return false;
    }
    const Derived derived = deriveCollections(*project);
    const CollectionShape *orders = nullptr;
    for (const auto &c : derived.collections)
        if (c.name == "orders")
            orders = &c;
    if (!orders) {
        std::fprintf(stderr, "%s has no orders collection\n", examplePath.c_str());
        return false;
    }
    auto validator = validatorFor(*project, *orders);
    if (!validator) {
        std::fprintf(stderr, "export failed: %s\n", validator.error().toString().c_str());
        return false;
    }
    auto schema = JsonSchema::compileJson(exportJsonText(*validator));
    if (!schema) {
        std::fprintf(stderr, "exported validator refused: %s\n", schema.error().toString().c_str());
        return false;
    }
    SampleGenerator generator(*orders, 42);
    std::vector<uint8_t> dump;
    for (std::size_t i = 0; i < count; ++i) {
        auto doc = generator.next(SampleShape::Typical);
        if (!doc)
            return false;
        dump.insert(dump.end(), doc->bson.begin(), doc->bson.end());
    }
    constexpr int kRounds = 5;
    std::size_t valid = 0;
    const double start = Clock::now();
    for (int r = 0; r < kRounds; ++r)
        for (std::size_t off = 0; off < dump.size();) {
            uint32_t len;
            std::memcpy(&len, dump.data() + off, 4);
            valid += schema->matches(dump.data() + off, len);
            off += len;
        }
    const double secs = seconds(start) / kRounds;
    if (valid != count * kRounds) {
        std::fprintf(stderr, "expected every sample order to be valid: %zu of %zu\n", valid / kRounds, count);
        return false;
    }
    const double rate = double(count) / secs;
    std::printf("order example's validator over %zu sampled orders (%.0f bytes of BSON on average):\n"
                "validate BSON (matches):        %12.0f docs/sec   (target 500,000: %s)\n",
                count, double(dump.size()) / double(count), rate, rate >= 500000 ? "ok" : "OVER");
    return true;
}

} // namespace

int main(int argc, char **argv) {
    const size_t count = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 100000;
    auto schema = JsonSchema::compileJson(kOrderValidator);
    if (!schema) {
        std::fprintf(stderr, "schema refused: %s\n", schema.error().message.c_str());
        return 1;
    }

    std::mt19937_64 rng(42);
    std::vector<std::string> texts;
    texts.reserve(count);
    size_t bytes = 0;
    for (size_t i = 0; i < count; ++i) {
        texts.push_back(makeOrder(i, rng));
        bytes += texts.back().size();
    }

    ExtendedJsonParser parser;
    std::vector<BsonDocument> docs(count);
    double parseStart = Clock::now();
    for (size_t i = 0; i < count; ++i)
        if (!parser.parseInto(texts[i], docs[i].get()).ok()) {
            std::fprintf(stderr, "document %zu does not parse\n", i);
            return 1;
        }
    const double parseSecs = seconds(parseStart);

    // The documents end to end in one buffer, as in a mongodump .bson file.
    std::vector<uint8_t> dump;
    for (const BsonDocument &d : docs)
        dump.insert(dump.end(), d.data(), d.data() + d.size());
    auto forEach = [&](auto &&fn) {
        for (size_t off = 0; off < dump.size();) {
            uint32_t len;
            std::memcpy(&len, dump.data() + off, 4);
            fn(dump.data() + off, len);
            off += len;
        }
    };

    // Repeat the BSON passes so the timing is not dominated by one cold run.
    constexpr int kRounds = 5;
    size_t valid = 0;
    double start = Clock::now();
    for (int r = 0; r < kRounds; ++r)
        forEach([&](const uint8_t *p, uint32_t len) { valid += schema->matches(p, len); });
    const double matchSecs = seconds(start) / kRounds;
    valid /= kRounds;

    size_t explainedValid = 0;
    start = Clock::now();
    forEach([&](const uint8_t *p, uint32_t len) { explainedValid += schema->validate(p, len).valid; });
    const double validateSecs = seconds(start);

    size_t endToEndValid = 0;
    BsonDocument scratch;
    start = Clock::now();
    for (const std::string &t : texts) {
        if (parser.parseInto(t, scratch.get()).ok())
            endToEndValid += schema->matches(scratch.get());
    }
    const double endToEndSecs = seconds(start);

    if (valid != count || explainedValid != count || endToEndValid != count) {
        std::fprintf(stderr, "expected every generated order to be valid: %zu/%zu/%zu of %zu\n",
                     valid, explainedValid, endToEndValid, count);
        return 1;
    }
    std::printf("one thread, CPU time; single core figures\n");
    std::printf("documents: %zu order documents, %.0f bytes of Extended JSON on average\n", count,
                double(bytes) / double(count));
    std::printf("validate BSON (matches):        %12.0f docs/sec\n", double(count) / matchSecs);
    std::printf("validate BSON (validate):       %12.0f docs/sec\n", double(count) / validateSecs);
    std::printf("parse Extended JSON only:       %12.0f docs/sec (%.0f MB/s)\n",
                double(count) / parseSecs, double(bytes) / parseSecs / 1e6);
    std::printf("parse + validate (end to end):  %12.0f docs/sec\n", double(count) / endToEndSecs);
    const std::string example = argc > 2 ? argv[2] : "resources/examples/order-aggregate.docshape";
    return benchExampleValidator(example, count) ? 0 : 1;
}
