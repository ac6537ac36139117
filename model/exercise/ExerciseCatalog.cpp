#include "exercise/ExerciseCatalog.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace docshape::exercise {

namespace {

namespace fs = std::filesystem;

Result<std::string> readText(const fs::path &path, bool required) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (!required)
            return std::string();
        return Error{path.string(), "cannot be read"};
    }
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

void sortByNumber(std::vector<Exercise> &exercises) {
    std::stable_sort(exercises.begin(), exercises.end(),
                     [](const Exercise &a, const Exercise &b) { return a.number < b.number; });
}

} // namespace

const Result<std::vector<Exercise>> &bundledExercises() {
    static const Result<std::vector<Exercise>> parsed = []() -> Result<std::vector<Exercise>> {
        std::vector<Exercise> out;
        for (const ExerciseFiles &files : bundledExerciseFiles()) {
            auto ex = parseExercise(files);
            if (!ex)
                return ex.error();
            out.push_back(std::move(*ex));
        }
        sortByNumber(out);
        return out;
    }();
    return parsed;
}

Result<std::vector<Exercise>> loadExercises(const std::string &root) {
    std::error_code ec;
    if (!fs::is_directory(root, ec))
        return Error{root, "is not a folder of exercises"};
    std::vector<fs::path> dirs;
    for (const auto &entry : fs::directory_iterator(root, ec))
        if (entry.is_directory() && fs::exists(entry.path() / "exercise.json"))
            dirs.push_back(entry.path());
    if (ec)
        return Error{root, ec.message()};
    std::sort(dirs.begin(), dirs.end());
    std::vector<Exercise> out;
    for (const fs::path &dir : dirs) {
        ExerciseFiles files;
        files.id = dir.filename().string();
        for (auto [name, into, required] : {std::tuple{"exercise.json", &files.exerciseJson, true},
                                            std::tuple{"start.docshape", &files.startModel, true},
                                            std::tuple{"solution.docshape", &files.solutionModel, true},
                                            std::tuple{"solution.md", &files.solutionExplanation, false}}) {
            auto text = readText(dir / name, required);
            if (!text)
                return text.error();
            *into = std::move(*text);
        }
        auto ex = parseExercise(files);
        if (!ex)
            return ex.error();
        out.push_back(std::move(*ex));
    }
    if (out.empty())
        return Error{root, "holds no exercise folder (a folder with exercise.json)"};
    sortByNumber(out);
    return out;
}

const Exercise *findExercise(const std::vector<Exercise> &exercises, std::string_view idOrNumber) {
    for (const auto &ex : exercises)
        if (ex.id == idOrNumber || std::to_string(ex.number) == idOrNumber)
            return &ex;
    return nullptr;
}

} // namespace docshape::exercise
