// Import benchmark (issues 19 and 35), side by side in one run, on two
// corpora: 100,000 orders of ../shared/tools/gen-orders.js (canonical
// Extended JSON), and 100,000 polymorphic events (a `kind` discriminator,
// variants sharing keys with other types, nested arrays: the generator of
// the import tests, tests/model/import/DataSets.cpp, written as .bson by
// libbson and as canonical Extended JSON by libbson). Each is inferred by
// DocShape and by mongodb-schema (what Compass uses, full parse and
// inference, bench/import/mongodb-schema.js), the same documents as a .bson
// file too; then the peak memory (max RSS, /usr/bin/time -v) of
// docshape-cli infer on a 2 GB file of each kind and corpus. Budgets: 20
// times mongodb-schema's speed on each corpus, 300 MB/s of BSON (orders),
// 200 MB.
//
// Needs node and `npm ci` in bench/import for the documents and the
// comparison; without them it samples the order example instead and says so.
#include "DataSets.h"
#include "import/Importer.h"

#include <bson/bson.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using docshape::import::Importer;

namespace {

const std::string kSource = DOCSHAPE_SOURCE_DIR;
// ../shared beside the repository, or where DOCSHAPE_SHARED_DIR says (a worktree elsewhere).
const std::string kShared = std::getenv("DOCSHAPE_SHARED_DIR") ? std::getenv("DOCSHAPE_SHARED_DIR") : kSource + "/../shared";
const std::string kCli = DOCSHAPE_CLI_PATH;
constexpr int kDocuments = 100000;

std::string shell(const std::string &command, int *status = nullptr) {
    std::string out;
    if (FILE *p = popen(command.c_str(), "r")) {
        char buf[4096];
        while (std::size_t n = fread(buf, 1, sizeof buf, p))
            out.append(buf, n);
        const int rc = pclose(p);
        if (status)
            *status = rc;
    }
    return out;
}

struct Timing {
    double seconds = 0;    // wall
    double cpuSeconds = 0; // this thread's CPU time: what the code costs when the host is shared
    std::uint64_t documents = 0;
    std::uint64_t inputBytes = 0;
};

double threadCpu() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

Timing infer(const std::string &path) {
    const double cpu = threadCpu();
    Importer importer;
    if (!importer.addPath(path).ok())
        std::exit(2);
    auto result = importer.run();
    if (!result) {
        std::cerr << result.error().toString() << '\n';
        std::exit(2);
    }
    return {result->summary.seconds, threadCpu() - cpu, result->summary.documents, result->summary.inputBytes};
}

Timing best(const std::string &path, int runs) {
    Timing t = infer(path);
    for (int i = 1; i < runs; ++i) {
        Timing u = infer(path);
        if (u.seconds < t.seconds)
            t.seconds = u.seconds;
        if (u.cpuSeconds < t.cpuSeconds)
            t.cpuSeconds = u.cpuSeconds;
    }
    return t;
}

std::uint64_t maxRssKiB(const std::string &file) {
    const std::string out = shell("/usr/bin/time -v '" + kCli + "' infer '" + file + "' --out '" + file +
                                  ".docshape' 2>&1 >/dev/null");
    const auto at = out.find("Maximum resident set size (kbytes): ");
    return at == std::string::npos ? 0 : std::stoull(out.substr(at + 36));
}

void repeatInto(const std::string &from, const std::string &to, std::uint64_t bytes) {
    std::ifstream in(from, std::ios::binary);
    const std::string chunk((std::istreambuf_iterator<char>(in)), {});
    std::ofstream out(to, std::ios::binary);
    for (std::uint64_t written = 0; written < bytes; written += chunk.size())
        out << chunk;
}

// The documents of a .bson file, one canonical Extended JSON line each, as
// mongoexport --jsonFormat=canonical writes them.
bool bsonToJsonLines(const std::string &from, const std::string &to) {
    bson_error_t error;
    bson_reader_t *reader = bson_reader_new_from_file(from.c_str(), &error);
    if (!reader)
        return false;
    std::ofstream out(to, std::ios::binary);
    bool eof = false;
    while (const bson_t *doc = bson_reader_read(reader, &eof)) {
        std::size_t length = 0;
        char *json = bson_as_canonical_extended_json(doc, &length);
        out.write(json, std::streamsize(length)) << '\n';
        bson_free(json);
    }
    bson_reader_destroy(reader);
    return eof;
}

bool jsonLinesToBson(const std::string &from, const std::string &to) {
    std::ifstream in(from);
    std::ofstream out(to, std::ios::binary);
    std::string line;
    while (std::getline(in, line)) {
        bson_error_t error;
        bson_t doc;
        if (!bson_init_from_json(&doc, line.c_str(), -1, &error))
            return false;
        out.write(reinterpret_cast<const char *>(bson_get_data(&doc)), doc.len);
        bson_destroy(&doc);
    }
    return true;
}

struct Corpus {
    std::string name, jsonl, bson;
};

} // namespace

