// The import's round trip (issue 19): documents sampled from every bundled
// example, read back by the importer, give a model whose analysis agrees
// with the example's: average document size within 2%, the same paths and
// types, array averages within 5%. The BSON side is written by libbson from
// the samples (bson_init_from_json), as mongodump would hold them.
#include "commands/Cli.h"
#include "estimate/Analysis.h"
#include "import/Importer.h"
#include "io/ProjectFile.h"
#include "support/TestPaths.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace docshape;

namespace {

std::string cliOut(const std::vector<std::string> &args) {
    std::istringstream in;
    std::ostringstream out, err;
    const int code = cli::run(args, {in, out, err});
    INFO(err.str());
    REQUIRE(code == cli::kOk);
    return out.str();
}

// Every dotted path of a derived shape with its type ("items.[]" for the
// elements of an array), variants included.
void pathsOf(const NodeList &fields, const std::string &prefix, std::map<std::string, std::string> &out) {
    for (const auto &n : fields) {
        const std::string path = prefix.empty() ? std::string(n.name) : prefix + "." + std::string(n.name);
        out[path] = std::string(toString(n.type));
        if (n.isArray())
            out[path + ".[]"] = std::string(toString(n.elementType));
        if (n.hasObject()) {
            pathsOf(n.object->fields, n.isArray() ? path + ".[]" : path, out);
            for (const auto &v : n.object->variants)
                pathsOf(v.fields, n.isArray() ? path + ".[]" : path, out);
        }
    }
}

std::map<std::string, std::string> pathsOf(const CollectionShape &c) {
    std::map<std::string, std::string> out;
    pathsOf(c.shape.fields, "", out);
    for (const auto &v : c.shape.variants)
        pathsOf(v.fields, "", out);
    return out;
}

const CollectionStat &statOf(const Analysis &a, const std::string &name) {
    for (const auto &c : a.collections)
        if (c.name == name)
            return c;
    FAIL("no collection " << name);
    return a.collections.front();
}

const CollectionShape &shapeOf(const Analysis &a, const std::string &name) {
    for (const auto &c : a.derived.collections)
        if (c.name == name)
            return c;
    FAIL("no collection " << name);
    return a.derived.collections.front();
}

// The same collection in the example and in the model inferred from its samples.
void compare(const Analysis &expected, const Analysis &actual, const std::string &name) {
    const CollectionStat &e = statOf(expected, name);
    const CollectionStat &a = statOf(actual, name);
    INFO("collection " << name);
    CHECK(std::fabs(a.avgDocumentBytes - e.avgDocumentBytes) <= 0.02 * e.avgDocumentBytes);
    CHECK(pathsOf(shapeOf(actual, name)) == pathsOf(shapeOf(expected, name)));
    std::map<std::string, double> arrays;
    for (const auto &s : e.arrays)
        arrays[s.path] = s.avgCount;
    REQUIRE(a.arrays.size() == e.arrays.size());
    for (const auto &s : a.arrays) {
        INFO("array " << s.path);
        REQUIRE(arrays.count(s.path));
        CHECK(std::fabs(s.avgCount - arrays[s.path]) <= 0.05 * arrays[s.path]);
    }
}

std::vector<std::uint8_t> toBson(const std::string &lines) {
    std::vector<std::uint8_t> out;
    std::istringstream in(lines);
    std::string line;
    while (std::getline(in, line)) {
        bson_error_t error;
        bson_t doc;
        REQUIRE(bson_init_from_json(&doc, line.c_str(), -1, &error));
        out.insert(out.end(), bson_get_data(&doc), bson_get_data(&doc) + doc.len);
        bson_destroy(&doc);
    }
    return out;
}

Project inferred(import::Importer &importer) {
    auto result = importer.run();
    INFO((result ? "" : result.error().toString()));
    REQUIRE(result.ok());
    return std::move(result->project);
}

} // namespace

