#include "advisor/Advisor.h"
#include "advisor/RuleCatalog.h"
#include "core/ObjectNames.h"
#include "estimate/Analysis.h"
#include "exercise/ExerciseCatalog.h"
#include "io/ProjectFile.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <regex>
#include <set>

// Findings speak the user's language (issue 17, item 12): an object is named
// as the studio shows it, an enum in words, a source as a citation. Checked
// on the findings of every bundled example, every exercise's starting model
// and worked solution, and every design of the labelled corpus.

using namespace docshape;
namespace fs = std::filesystem;

namespace {

struct Model {
    std::string name;
    Project project;
};

std::vector<Model> models() {
    std::vector<Model> out;
    for (const auto &entry : fs::directory_iterator(test::examplesDir()))
        if (entry.path().extension() == ".docshape") {
            auto p = loadProject(entry.path().string());
            REQUIRE(p.ok());
            out.push_back({entry.path().filename().string(), std::move(*p)});
        }
    const auto &exercises = exercise::bundledExercises();
    REQUIRE(exercises.ok());
    for (const auto &ex : *exercises) {
        out.push_back({ex.id + " (start)", ex.start});
        out.push_back({ex.id + " (solution)", ex.solution});
    }
    for (const auto &entry : fs::directory_iterator(test::dataPath("advisor/labelled")))
        if (entry.path().extension() == ".json") {
            const auto doc = nlohmann::json::parse(test::readFile(entry.path().string()));
            auto p = parseProject(doc.at("model").dump());
            REQUIRE(p.ok());
            out.push_back({entry.path().filename().string(), std::move(*p)});
        }
    return out;
}

// Every id the project gives an object: what a finding must not show.
std::set<std::string> idsOf(const Project &p) {
    std::set<std::string> ids;
    auto fields = [&](auto &self, const std::vector<Field> &list) -> void {
        for (const auto &f : list) {
            ids.insert(f.id);
            self(self, f.fields);
        }
    };
    for (const auto &e : p.entities) {
        ids.insert(e.id);
        fields(fields, e.fields);
        for (const auto &v : e.variants)
            fields(fields, v.fields);
    }
    for (const auto &r : p.relationships)
        ids.insert(r.id);
    for (const auto &q : p.accessPatterns)
        ids.insert(q.id);
    for (const auto &i : p.indexes)
        ids.insert(i.id);
    ids.erase("");
    return ids;
}

// The camelCase spellings of the model file's enums ("softDelete",
// "referenceFromChild"): words belong in messages instead. BSON type names
// are MongoDB's own ($type aliases such as "objectId"), the words the Type
// column shows, so they are not listed.
template <typename E> void addCamelCase(std::set<std::string> &out) {
    for (const auto &s : namesOf(E{}))
        if (std::any_of(s.name.begin(), s.name.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); }))
            out.insert(std::string(s.name));
}

std::set<std::string> camelCaseSpellings() {
    std::set<std::string> out;
    addCamelCase<Cardinality>(out);
    addCamelCase<Representation>(out);
    addCamelCase<BoundEnforcer>(out);
    addCamelCase<Duplication>(out);
    addCamelCase<DeletionPolicy>(out);
    addCamelCase<ValidationLevel>(out);
    addCamelCase<ValidationAction>(out);
    addCamelCase<TimeSeriesGranularity>(out);
    addCamelCase<AccessKind>(out);
    addCamelCase<Operation>(out);
    addCamelCase<Tenancy>(out);
    return out;
}

// `word` stands alone in `text`: not part of a longer name or number.
bool hasWord(const std::string &text, const std::string &word) {
    auto isName = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
        const bool before = at > 0 && isName(text[at - 1]);
        const bool after = at + word.size() < text.size() && isName(text[at + word.size()]);
        if (!before && !after)
            return true;
    }
    return false;
}

std::string collapsed(std::string_view text) {
    std::string out;
    for (char c : text) {
        const bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
        if (space && (out.empty() || out.back() == ' '))
            continue;
        out += space ? ' ' : c;
    }
    if (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out;
}

} // namespace

