#include "commands/Cli.h"
#include "import/ByteSource.h"
#include "import/Importer.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>

// gzip input that is no export: a decompression bomb is refused early with
// its file and offset; blank content is bad input, never an empty model.

using namespace docshape;
using import::Importer;
using import::InputFormat;

namespace {

std::span<const std::uint8_t> bytesOf(const std::string &s) {
    return {reinterpret_cast<const std::uint8_t *>(s.data()), s.size()};
}

// `chunk` repeated `times`, as one gzip member at zlib's default level.
std::string gzipOf(const std::string &chunk, std::size_t times) {
    z_stream z{};
    REQUIRE(deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK);
    std::string out;
    char buffer[1 << 16];
    for (std::size_t i = 0; i < times; ++i) {
        z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(chunk.data()));
        z.avail_in = uInt(chunk.size());
        const int flush = i + 1 == times ? Z_FINISH : Z_NO_FLUSH;
        int rc = Z_OK;
        do {
            z.next_out = reinterpret_cast<Bytef *>(buffer);
            z.avail_out = sizeof buffer;
            rc = deflate(&z, flush);
            out.append(buffer, sizeof buffer - z.avail_out);
        } while (z.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
    }
    deflateEnd(&z);
    return out;
}

} // namespace

TEST_CASE("gzip: a decompression bomb is refused early, naming the file and the offset", "[import][gzip][bad]") {
    // 80 MiB of blank lines in 80 KB: 1,030 to 1.
    const std::string bomb = gzipOf(std::string(1 << 20, '\n'), 80);
    REQUIRE(bomb.size() < 90 * 1024);

    auto source = import::ByteSource::fromMemory(bytesOf(bomb), "bomb.json.gz");
    std::vector<char> buffer(1 << 20);
    while (source->read(buffer.data(), buffer.size()) > 0) {
    }
    INFO(source->error());
    CHECK(source->error().find("the gzip data inflates more than 1,000 times (") == 0);
    CHECK(source->error().find("compressed bytes, at compressed byte ") != std::string::npos);
    // Stopped just past the floor, not at the end.
    CHECK(source->produced() <= (std::uint64_t(65) << 20));

    for (const auto format : {InputFormat::ExtendedJson, InputFormat::Bson}) {
        Importer importer;
        importer.addBytes("c", format, bytesOf(bomb));
        auto r = importer.run();
        REQUIRE_FALSE(r.ok());
        const std::string error = r.error().toString();
        INFO(error);
        if (format == InputFormat::ExtendedJson)
            CHECK(error.find("c.json: the gzip data inflates more than 1,000 times") == 0);
        else // blank lines are no BSON length prefix: bad input at once
            CHECK(error.find("c.bson: byte 0: a document length prefix of") == 0);
    }

    // Real data well under the ratio passes the floor unrefused.
    std::string lines;
    for (int i = 0; i < 20000; ++i)
        lines += "{\"_id\":" + std::to_string(i) + ",\"status\":\"shipped\",\"total\":" + std::to_string(i % 97) + "}\n";
    const std::string real = gzipOf(lines, 1);
    Importer importer;
    importer.addBytes("c", InputFormat::ExtendedJson, bytesOf(real));
    auto ok = importer.run();
    INFO((ok ? "" : ok.error().toString()));
    REQUIRE(ok.ok());
    CHECK(ok->summary.documents == 20000);
}

TEST_CASE("gzip: content that holds no document is bad input, never an empty model", "[import][gzip][bad]") {
    const std::string blank = gzipOf(std::string(4096, '\n') + "  \t\r\n", 3);
    Importer importer;
    importer.addBytes("c", InputFormat::ExtendedJson, bytesOf(blank));
    auto r = importer.run();
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().toString() == "c.json: 12,303 bytes once decompressed, all whitespace, and not one document: "
                                  "mongoexport writes a document a line, or a JSON array");

    // Binary that is no JSON or BSON: the usual message of each format.
    std::string noise;
    for (int i = 0; i < 4096; ++i)
        noise += char(0x80 | (i * 37 % 128));
    Importer json;
    const std::string noiseGz = gzipOf(noise, 1); // the importer reads it in run()
    json.addBytes("c", InputFormat::ExtendedJson, bytesOf(noiseGz));
    auto j = json.run();
    REQUIRE_FALSE(j.ok());
    CHECK(j.error().toString().find("c.json: line 1: expected a document starting with '{'") == 0);

    // An empty file and an empty array stay an empty collection.
    for (const std::string text : {"", "[]\n"}) {
        Importer empty;
        const std::string gz = gzipOf(text, 1);
        empty.addBytes("c", InputFormat::ExtendedJson, bytesOf(gz));
        auto e = empty.run();
        INFO(text);
        REQUIRE(e.ok());
        CHECK(e->summary.documents == 0);
    }

    // The command says so and writes nothing.
    const std::string dir = test::makeTempDir("infer-blank-gz");
    std::ofstream(dir + "/blank.json.gz", std::ios::binary) << blank;
    std::istringstream in;
    std::ostringstream out, err;
    CHECK(cli::run({"infer", dir + "/blank.json.gz", "--out", dir + "/m.docshape"}, {in, out, err}) == cli::kBadModel);
    CHECK(err.str().find("blank.json.gz: 12,303 bytes once decompressed, all whitespace") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir + "/m.docshape"));
}