int main() {
    const fs::path dir = fs::temp_directory_path() / "docshape-bench-import";
    fs::create_directories(dir);
    const Corpus orders{"orders", (dir / "orders.jsonl").string(), (dir / "orders.bson").string()};
    const Corpus events{"polymorphic events", (dir / "events.jsonl").string(), (dir / "events.bson").string()};
    const std::string modules = kSource + "/bench/import/node_modules";
    const bool node = std::system("node --version > /dev/null 2>&1") == 0 && fs::exists(modules + "/bson") &&
                      fs::exists(modules + "/mongodb-schema") && fs::exists(kShared + "/tools/gen-orders.js");
    if (node) {
        shell("NODE_PATH='" + modules + "' node '" + kShared + "/tools/gen-orders.js' " +
              std::to_string(kDocuments) + " > '" + orders.jsonl + "'");
    } else {
        std::cout << "node, bench/import/node_modules (cd bench/import && npm ci) or ../shared/tools/gen-orders.js "
                     "missing: sampling the order example instead, without mongodb-schema\n";
        shell("'" + kCli + "' sample '" + kSource + "/resources/examples/order-aggregate.docshape' --collection orders "
              "--count " + std::to_string(kDocuments) + " > '" + orders.jsonl + "'");
    }
    if (!fs::exists(orders.jsonl) || fs::file_size(orders.jsonl) == 0) {
        std::cerr << "no documents were generated in " << orders.jsonl << '\n';
        return 2;
    }
    if (!jsonLinesToBson(orders.jsonl, orders.bson))
        return 2;
    {
        const docshape::test::BsonCollection generated = docshape::test::polymorphicEvents(kDocuments);
        std::ofstream(events.bson, std::ios::binary)
            .write(reinterpret_cast<const char *>(generated.bytes.data()), std::streamsize(generated.bytes.size()));
    }
    if (!bsonToJsonLines(events.bson, events.jsonl))
        return 2;

    auto mb = [](const Timing &t, double seconds) { return double(t.inputBytes) / 1e6 / seconds; };
    std::printf("best of 5 runs; wall time, and CPU time (what the code costs when others share the host)\n");
    std::printf("%-48s %9s %7s %9s %9s %8s %8s\n", "input", "documents", "MB", "wall s", "CPU s", "MB/s", "MB/s CPU");
    bool met = true;
    std::string ratios;
    for (const Corpus *corpus : {&orders, &events}) {
        const Timing json = best(corpus->jsonl, 5);
        const Timing bson = best(corpus->bson, 5);
        const std::string name = corpus->name;
        std::printf("%-48s %9llu %7.1f %9.3f %9.3f %8.0f %8.0f\n", (name + ", Extended JSON, DocShape").c_str(),
                    (unsigned long long)json.documents, json.inputBytes / 1e6, json.seconds, json.cpuSeconds,
                    mb(json, json.seconds), mb(json, json.cpuSeconds));
        std::printf("%-48s %9llu %7.1f %9.3f %9.3f %8.0f %8.0f", (name + ", .bson, DocShape").c_str(),
                    (unsigned long long)bson.documents, bson.inputBytes / 1e6, bson.seconds, bson.cpuSeconds,
                    mb(bson, bson.seconds), mb(bson, bson.cpuSeconds));
        // The 300 MB/s budget is the orders' (issue 19); the events are here for the ratio.
        if (corpus == &orders) {
            std::printf("   budget >= 300 MB/s: %s", mb(bson, bson.seconds) >= 300 ? "met" : "missed on the wall clock");
            met = met && mb(bson, bson.seconds) >= 300;
        }
        std::printf("\n");
        if (!node)
            continue;
        const std::string out = shell("NODE_PATH='" + modules + "' node '" + kSource +
                                      "/bench/import/mongodb-schema.js' '" + corpus->jsonl + "'");
        auto number = [&](const char *key) {
            const auto at = out.find(key);
            return at == std::string::npos ? 0.0 : std::stod(out.substr(at + std::strlen(key)));
        };
        const double seconds = number("\"seconds\":"), cpu = number("\"cpuSeconds\":");
        const double documents = number("\"documents\":");
        std::printf("%-48s %9.0f %7.1f %9.3f %9.3f %8.0f %8.0f\n", (name + ", Extended JSON, mongodb-schema").c_str(),
                    documents, json.inputBytes / 1e6, seconds, cpu, mb(json, seconds), mb(json, cpu));
        char line[200];
        std::snprintf(line, sizeof line, "%s: DocShape is %.1f times faster on the wall clock, %.1f in CPU time (budget 20: %s)\n",
                      name.c_str(), seconds / json.seconds, cpu / json.cpuSeconds, seconds / json.seconds >= 20 ? "met" : "MISSED");
        ratios += line;
        met = met && seconds / json.seconds >= 20 && documents == double(json.documents);
    }
    std::printf("%s", ratios.c_str());
    const std::uint64_t twoGB = std::uint64_t(2) << 30;
    for (const Corpus *corpus : {&orders, &events})
        for (const std::string &file : {corpus->bson, corpus->jsonl}) {
            const std::string big = file + ".2GB" + fs::path(file).extension().string();
            repeatInto(file, big, twoGB);
            const std::uint64_t kib = maxRssKiB(big);
            std::printf("peak memory, docshape-cli infer on %.2f GB of %s %s: %.1f MB (budget 200 MB: %s)\n",
                        double(fs::file_size(big)) / 1e9, corpus->name.c_str(), fs::path(file).extension().c_str(),
                        kib * 1024 / 1e6, kib * 1024 <= 200'000'000 ? "met" : "MISSED");
            met = met && kib * 1024 <= 200'000'000;
            fs::remove(big);
            fs::remove(big + ".docshape");
        }
    fs::remove_all(dir);
    return met ? 0 : 1;
}
