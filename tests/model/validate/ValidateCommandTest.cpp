#include "commands/Cli.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using docshape::cli::runValidate;

namespace {

struct Run {
    int code;
    std::string out;
    std::string err;
};

Run run(const std::vector<std::string> &args, const std::string &stdinText = "") {
    std::istringstream in(stdinText);
    std::ostringstream out, err;
    const int code = runValidate(args, {in, out, err});
    return {code, out.str(), err.str()};
}

std::string writeFile(const std::string &dir, const std::string &name, const std::string &text) {
    const std::string path = dir + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

std::vector<nlohmann::json> jsonLines(const std::string &out) {
    std::vector<nlohmann::json> lines;
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line))
        lines.push_back(nlohmann::json::parse(line));
    return lines;
}

const char *kSchema = R"({"validator": {"$jsonSchema": {
  "bsonType": "object", "required": ["sku", "qty"],
  "properties": {"sku": {"bsonType": "string", "pattern": "^[A-Z]{3}-\\d+$"},
                 "qty": {"bsonType": "int", "minimum": 1}}}}})";

} // namespace

TEST_CASE("validate: every document valid exits 0", "[validate][cli]") {
    const std::string dir = docshape::test::makeTempDir("validate-cli");
    const std::string schema = writeFile(dir, "schema.json", kSchema);
    const std::string docs = writeFile(dir, "docs.json",
                                       "{\"sku\":\"ABC-1\",\"qty\":{\"$numberInt\":\"2\"}}\n"
                                       "{\"sku\":\"XYZ-22\",\"qty\":5}\n");
    Run r = run({"--schema", schema, docs});
    CHECK(r.code == 0);
    // Numbered from 1, as `sample --break` names the documents it breaks.
    CHECK(r.out.find("document 1 (line 1): valid") != std::string::npos);
    CHECK(r.out.find("document 2 (line 2): valid") != std::string::npos);
    CHECK(r.out.find("document 0") == std::string::npos);
    CHECK(r.out.find("2 documents: 2 valid, 0 invalid") != std::string::npos);
    CHECK(r.err.empty());
}

TEST_CASE("validate --json: one line per document with path, keyword, message",
          "[validate][cli]") {
    const std::string dir = docshape::test::makeTempDir("validate-cli");
    const std::string schema = writeFile(dir, "schema.json", kSchema);
    const std::string input = R"([{"sku":"ABC-1","qty":1},
                                  {"sku":"abc","qty":0},
                                  {"qty":"3"}])";
    Run r = run({"--schema", schema, "-", "--json"}, input);
    CHECK(r.code == 1);
    auto lines = jsonLines(r.out);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == nlohmann::json::parse(R"({"index":1,"valid":true,"errors":[]})"));
    CHECK(lines[1]["index"] == 2);
    CHECK(lines[2]["index"] == 3);
    CHECK(lines[1]["valid"] == false);
    REQUIRE(lines[1]["errors"].size() == 2);
    CHECK(lines[1]["errors"][0]["path"] == "sku");
    CHECK(lines[1]["errors"][0]["keyword"] == "pattern");
    CHECK(lines[1]["errors"][1]["path"] == "qty");
    CHECK(lines[1]["errors"][1]["keyword"] == "minimum");
    CHECK(lines[1]["errors"][1]["message"] == "must be at least 1, found 0");
    REQUIRE(lines[2]["errors"].size() == 2);
    CHECK(lines[2]["errors"][0]["keyword"] == "bsonType");
    CHECK(lines[2]["errors"][1]["path"] == "sku");
    CHECK(lines[2]["errors"][1]["keyword"] == "required");
}

TEST_CASE("validate: a schema the server refuses exits 3 with the server's reason",
          "[validate][cli]") {
    const std::string dir = docshape::test::makeTempDir("validate-cli");
    const std::string schema = writeFile(
        dir, "schema.json", R"({"$jsonSchema": {"properties": {"email": {"format": "email"}}}})");
    Run r = run({"--schema", schema, "-"}, "{}");
    CHECK(r.code == 3);
    CHECK(r.err.find("$jsonSchema keyword 'format' is not currently supported") !=
          std::string::npos);
    CHECK(r.err.find("properties.email") != std::string::npos);
}

