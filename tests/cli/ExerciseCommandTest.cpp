#include "commands/Cli.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace docshape;

namespace {

struct Run {
    int code;
    std::string out;
    std::string err;
};

Run cliRun(const std::vector<std::string> &args) {
    std::istringstream in;
    std::ostringstream out, err;
    const int code = cli::run(args, {in, out, err});
    return {code, out.str(), err.str()};
}

} // namespace

TEST_CASE("exercise list names the ten exercises", "[cli][exercise]") {
    const Run r = cliRun({"exercise", "list", "--json"});
    REQUIRE(r.code == cli::kOk);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j.size() == 10);
    CHECK(j[1]["id"] == "author-posts");
    CHECK(j[1]["title"] == "Model a user with millions of posts");
}

TEST_CASE("exercise start writes the starting model, and refuses to overwrite", "[cli][exercise]") {
    const std::string out = test::makeTempDir("exercise-start") + "/alice.docshape";
    Run r = cliRun({"exercise", "start", "tenant-scoping", "--out", out});
    REQUIRE(r.code == cli::kOk);
    CHECK(std::filesystem::exists(out));
    r = cliRun({"exercise", "start", "7", "--out", out});
    CHECK(r.code == cli::kUsage);
    CHECK(r.err.find("exists") != std::string::npos);
    r = cliRun({"exercise", "start", "99", "--out", out});
    CHECK(r.code == cli::kUsage);
}

TEST_CASE("exercise check grades a folder: per student and check, a class "
          "summary, exit 0 only if all pass",
          "[cli][exercise]") {
    namespace fs = std::filesystem;
    const std::string dir = test::makeTempDir("exercise-class");
    const std::string data = test::dataPath("exercise/author-posts");
    fs::copy_file(test::sourceDir() + "/resources/exercises/author-posts/solution.docshape", dir + "/ana.docshape");
    fs::copy_file(data + "/wrong/posts-embedded.docshape", dir + "/ben.docshape");
    {
        std::ofstream broken(dir + "/cat.docshape");
        broken << "{\"formatVersion\": 1, \"name\": ";
    }
    Run r = cliRun({"exercise", "check", "author-posts", dir, "--json"});
    CHECK(r.code == cli::kFindings);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j["submissions"].size() == 3);
    CHECK(j["submissions"][0]["passed"] == true);
    CHECK(j["submissions"][1]["passed"] == false);
    const auto &checks = j["submissions"][1]["checks"];
    const auto c =
        std::find_if(checks.begin(), checks.end(), [](const auto &x) { return x["id"] == "posts-collection"; });
    REQUIRE(c != checks.end());
    CHECK((*c)["passed"] == false);
    CHECK((*c)["target"]["kind"] == "relationship");
    CHECK((*c)["target"]["name"] == "Author → Post (posts)");
    CHECK(j["submissions"][2]["error"].get<std::string>().find("line 1") != std::string::npos);
    CHECK(j["summary"][0]["failed"] == 1);

    r = cliRun({"exercise", "check", "2", dir + "/ben.docshape", "--csv"});
    CHECK(r.code == cli::kFindings);
    CHECK(r.out.rfind("submission,check,result,reason,target\n", 0) == 0);
    CHECK(r.out.find(",posts-not-array,fail,") != std::string::npos);
    CHECK(r.out.find("\nclass,posts-not-array,1/1 fail,") != std::string::npos);

    r = cliRun({"exercise", "check", "2", dir + "/ana.docshape"});
    CHECK(r.code == cli::kOk);
    CHECK(r.out.find("1 of 1 submissions pass every check") != std::string::npos);
}
