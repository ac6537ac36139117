#include "exercise/Exercise.h"

#include "exercise/CheckKinds.h"
#include "exercise/Mastery.h"
#include "io/ProjectFile.h"

#include <algorithm>
#include <set>

namespace docshape::exercise {

namespace {

using nlohmann::json;

Error fileError(const std::string &id, const std::string &file, std::string where, std::string message) {
    return Error{"exercise " + id + ": " + file + (where.empty() ? "" : " " + where), std::move(message)};
}

Result<std::string> text(const json &object, const char *key, const std::string &id, bool required) {
    const auto it = object.find(key);
    if (it == object.end()) {
        if (required)
            return fileError(id, "exercise.json", "", std::string("has no \"") + key + "\"");
        return std::string();
    }
    if (!it->is_string())
        return fileError(id, "exercise.json", std::string("$.") + key, "must be a string");
    return it->get<std::string>();
}

Result<std::vector<std::string>> texts(const json &object, const char *key, const std::string &id) {
    std::vector<std::string> out;
    const auto it = object.find(key);
    if (it == object.end())
        return out;
    if (!it->is_array())
        return fileError(id, "exercise.json", std::string("$.") + key, "must be an array of strings");
    for (std::size_t i = 0; i < it->size(); ++i) {
        if (!(*it)[i].is_string())
            return fileError(id, "exercise.json", std::string("$.") + key + "[" + std::to_string(i) + "]",
                             "must be a string");
        out.push_back((*it)[i].get<std::string>());
    }
    return out;
}

Result<Project> model(const std::string &textOfFile, const std::string &id, const std::string &file) {
    auto project = parseProject(textOfFile);
    if (!project)
        return fileError(id, file, project.error().where, project.error().message);
    return std::move(*project);
}

} // namespace

Result<Exercise> parseExercise(const ExerciseFiles &files) {
    const std::string &id = files.id;
    Exercise ex;
    ex.id = id;
    json doc = json::parse(files.exerciseJson, nullptr, false);
    if (doc.is_discarded() || !doc.is_object())
        return fileError(id, "exercise.json", "", "is not a JSON object");
    static const std::set<std::string> known = {"id",     "number",   "title", "statement",
                                                "topics", "mainRead", "hints", "checks"};
    for (const auto &item : doc.items())
        if (!known.count(item.key()))
            return fileError(id, "exercise.json", "$." + item.key(), "is not a key of an exercise");
    auto docId = text(doc, "id", id, true);
    if (!docId)
        return docId.error();
    if (*docId != id)
        return fileError(id, "exercise.json", "$.id", "is '" + *docId + "' but the folder is '" + id + "'");
    if (!doc.contains("number") || !doc["number"].is_number_integer() || doc["number"].get<int>() < 1)
        return fileError(id, "exercise.json", "$.number", "must be a positive integer");
    ex.number = doc["number"].get<int>();
    for (auto [key, into] :
         {std::pair{"title", &ex.title}, std::pair{"statement", &ex.statement}, std::pair{"mainRead", &ex.mainRead}}) {
        auto value = text(doc, key, id, true);
        if (!value)
            return value.error();
        *into = std::move(*value);
    }
    auto topics = texts(doc, "topics", id);
    if (!topics)
        return topics.error();
    ex.topics = std::move(*topics);
    for (std::size_t i = 0; i < ex.topics.size(); ++i)
        if (!isMasteryTopic(ex.topics[i]))
            return fileError(id, "exercise.json", "$.topics[" + std::to_string(i) + "]",
                             "'" + ex.topics[i] + "' is not a topic of the lesson's mastery checklist");
    auto hints = texts(doc, "hints", id);
    if (!hints)
        return hints.error();
    ex.hints = std::move(*hints);

    const auto checks = doc.find("checks");
    if (checks == doc.end() || !checks->is_array() || checks->empty())
        return fileError(id, "exercise.json", "$.checks", "must be a non-empty array");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < checks->size(); ++i) {
        const json &c = (*checks)[i];
        const std::string where = "$.checks[" + std::to_string(i) + "]";
        if (!c.is_object() || !c.contains("id") || !c["id"].is_string() || !c.contains("kind") ||
            !c["kind"].is_string() || !c.contains("says") || !c["says"].is_string())
            return fileError(id, "exercise.json", where, "needs string \"id\", \"kind\" and \"says\"");
        CheckSpec spec{c["id"].get<std::string>(), c["says"].get<std::string>(), c["kind"].get<std::string>(),
                       json::object()};
        if (!ids.insert(spec.id).second)
            return fileError(id, "exercise.json", where + ".id", "'" + spec.id + "' is used twice");
        for (const auto &item : c.items())
            if (item.key() != "id" && item.key() != "says" && item.key() != "kind")
                spec.params[item.key()] = item.value();
        if (const Status ok = validateCheckSpec(spec); !ok)
            return fileError(id, "exercise.json", where, ok.error().toString());
        ex.checks.push_back(std::move(spec));
    }

    auto start = model(files.startModel, id, "start.docshape");
    if (!start)
        return start.error();
    ex.start = std::move(*start);
    ex.startText = files.startModel;
    auto solution = model(files.solutionModel, id, "solution.docshape");
    if (!solution)
        return solution.error();
    ex.solution = std::move(*solution);
    ex.solutionExplanation = files.solutionExplanation;
    if (std::none_of(ex.start.accessPatterns.begin(), ex.start.accessPatterns.end(),
                     [&](const AccessPattern &q) { return q.name == ex.mainRead; }))
        return fileError(id, "exercise.json", "$.mainRead",
                         "the starting model has no access pattern named '" + ex.mainRead + "'");
    return ex;
}

} // namespace docshape::exercise