TEST_CASE("validate: a schema that is JSON but not an object exits 3 with the server's reason",
          "[validate][cli]") {
    // The server parses a $jsonSchema of any other type with
    //   if (elem.type() != BSONType::Object)
    //       return {Status(ErrorCodes::TypeMismatch, "$jsonSchema must be an object")};
    // (mongodb/mongo src/mongo/db/matcher/expression_parser.cpp, parseJSONSchema).
    const std::string dir = docshape::test::makeTempDir("validate-cli");
    for (const char *text : {"\"foo\"", "[]", " [1, 2]\n", "42", "true", "null"}) {
        INFO(text);
        Run r = run({"--schema", writeFile(dir, "schema.json", text), "-"}, "{}");
        CHECK(r.code == 3);
        CHECK(r.err.find("$jsonSchema must be an object") != std::string::npos);
        CHECK(r.out.empty());
    }
    // Text that is not JSON at all stays a usage error, with the parser's reason.
    for (const char *text : {"foo", "[1,", "", "\"open"}) {
        INFO(text);
        Run r = run({"--schema", writeFile(dir, "schema.json", text), "-"}, "{}");
        CHECK(r.code == 2);
        CHECK(r.err.find("$jsonSchema must be an object") == std::string::npos);
    }
}

TEST_CASE("validate: usage errors and input that is not JSON exit 2", "[validate][cli]") {
    const std::string dir = docshape::test::makeTempDir("validate-cli");
    const std::string schema = writeFile(dir, "schema.json", kSchema);
    CHECK(run({}).code == 2);
    CHECK(run({"--schema", schema}).code == 2);
    CHECK(run({"--schema", schema, "a", "b"}).code == 2);
    CHECK(run({"--schema", schema, "-", "--bogus"}).code == 2);
    CHECK(run({"--schema", writeFile(dir, "bad.json", "{not json"), "-"}, "{}").code == 2);
    Run broken = run({"--schema", schema, "-"}, "{\"sku\":\"ABC-1\",\"qty\":1}\n42\n");
    CHECK(broken.code == 2);
    CHECK(broken.err.find("line 2") != std::string::npos);
}

TEST_CASE("validate: a schema or documents file that cannot be read exits 3, unreadable input", "[validate][cli]") {
    const std::string dir = docshape::test::makeTempDir("validate-cli");
    const std::string schema = writeFile(dir, "schema.json", kSchema);
    Run docs = run({"--schema", schema, dir + "/missing.json"});
    CHECK(docs.code == 3);
    CHECK(docs.err.find("cannot read documents file '" + dir + "/missing.json'") != std::string::npos);
    CHECK(docs.out.empty());
    Run schemaMissing = run({"--schema", dir + "/missing.json", "-"}, "{}");
    CHECK(schemaMissing.code == 3);
    CHECK(schemaMissing.err.find("cannot read schema file") != std::string::npos);
}

TEST_CASE("validate: a schema longer than a document's text may be is refused, not read whole", "[validate][cli][hostile]") {
    // A validator is one document: its text is bounded as each document's
    // is in DOCS (DocumentStream::kMaxDocumentBytes, 64 MiB). /dev/zero never
    // ends; without the bound it was read until memory ran out.
    Run endless = run({"--schema", "/dev/zero", "-"}, "{}");
    CHECK(endless.code == 3);
    CHECK(endless.err == "docshape-cli validate: schema file '/dev/zero' is longer than 64 MiB (the longest a "
                         "document's text may be)\n");
    CHECK(endless.out.empty());

    const std::string dir = docshape::test::makeTempDir("validate-cli-huge");
    const std::string huge = dir + "/huge.json";
    std::ofstream(huge) << "{";
    std::filesystem::resize_file(huge, (std::uintmax_t{64} << 20) + 1); // sparse
    Run big = run({"--schema", huge, "-"}, "{}");
    CHECK(big.code == 3);
    CHECK(big.err.find("schema file '" + huge + "' is longer than 64 MiB") != std::string::npos);
    std::filesystem::resize_file(huge, std::uintmax_t{64} << 20);
    // At the bound the text is read, and refused as JSON.
    CHECK(run({"--schema", huge, "-"}, "{}").code == 2);
    std::filesystem::remove_all(dir);
}

TEST_CASE("validate: a document that is not Extended JSON is reported invalid",
          "[validate][cli]") {
    const std::string dir = docshape::test::makeTempDir("validate-cli");
    const std::string schema = writeFile(dir, "schema.json", kSchema);
    Run r = run({"--schema", schema, "-", "--json"},
                "{\"sku\":\"ABC-1\",\"qty\":{\"$numberInt\":\"x\"}}\n{\"sku\":\"ABC-2\",\"qty\":3}\n");
    CHECK(r.code == 1);
    auto lines = jsonLines(r.out);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0]["errors"][0]["keyword"] == "extendedJson");
    CHECK(lines[1]["valid"] == true);
}
