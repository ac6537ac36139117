// Import benchmark (issue 19), side by side in one run: 100,000 orders of
// ../shared/tools/gen-orders.js (canonical Extended JSON), inferred by
// DocShape and by mongodb-schema (what Compass uses, full parse and
// inference, bench/import/mongodb-schema.js); the same documents as a .bson
// file (written by libbson); the peak memory (max RSS, /usr/bin/time -v) of
// docshape-cli infer on a 2 GB file of each kind. Budgets: 20 times
// mongodb-schema's speed, 300 MB/s of BSON, 200 MB.
//
// Needs node and `npm ci` in bench/import for the documents and the
// comparison; without them it samples the order example instead and says so.
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

} // namespace

int main() {
    const fs::path dir = fs::temp_directory_path() / "docshape-bench-import";
    fs::create_directories(dir);
    const std::string jsonl = (dir / "orders.jsonl").string(), bsonFile = (dir / "orders.bson").string();
    const std::string modules = kSource + "/bench/import/node_modules";
    const bool node = std::system("node --version > /dev/null 2>&1") == 0 && fs::exists(modules + "/bson") &&
                      fs::exists(modules + "/mongodb-schema") && fs::exists(kShared + "/tools/gen-orders.js");
    if (node) {
        shell("NODE_PATH='" + modules + "' node '" + kShared + "/tools/gen-orders.js' " +
              std::to_string(kDocuments) + " > '" + jsonl + "'");
    } else {
        std::cout << "node, bench/import/node_modules (cd bench/import && npm ci) or ../shared/tools/gen-orders.js "
                     "missing: sampling the order example instead, without mongodb-schema\n";
        shell("'" + kCli + "' sample '" + kSource + "/resources/examples/order-aggregate.docshape' --collection orders "
              "--count " + std::to_string(kDocuments) + " > '" + jsonl + "'");
    }
    if (!fs::exists(jsonl) || fs::file_size(jsonl) == 0) {
        std::cerr << "no documents were generated in " << jsonl << '\n';
        return 2;
    }
    {
        std::ifstream in(jsonl);
        std::ofstream out(bsonFile, std::ios::binary);
        std::string line;
        while (std::getline(in, line)) {
            bson_error_t error;
            bson_t doc;
            if (!bson_init_from_json(&doc, line.c_str(), -1, &error))
                return 2;
            out.write(reinterpret_cast<const char *>(bson_get_data(&doc)), doc.len);
            bson_destroy(&doc);
        }
    }
    const Timing json = best(jsonl, 5);
    const Timing bson = best(bsonFile, 5);
    auto mb = [](const Timing &t, double seconds) { return double(t.inputBytes) / 1e6 / seconds; };
    std::printf("best of 5 runs; wall time, and CPU time (what the code costs when others share the host)\n");
    std::printf("%-32s %9s %7s %9s %9s %8s %8s\n", "input", "documents", "MB", "wall s", "CPU s", "MB/s", "MB/s CPU");
    std::printf("%-32s %9llu %7.1f %9.3f %9.3f %8.0f %8.0f\n", "Extended JSON, DocShape", (unsigned long long)json.documents,
                json.inputBytes / 1e6, json.seconds, json.cpuSeconds, mb(json, json.seconds), mb(json, json.cpuSeconds));
    std::printf("%-32s %9llu %7.1f %9.3f %9.3f %8.0f %8.0f   budget >= 300 MB/s: %s\n", ".bson, DocShape",
                (unsigned long long)bson.documents, bson.inputBytes / 1e6, bson.seconds, bson.cpuSeconds,
                mb(bson, bson.seconds), mb(bson, bson.cpuSeconds), mb(bson, bson.seconds) >= 300 ? "met" : "missed on the wall clock");
    bool met = mb(bson, bson.seconds) >= 300;
    if (node) {
        const std::string out = shell("NODE_PATH='" + modules + "' node '" + kSource +
                                      "/bench/import/mongodb-schema.js' '" + jsonl + "'");
        auto number = [&](const char *key) {
            const auto at = out.find(key);
            return at == std::string::npos ? 0.0 : std::stod(out.substr(at + std::strlen(key)));
        };
        const double seconds = number("\"seconds\":"), cpu = number("\"cpuSeconds\":");
        std::printf("%-32s %9d %7.1f %9.3f %9.3f %8.0f %8.0f\n", "Extended JSON, mongodb-schema", kDocuments,
                    json.inputBytes / 1e6, seconds, cpu, mb(json, seconds), mb(json, cpu));
        std::printf("DocShape is %.1f times faster on the wall clock, %.1f in CPU time (budget 20: %s)\n",
                    seconds / json.seconds, cpu / json.cpuSeconds, seconds / json.seconds >= 20 ? "met" : "MISSED");
        met = met && seconds / json.seconds >= 20;
    }
    const std::uint64_t twoGB = std::uint64_t(2) << 30;
    for (const std::string &file : {bsonFile, jsonl}) {
        const std::string big = file + ".2GB" + fs::path(file).extension().string();
        repeatInto(file, big, twoGB);
        const std::uint64_t kib = maxRssKiB(big);
        std::printf("peak memory, docshape-cli infer on %.2f GB of %s: %.1f MB (budget 200 MB: %s)\n",
                    double(fs::file_size(big)) / 1e9, fs::path(file).extension().c_str(), kib * 1024 / 1e6,
                    kib * 1024 <= 200'000'000 ? "met" : "MISSED");
        met = met && kib * 1024 <= 200'000'000;
        fs::remove(big);
        fs::remove(big + ".docshape");
    }
    fs::remove_all(dir);
    return met ? 0 : 1;
}
