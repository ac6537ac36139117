// Grading a class: 30 submissions of each bundled exercise, read from files
// and graded (every check and the explanation's), then the class summary, as
// `docshape-cli exercise check ID FOLDER` does. The submissions cycle
// through the exercise's worked solution, its starting model and the test
// fixtures of tests/data/exercise/<id> (correct and wrong designs), written
// to a temporary folder first. Prints what is measured and the figure.
#include "support/Timing.h"

#include "exercise/ClassSummary.h"
#include "exercise/ExerciseCatalog.h"
#include "exercise/ExerciseCheck.h"
#include "io/ProjectFile.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace docshape;
using namespace docshape::bench;
using namespace docshape::exercise;
namespace fs = std::filesystem;

namespace {

std::string readAll(const fs::path &path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

} // namespace

int main(int argc, char **argv) {
    const int students = argc > 1 ? std::atoi(argv[1]) : 30;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 15;
    const auto &loaded = bundledExercises();
    if (!loaded) {
        std::fprintf(stderr, "%s\n", loaded.error().toString().c_str());
        return 1;
    }
    const fs::path data = fs::path(DOCSHAPE_SOURCE_DIR) / "tests/data/exercise";
    const fs::path root = fs::temp_directory_path() / "docshape-bench-exercise";
    fs::remove_all(root);
    printCpus();
    for (const Exercise &ex : *loaded) {
        std::vector<std::string> texts = {serializeProject(ex.solution), ex.startText};
        for (const char *kind : {"correct", "wrong"})
            if (fs::is_directory(data / ex.id / kind))
                for (const auto &entry : fs::directory_iterator(data / ex.id / kind))
                    texts.push_back(readAll(entry.path()));
        const fs::path dir = root / ex.id;
        fs::create_directories(dir);
        std::vector<std::string> files;
        for (int i = 0; i < students; ++i) {
            files.push_back((dir / ("student" + std::to_string(i) + ".docshape")).string());
            std::ofstream(files.back(), std::ios::binary) << texts[static_cast<std::size_t>(i) % texts.size()];
        }
        const std::string what = "exercise " + std::to_string(ex.number) + " (" + ex.id + "): read and grade " +
                                 std::to_string(students) + " submissions, " + std::to_string(ex.checks.size() + 5) +
                                 " checks each, and the class summary";
        printTimings(what.c_str(), timeRuns(runs, [&] {
                         std::vector<Grade> grades;
                         for (const std::string &file : files) {
                             auto project = loadProject(file);
                             if (!project)
                                 std::abort();
                             grades.push_back(grade(ex, *project));
                         }
                         return classSummary(grades);
                     }));
    }
    fs::remove_all(root);
    return 0;
}
