#include "advisor/Advisor.h"
#include "advisor/RuleCatalog.h"
#include "estimate/Analysis.h"
#include "io/ProjectFile.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

// The advisor judged on labelled designs (tests/data/advisor/labelled/):
// answers to the ten exercises of seed lesson-135-data-modeling.txt, each
// situation correct in at least two ways and with the typical mistakes the
// lesson names. Each file says what it is ("label": correct or mistake),
// the findings it must produce ("mustFind": a rule and, when given, the
// name or id of its target), the rules it must not produce ("mustNotFind"),
// and the consequences a mistake may also have ("alsoAllowed").
//
// Counted over the whole corpus:
// - a true positive is a mustFind entry some finding matches; a miss is one
//   none matches;
// - a false positive is a finding of a mustNotFind rule, or any warning or
//   error that matches no mustFind entry and no alsoAllowed rule (so a
//   correct design, which allows nothing, must lint clean of warnings).
// Precision = TP / (TP + FP), recall = TP / (TP + misses); both must be 1.
using namespace docshape;
namespace fs = std::filesystem;

namespace {

struct Score {
    int truePositives = 0;
    int misses = 0;
    int falsePositives = 0;
    std::vector<std::string> problems;
};

bool matches(const Finding &f, const nlohmann::json &expected) {
    if (f.id != expected.at("rule").get<std::string>())
        return false;
    if (!expected.contains("target"))
        return true;
    const std::string target = expected.at("target").get<std::string>();
    return f.target.name == target || f.target.id == target;
}

void judge(const std::string &file, const nlohmann::json &doc, const std::vector<Finding> &findings, Score &score) {
    const auto &must = doc.at("mustFind");
    std::set<std::string> mustNot, allowed;
    for (const auto &r : doc.at("mustNotFind"))
        mustNot.insert(r.get<std::string>());
    if (doc.contains("alsoAllowed"))
        for (const auto &r : doc.at("alsoAllowed"))
            allowed.insert(r.get<std::string>());
    for (const auto &expected : must) {
        const bool found = std::any_of(findings.begin(), findings.end(),
                                       [&](const Finding &f) { return matches(f, expected); });
        if (found) {
            ++score.truePositives;
        } else {
            ++score.misses;
            score.problems.push_back(file + ": missed " + expected.dump());
        }
    }
    for (const Finding &f : findings) {
        const bool expected =
            std::any_of(must.begin(), must.end(), [&](const nlohmann::json &m) { return matches(f, m); });
        const bool forbidden = mustNot.count(f.id) > 0;
        const bool tolerated = allowed.count(f.id) > 0 && !forbidden;
        if (forbidden || (!expected && !tolerated && f.severity >= Severity::Warning)) {
            ++score.falsePositives;
            score.problems.push_back(file + ": false " + std::string(toString(f.severity)) + " " + f.id + " on '" +
                                     f.target.name + "': " + f.message());
        }
    }
}

} // namespace

TEST_CASE("the advisor on the labelled corpus: precision and recall 100%", "[advisor][labelled]") {
    std::vector<fs::path> files;
    for (const auto &entry : fs::directory_iterator(test::dataPath("advisor/labelled")))
        if (entry.path().extension() == ".json")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 30);

    Score score;
    int correct = 0, mistakes = 0;
    std::set<std::string> exercises;
    for (const auto &path : files) {
        const std::string name = path.filename().string();
        INFO(name);
        const nlohmann::json doc = nlohmann::json::parse(test::readFile(path.string()));
        const std::string label = doc.at("label").get<std::string>();
        REQUIRE((label == "correct" || label == "mistake"));
        exercises.insert(doc.at("exercise").get<std::string>());
        if (label == "correct") {
            ++correct;
            // A correct design allows no warning and expects none.
            REQUIRE_FALSE(doc.contains("alsoAllowed"));
            for (const auto &m : doc.at("mustFind")) {
                const Rule *rule = findRule(m.at("rule").get<std::string>());
                REQUIRE(rule);
                REQUIRE(rule->severity == Severity::Info);
            }
        } else {
            ++mistakes;
            REQUIRE_FALSE(doc.at("mustFind").empty()); // the rule that names the mistake
        }
        for (const auto &m : doc.at("mustFind"))
            REQUIRE(findRule(m.at("rule").get<std::string>()));
        for (const auto &r : doc.at("mustNotFind"))
            REQUIRE(findRule(r.get<std::string>()));

        auto project = parseProject(doc.at("model").dump());
        if (!project.ok())
            FAIL(name << ": " << project.error().toString());
        judge(name, doc, lint(*project, analyze(*project)), score);
    }
    // Every exercise of the lesson, each correct at least twice.
    CHECK(exercises.size() == 10);
    CHECK(correct >= 2 * 10);
    CHECK(mistakes >= 10);

    const double precision = score.truePositives == 0 ? 0
                             : double(score.truePositives) / double(score.truePositives + score.falsePositives);
    const double recall =
        score.truePositives == 0 ? 0 : double(score.truePositives) / double(score.truePositives + score.misses);
    for (const auto &p : score.problems)
        UNSCOPED_INFO(p);
    WARN(files.size() << " designs (" << correct << " correct, " << mistakes << " with a mistake): precision "
                      << precision * 100 << "% (" << score.truePositives << " of "
                      << score.truePositives + score.falsePositives << "), recall " << recall * 100 << "% ("
                      << score.truePositives << " of " << score.truePositives + score.misses << ")");
    CHECK(score.problems.empty());
    CHECK(precision == 1.0);
    CHECK(recall == 1.0);
}