TEST_CASE("every example's samples infer back to the example's sizes, paths and array averages",
          "[import][roundtrip]") {
    for (const auto &entry : std::filesystem::directory_iterator(test::examplesDir())) {
        if (entry.path().extension() != ".docshape")
            continue;
        const std::string model = entry.path().string();
        INFO("example " << entry.path().filename().string());
        auto project = loadProject(model);
        REQUIRE(project.ok());
        const Analysis expected = analyze(*project);
        const std::string exportDir = test::makeTempDir("roundtrip-export");
        cliOut({"export", model, "--out", exportDir});

        std::map<std::string, std::string> samples;
        std::map<std::string, std::vector<std::uint8_t>> bson;
        import::Importer fromJson, fromBson;
        const std::string dump = test::makeTempDir("roundtrip-dump") + "/" + project->database;
        std::filesystem::create_directories(dump);
        for (const auto &c : expected.collections) {
            samples[c.name] = cliOut({"sample", model, "--collection", c.name, "--count", "5000", "--shape", "typical"});
            bson[c.name] = toBson(samples[c.name]);
        }
        for (const auto &c : expected.collections) {
            const auto &text = samples[c.name];
            fromJson.addBytes(c.name, import::InputFormat::ExtendedJson,
                              {reinterpret_cast<const std::uint8_t *>(text.data()), text.size()});
            fromBson.addBytes(c.name, import::InputFormat::Bson, bson[c.name]);
            std::ofstream(dump + "/" + c.name + ".bson", std::ios::binary)
                .write(reinterpret_cast<const char *>(bson[c.name].data()), std::streamsize(bson[c.name].size()));
            // mongodump's metadata: the exported indexes and validator.
            std::string indexes = "[]", validator;
            if (std::filesystem::exists(exportDir + "/indexes/" + c.name + ".json"))
                indexes = test::readFile(exportDir + "/indexes/" + c.name + ".json");
            if (std::filesystem::exists(exportDir + "/validators/" + c.name + ".json"))
                validator = test::readFile(exportDir + "/validators/" + c.name + ".json");
            std::ofstream(dump + "/" + c.name + ".metadata.json")
                << R"({"indexes":)" << indexes << R"(,"options":{)"
                << (validator.empty() ? "" : R"("validator":{"$jsonSchema":)" + validator + "}")
                << R"(},"collectionName":")" << c.name << R"(","type":"collection"})";
        }
        const Project a = inferred(fromJson);
        const Project b = inferred(fromBson);
        import::Importer fromDump;
        REQUIRE(fromDump.addPath(dump).ok());
        const Project d = inferred(fromDump);
        const Analysis ja = analyze(a), ba = analyze(b), da = analyze(d);
        for (const auto &c : expected.collections) {
            compare(expected, ja, c.name);
            compare(expected, ba, c.name);
            compare(expected, da, c.name);
        }
        // The dump's indexes come back, named as the server names them.
        auto keysOf = [](const Project &p, const Analysis &a) {
            std::multiset<std::string> out;
            for (const auto &c : a.collections)
                for (const auto &stat : c.indexes) {
                    const IndexSpec *index = p.findIndex(stat.id);
                    if (!index)
                        continue; // _id_
                    std::string k = c.name + ":";
                    for (const auto &key : index->keys)
                        k += key.path + "_" + key.kind + (index->unique ? "!" : "") + " ";
                    out.insert(k);
                }
            return out;
        };
        CHECK(keysOf(d, da) == keysOf(*project, expected));
    }
}

TEST_CASE("sample piped through the infer command gives the same model as in-process", "[import][roundtrip][cli]") {
    const std::string model = test::examplesDir() + "/order-aggregate.docshape";
    const std::string out = test::makeTempDir("roundtrip-pipe") + "/orders.docshape";
    const std::string command = std::string("'") + DOCSHAPE_CLI_PATH + "' sample '" + model +
                                "' --collection orders --count 5000 --shape typical | '" + DOCSHAPE_CLI_PATH +
                                "' infer - --collection orders --out '" + out + "' > /dev/null";
    REQUIRE(std::system(command.c_str()) == 0);
    auto expected = loadProject(model);
    auto actual = loadProject(out);
    REQUIRE(actual.ok());
    compare(analyze(*expected), analyze(*actual), "orders");
}
