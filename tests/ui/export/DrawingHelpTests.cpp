// The commands that draw (diagram, report) declare their help as the others
// do (Cli.h: Command): `help NAME` and `NAME --help` print it, the overview
// and the man page list them, their examples run, and the README's exit
// status table says what they declare. tests/cli/HelpTest.cpp checks the
// same of the Qt-free commands.
#include "commands/Cli.h"
#include "help/HelpText.h"
#include "help/ManPage.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>

using namespace docshape;
namespace fs = std::filesystem;

namespace {

struct Run {
    int code;
    std::string out;
    std::string err;
};

Run runDrawing(const std::vector<std::string> &args) {
    std::istringstream in;
    std::ostringstream out, err;
    const int code = cli::run(args, {in, out, err}, cli::drawingCommands());
    return {code, out.str(), err.str()};
}

struct InDirectory {
    fs::path previous = fs::current_path();
    explicit InDirectory(const fs::path &dir) { fs::current_path(dir); }
    ~InDirectory() { fs::current_path(previous); }
};

} // namespace

TEST_CASE("diagram and report: help NAME and NAME --help print their help", "[cli][help][diagram][report]") {
    REQUIRE(cli::drawingCommands().size() == 2);
    for (const cli::Command *c : cli::drawingCommands()) {
        const std::string name(c->name);
        INFO(name);
        const Run help = runDrawing({"help", name});
        CHECK(help.code == cli::kOk);
        CHECK(help.err.empty());
        CHECK(runDrawing({name, "--help"}).out == help.out);
        for (std::string_view form : c->usage)
            CHECK_THAT(help.out, Catch::Contains(std::string(form).substr(0, 30)));
        CHECK_THAT(help.out, Catch::Contains("--example NAME") && Catch::Contains("\nexamples:\n") &&
                                 Catch::Contains("\nexit status:\n"));
        REQUIRE(!c->examples.empty());
        for (const cli::Example &e : c->examples)
            CHECK_THAT(help.out, Catch::Contains(cli::commandLines(e.command, cli::kHelpWidth - 2).front()));
        // The overview lists them, the plain dispatcher (without them) does not know them.
        CHECK_THAT(runDrawing({"--help"}).out, Catch::Contains("  " + name + " "));
        std::istringstream in;
        std::ostringstream out, err;
        CHECK(cli::run({name, "--help"}, {in, out, err}) == cli::kUsage);
        // A usage error points at the help.
        const Run bad = runDrawing({name, "--no-such-option"});
        CHECK(bad.code == cli::kUsage);
        CHECK_THAT(bad.err, Catch::Contains("docshape-cli " + name + ": unknown option") &&
                                Catch::Contains("Try 'docshape-cli help " + name + "'"));
    }
}

TEST_CASE("diagram and report: every example of their help runs", "[cli][help][diagram][report]") {
    const fs::path dir = test::makeTempDir("drawing-help");
    fs::copy_file(test::examplesDir() + "/order-aggregate.docshape", dir / "model.docshape");
    InDirectory here(dir);
    for (const cli::Command *c : cli::drawingCommands())
        for (const cli::Example &e : c->examples) {
            INFO(e.command);
            std::vector<std::string> args;
            std::istringstream words{std::string(e.command)};
            for (std::string w; words >> w;)
                args.push_back(w);
            REQUIRE(args.size() > 2);
            REQUIRE(args.front() == "docshape-cli");
            args.erase(args.begin());
            const auto out = std::find(args.begin(), args.end(), "--out");
            REQUIRE(out + 1 < args.end());
            const std::string file = *(out + 1);
            const Run r = runDrawing(args);
            CHECK(r.code == cli::kOk);
            CHECK(r.err.empty());
            CHECK(fs::file_size(dir / file) > 1000);
        }
}

TEST_CASE("diagram and report: the man page and the README's exit table have them", "[cli][help][diagram][report]") {
    std::ostringstream page;
    cli::writeManPage(page, cli::drawingCommands());
    const std::string readme = test::readFile(test::sourceDir() + "/README.md");
    for (const cli::Command *c : cli::drawingCommands()) {
        const std::string name(c->name);
        INFO(name);
        CHECK_THAT(page.str(), Catch::Contains(".SS " + name + "\n"));
        const std::string start = "| `" + name + "` |";
        const std::size_t at = readme.find(start);
        REQUIRE(at != std::string::npos);
        std::istringstream row(readme.substr(at + start.size(), readme.find('\n', at) - at - start.size()));
        int code = 0;
        for (std::string cell; std::getline(row, cell, '|') && code < 4; ++code) {
            const bool declared = std::any_of(c->exits.begin(), c->exits.end(),
                                              [&](const cli::ExitStatus &e) { return e.code == code; });
            INFO("exit " << code << ": " << cell);
            CHECK(declared == (cell.find("—") == std::string::npos));
        }
        CHECK(code == 4);
    }
}