TEST_CASE("findings name objects as the user sees them: no ids, no camelCase enum spellings, no file names",
          "[advisor][wording]") {
    const std::set<std::string> spellings = camelCaseSpellings();
    REQUIRE(spellings.count("softDelete") == 1);
    REQUIRE(spellings.count("referenceFromChild") == 1);
    // A file a user cannot open: a seed's or a model's file name.
    const std::regex fileName(R"((^|[^A-Za-z0-9_/.])[A-Za-z0-9_-]+\.(txt|docshape|json|md)\b|\bseed\b)");
    std::size_t checked = 0;
    for (const Model &m : models()) {
        const std::set<std::string> ids = idsOf(m.project);
        for (const Finding &f : lint(m.project, analyze(m.project))) {
            ++checked;
            const std::string where = m.name + ": " + f.id + " on '" + f.target.name + "'";
            const std::string message = f.message();
            const std::string texts[] = {message, f.reason(), f.fix(), f.target.name};
            for (const std::string &text : texts) {
                INFO(where << ": " << text);
                for (const std::string &id : ids)
                    CHECK_FALSE(hasWord(text, id));
                for (const std::string &spelling : spellings)
                    CHECK_FALSE(hasWord(text, spelling));
                CHECK_FALSE(std::regex_search(text, fileName));
            }
            INFO(where << ": source " << f.source());
            CHECK_FALSE(std::regex_search(std::string(f.source()), fileName));
            if (f.target.kind == "relationship")
                CHECK(f.target.name.find(" → ") != std::string::npos);
        }
    }
    // The corpus has findings of most rules; a check over none proves nothing.
    CHECK(checked >= 80);
}

TEST_CASE("a relationship is named by the diagram's edge: parent, child and the field that holds it",
          "[advisor][wording]") {
    auto p = loadProject(test::examplesDir() + "/saas-multitenant.docshape");
    REQUIRE(p.ok());
    const Relationship *assignee = p->findRelationship("r3");
    REQUIRE(assignee);
    CHECK(relationshipLabel(*p, *assignee) == "Ticket → User (assignee)");
    CHECK(relationshipName(*p, *assignee) == "Assignee of a ticket");
    Relationship unnamed = *assignee;
    unnamed.name.clear();
    CHECK(relationshipName(*p, unnamed) == "Ticket → User (assignee)");
    unnamed.parentId = "nowhere";
    CHECK(relationshipLabel(*p, unnamed) == "? → User (assignee)");
}

TEST_CASE("every enum of the model has words for messages", "[advisor][wording]") {
    CHECK(wordsOf(DeletionPolicy::SoftDelete) == "soft delete");
    CHECK(wordsOf(DeletionPolicy::AllowOrphans) == "allow orphans");
    CHECK(wordsOf(Representation::ReferenceFromChild) == "reference from the child");
    CHECK(wordsOf(Tenancy::SharedCollection) == "shared collection");
    auto allHaveWords = [](auto value) {
        for (const auto &s : namesOf(value))
            if (s.words.empty() || s.words.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == 0)
                return false;
        return true;
    };
    CHECK(allHaveWords(Cardinality{}));
    CHECK(allHaveWords(Representation{}));
    CHECK(allHaveWords(DeletionPolicy{}));
    CHECK(allHaveWords(Operation{}));
    CHECK(allHaveWords(Tenancy{}));
    CHECK(allHaveWords(Duplication{}));
}

TEST_CASE("a rule's source is a citation, and its quoted passage is the course text's own words",
          "[advisor][wording]") {
    std::string seeds;
    for (const auto &entry : fs::directory_iterator(test::sharedDir() + "/seeds"))
        seeds += collapsed(test::readFile(entry.path().string())) + "\n";
    REQUIRE(seeds.size() > 1000);
    std::size_t quoted = 0;
    for (const Rule &r : ruleCatalogue()) {
        INFO(r.id << " " << r.source);
        CHECK(!r.source.empty());
        CHECK(r.source.find(".txt") == std::string_view::npos);
        if (r.passage.empty())
            continue;
        ++quoted;
        // A passage quotes the text in pieces joined by " ... ".
        const std::string passage(r.passage);
        for (std::size_t from = 0; from < passage.size();) {
            std::size_t gap = passage.find(" ... ", from);
            const std::string piece = passage.substr(from, gap == std::string::npos ? std::string::npos : gap - from);
            INFO("piece: " << piece);
            CHECK(seeds.find(collapsed(piece)) != std::string::npos);
            from = gap == std::string::npos ? passage.size() : gap + 5;
        }
    }
    CHECK(quoted >= 30); // every rule from the course texts
}
