#include "derive/DeriveCollections.h"
#include "export/ExportBundle.h"
#include "export/ExtendedJson.h"
#include "export/ValidatorExporter.h"
#include "io/ProjectFile.h"
#include "model/export/ExportTestSupport.h"
#include "sample/SampleGenerator.h"
#include "support/TestPaths.h"
#include "validate/JsonSchema.h"

#include "advisor/Advisor.h"
#include "estimate/IndexEstimator.h"

#include <catch2/catch.hpp>

#include <bson/bson.h>

#include <algorithm>
#include <filesystem>
#include <set>

// The exported validators against the $jsonSchema evaluator (which refuses
// what the server refuses) and against the sampler's documents (built from
// the same ShapeNode tree): what the model allows, the validator accepts.
using namespace docshape;
using namespace docshape::test;
namespace fs = std::filesystem;

namespace {

std::vector<std::pair<std::string, Project>> projects() {
    std::vector<std::pair<std::string, Project>> out;
    std::vector<fs::path> paths;
    for (const auto &entry : fs::directory_iterator(examplesDir()))
        if (entry.path().extension() == ".docshape")
            paths.push_back(entry.path());
    std::sort(paths.begin(), paths.end());
    for (const auto &path : paths) {
        auto project = loadProject(path.string());
        REQUIRE(project.ok());
        out.emplace_back(path.stem().string(), std::move(*project));
    }
    out.emplace_back("richProject", richProject());
    return out;
}

validate::ValidationResult check(const validate::JsonSchema &schema, const SampleDocument &doc) {
    bson_t view;
    REQUIRE(bson_init_static(&view, doc.bson.data(), doc.bson.size()));
    return schema.validate(&view);
}

std::string reasons(const validate::ValidationResult &r) {
    std::string out;
    for (const auto &e : r.errors)
        out += "\n  " + e.path + " [" + e.keyword + "] " + e.message;
    return out;
}

// "items.3.sku" -> "items.sku": sampler conflicts name array paths without
// element indexes.
std::string withoutIndexes(const std::string &path) {
    std::string out;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t dot = path.find('.', start);
        const std::string step = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (step.empty() || step.find_first_not_of("0123456789") != std::string::npos)
            out += (out.empty() ? "" : ".") + step;
        if (dot == std::string::npos)
            break;
        start = dot + 1;
    }
    return out;
}

} // namespace

TEST_CASE("every exported validator compiles with the server's $jsonSchema rules",
          "[export][evaluator]") {
    for (const auto &[name, project] : projects()) {
        auto files = exportAll(project);
        REQUIRE(files.ok());
        std::size_t validators = 0;
        for (const auto &file : *files) {
            if (file.relativePath.rfind("validators/", 0) != 0)
                continue;
            ++validators;
            INFO(name << " " << file.relativePath);
            auto compiled = validate::JsonSchema::compileJson(file.content);
            INFO((compiled ? std::string() : compiled.error().toString()));
            CHECK(compiled.ok());
        }
        CHECK(validators > 0);
    }
}

TEST_CASE("sample documents pass the exported validators, broken ones fail them",
          "[export][evaluator]") {
    for (const auto &[name, project] : projects()) {
        const Derived derived = deriveCollections(project);
        for (const auto &c : derived.collections) {
            INFO(name << " collection " << c.name);
            auto schemaJson = validatorFor(project, c);
            REQUIRE(schemaJson.ok());
            auto schema = validate::JsonSchema::compileJson(exportJsonText(*schemaJson));
            REQUIRE(schema.ok());

            SampleGenerator generator(c, 42);
            int invalid = 0;
            std::string firstInvalid;
            for (int i = 0; i < 1000; ++i) {
                auto doc = generator.next(SampleShape::Typical);
                REQUIRE(doc.ok());
                const auto result = check(*schema, *doc);
                if (!result.valid && invalid++ == 0)
                    firstInvalid = doc->canonicalJson() + reasons(result);
            }
            INFO("first invalid typical document: " << firstInvalid);
            CHECK(invalid == 0);
            if (generator.unbounded().empty()) {
                auto doc = generator.next(SampleShape::Max);
                REQUIRE(doc.ok());
                // In the max shape the sampler lets size win over a constraint
                // the model contradicts (a maxBytes past every enum value) and
                // reports the conflict; every failure must be one of those.
                const auto result = check(*schema, *doc);
                std::set<std::string> conflicted;
                for (const auto &conflict : generator.conflicts())
                    conflicted.insert(conflict.path);
                INFO("max shape " << doc->canonicalJson() << reasons(result));
                for (const auto &error : result.errors)
                    CHECK(conflicted.count(withoutIndexes(error.path)) == 1);
                if (conflicted.empty())
                    CHECK(result.valid);
            }
            const std::string schemaText = exportJsonText(*schemaJson);
            for (BreakRule rule : {BreakRule::MissingRequired, BreakRule::WrongType, BreakRule::OutsideEnum,
                                   BreakRule::ArrayOverBound}) {
                if (generator.breakablePaths(rule).empty())
                    continue;
                // An array bound is only the validator's business when the
                // model says the validator enforces it (exported as maxItems).
                if (rule == BreakRule::ArrayOverBound && schemaText.find("\"maxItems\"") == std::string::npos)
                    continue;
                auto doc = generator.nextBroken(rule);
                REQUIRE(doc.ok());
                INFO("broken by " << toString(rule) << " at " << doc->brokenPath << ": " << doc->canonicalJson());
                const auto result = check(*schema, *doc);
                if (rule == BreakRule::ArrayOverBound) {
                    auto array = resolvePath(c.shape, withoutIndexes(doc->brokenPath));
                    REQUIRE(array);
                    const Relationship *rel = project.findRelationship(array->node->relationshipId);
                    const bool enforced =
                        (array->node->field && array->node->field->maxEnforcedBy == BoundEnforcer::Validator) ||
                        (rel && arrayBoundEnforcer(*rel) == BoundEnforcer::Validator);
                    CHECK(result.valid == !enforced);
                    if (!enforced)
                        continue;
                }
                CHECK_FALSE(result.valid);
                // The failure names the broken value, or the object that misses it.
                bool pointsAtIt = false;
                for (const auto &error : result.errors) {
                    const std::string &p = error.path;
                    const std::string &broken = doc->brokenPath;
                    if (p == broken || p.empty() ||
                        (broken.size() > p.size() && broken.compare(0, p.size(), p) == 0 && broken[p.size()] == '.'))
                        pointsAtIt = true;
                }
                INFO(reasons(result));
                CHECK(pointsAtIt);
            }
        }
    }
}

TEST_CASE("bundled examples: max-shape samples are valid and exactly the maximum", "[export][evaluator][size]") {
    // The maximum is the largest document the model allows: the sampler's
    // max shape builds it with libbson, the exported validator (evaluated
    // by the server's $jsonSchema rules) must accept it, and libbson's
    // length must be the maximum. A collection without a maximum must say
    // why in a finding (DS101 for an array, DS113 for a value), and no
    // maximum is below the average.
    for (const auto &[name, project] : projects()) {
        if (name == "richProject")
            continue; // a test model, not a bundled example
        const Analysis analysis = analyze(project);
        const auto findings = lint(project, analysis);
        for (std::size_t i = 0; i < analysis.collections.size(); ++i) {
            const CollectionStat &stat = analysis.collections[i];
            const CollectionShape &c = analysis.derived.collections[i];
            INFO(name << " collection " << c.name);
            if (!stat.maxDocumentBytes) {
                REQUIRE_FALSE(stat.unbounded.empty());
                for (const auto &path : stat.unbounded) {
                    const bool said = std::any_of(findings.begin(), findings.end(), [&](const Finding &f) {
                        return (f.id == "DS101" || f.id == "DS113") &&
                               f.target.name.find(path) != std::string::npos;
                    });
                    INFO("unbounded " << path);
                    CHECK(said);
                }
                continue;
            }
            CHECK(static_cast<double>(*stat.maxDocumentBytes) >= stat.avgDocumentBytes);
            auto schemaJson = validatorFor(project, c);
            REQUIRE(schemaJson.ok());
            auto schema = validate::JsonSchema::compileJson(exportJsonText(*schemaJson));
            REQUIRE(schema.ok());
            SampleGenerator generator(c, 7);
            REQUIRE(generator.unbounded().empty());
            for (int k = 0; k < 20; ++k) {
                auto doc = generator.next(SampleShape::Max);
                REQUIRE(doc.ok());
                bson_t view;
                REQUIRE(bson_init_static(&view, doc->bson.data(), doc->bson.size()));
                CHECK(view.len == *stat.maxDocumentBytes);
                const auto result = check(*schema, *doc);
                INFO("max shape " << doc->canonicalJson() << reasons(result));
                CHECK(result.valid);
            }
            for (const auto &conflict : generator.conflicts())
                FAIL_CHECK("the model contradicts itself at " << conflict.path << ": " << conflict.message);
        }
    }
}
