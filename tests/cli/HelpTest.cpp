#include "commands/Cli.h"
#include "help/HelpText.h"
#include "help/ManPage.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using namespace docshape;
namespace fs = std::filesystem;

namespace {

struct Run {
    int code;
    std::string out;
    std::string err;
};

Run runCli(const std::vector<std::string> &args, const std::string &stdinText = "") {
    std::istringstream in(stdinText);
    std::ostringstream out, err;
    const int code = cli::run(args, {in, out, err});
    return {code, out.str(), err.str()};
}

std::vector<std::string> lines(const std::string &text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

// The version the top-level CMakeLists.txt declares, read from the file
// itself rather than from the header generated from it.
std::string projectVersion() {
    const std::string text = test::readFile(test::sourceDir() + "/CMakeLists.txt");
    std::smatch m;
    REQUIRE(std::regex_search(text, m, std::regex(R"(project\(DocShape VERSION ([0-9.]+))")));
    return m[1];
}

bool declares(const cli::Command &c, int code) {
    return std::any_of(c.exits.begin(), c.exits.end(), [&](const cli::ExitStatus &e) { return e.code == code; });
}

// Restores the working directory when the test ends, however it ends.
struct InDirectory {
    fs::path previous = fs::current_path();
    explicit InDirectory(const fs::path &dir) { fs::current_path(dir); }
    ~InDirectory() { fs::current_path(previous); }
};

} // namespace

TEST_CASE("docshape-cli --version prints the project version of CMakeLists.txt", "[cli][help]") {
    const Run r = runCli({"--version"});
    CHECK(r.code == cli::kOk);
    CHECK(r.out == "docshape-cli " + projectVersion() + "\n");
    CHECK(r.err.empty());
}

TEST_CASE("help NAME and NAME --help print the command's help, for every command", "[cli][help]") {
    REQUIRE(cli::commands().size() >= 5);
    for (const cli::Command *c : cli::commands()) {
        const std::string name(c->name);
        INFO(name);
        const Run help = runCli({"help", name});
        CHECK(help.code == cli::kOk);
        CHECK(help.err.empty());
        CHECK(runCli({name, "--help"}).out == help.out);
        CHECK(runCli({name, "-h"}).out == help.out);
        // --help wins over whatever else is on the line, even a wrong option.
        CHECK(runCli({name, "--bogus", "--help"}).out == help.out);

        CHECK_THAT(help.out, Catch::StartsWith("usage: docshape-cli " + name + " "));
        for (std::string_view form : c->usage)
            CHECK_THAT(help.out, Catch::Contains(std::string(form.substr(0, form.find(" [")))));
        for (const cli::Option &o : c->options)
            CHECK_THAT(help.out, Catch::Contains("\n  " + std::string(o.name) + " "));
        CHECK(c->takesModel == (help.out.find("\n  MODEL ") != std::string::npos));
        CHECK(c->takesModel == (help.out.find("\n  --example NAME ") != std::string::npos));
        REQUIRE_FALSE(c->examples.empty());
        CHECK_THAT(help.out, Catch::Contains("\nexamples:\n"));
        for (const cli::Example &e : c->examples) {
            CHECK_THAT(std::string(e.command), Catch::StartsWith("docshape-cli " + name + " "));
            CHECK_THAT(help.out, Catch::Contains(cli::commandLines(e.command, cli::kHelpWidth - 2).front()));
        }
        CHECK(declares(*c, cli::kOk));
        CHECK(declares(*c, cli::kUsage));
        for (const cli::ExitStatus &e : c->exits)
            CHECK_THAT(help.out, Catch::Contains("\n  " + std::to_string(e.code) + "  "));
        for (const std::string &line : lines(help.out)) {
            INFO(line);
            CHECK(cli::columns(line) <= cli::kHelpWidth);
        }
    }
}

TEST_CASE("the help's options are aligned: every meaning starts in one column", "[cli][help]") {
    for (const cli::Command *c : cli::commands()) {
        INFO(c->name);
        const std::vector<std::string> help = lines(runCli({"help", std::string(c->name)}).out);
        std::set<std::size_t> meaningColumns;
        std::size_t found = 0;
        std::vector<cli::Option> options(c->options.begin(), c->options.end());
        if (c->takesModel) {
            options.push_back(cli::kModelOption);
            options.push_back(cli::kExampleOption);
        }
        for (const cli::Option &o : options) {
            const std::string lead = "  " + std::string(o.name);
            for (const std::string &line : help)
                if (line.starts_with(lead + " ")) {
                    meaningColumns.insert(line.find_first_not_of(' ', lead.size()));
                    ++found;
                    break;
                }
        }
        CHECK(found == options.size());
        CHECK(meaningColumns.size() == 1);
    }
}

TEST_CASE("the overview lists every command, unknown commands are usage errors", "[cli][help]") {
    const Run overview = runCli({"--help"});
    CHECK(overview.code == cli::kOk);
    CHECK(runCli({"help"}).out == overview.out);
    CHECK(runCli({"-h"}).out == overview.out);
    // A summary longer than the line continues on the next, indented under
    // the first: read it with the line breaks and their indent as spaces.
    const std::string unwrapped = std::regex_replace(overview.out, std::regex("\n {3,}"), " ");
    for (const cli::Command *c : cli::commands()) {
        CHECK_THAT(overview.out, Catch::Contains("\n  " + std::string(c->name) + " "));
        CHECK_THAT(unwrapped, Catch::Contains(std::string(c->summary)));
    }
    for (const std::string &line : lines(overview.out))
        CHECK(cli::columns(line) <= cli::kHelpWidth);

    const Run none = runCli({});
    CHECK(none.code == cli::kUsage);
    CHECK(none.err == overview.out);
    const Run unknown = runCli({"frobnicate"});
    CHECK(unknown.code == cli::kUsage);
    CHECK_THAT(unknown.err, Catch::StartsWith("docshape-cli: unknown command 'frobnicate'"));
    CHECK(runCli({"help", "frobnicate"}).code == cli::kUsage);
    CHECK(runCli({"help", "analyze", "lint"}).code == cli::kUsage);
}

TEST_CASE("a usage error names the command, shows its usage and where its help is", "[cli][help]") {
    for (const cli::Command *c : cli::commands()) {
        const std::string name(c->name);
        INFO(name);
        const Run r = runCli({name, "--no-such-option"});
        CHECK(r.code == cli::kUsage);
        CHECK(r.out.empty());
        CHECK_THAT(r.err, Catch::StartsWith("docshape-cli " + name + ": ") &&
                              Catch::Contains("'--no-such-option'") &&
                              Catch::Contains("\nusage: docshape-cli " + name + " ") &&
                              Catch::Contains("'docshape-cli help " + name + "'"));
    }
}

TEST_CASE("every example in the help runs, and is neither a usage error nor a bad model", "[cli][help]") {
    const fs::path dir = test::makeTempDir("help-examples");
    fs::copy_file(test::examplesDir() + "/order-aggregate.docshape", dir / "model.docshape");
    fs::copy_file(test::dataPath("migrate/embed-referenced/old.docshape"), dir / "old.docshape");
    fs::copy_file(test::dataPath("migrate/embed-referenced/new.docshape"), dir / "new.docshape");
    InDirectory here(dir);
    std::size_t ran = 0;
    for (const cli::Command *c : cli::commands())
        for (const cli::Example &e : c->examples) {
            const std::string command(e.command);
            INFO(command);
            std::vector<std::string> args;
            std::istringstream words(command);
            for (std::string w; words >> w;)
                args.push_back(w);
            REQUIRE(args.front() == "docshape-cli");
            args.erase(args.begin());
            std::string target;
            if (args.size() >= 2 && args[args.size() - 2] == ">") {
                target = args.back();
                args.resize(args.size() - 2);
            }
            const Run r = runCli(args);
            INFO(r.err);
            CHECK((r.code == cli::kOk || r.code == cli::kFindings));
            CHECK(declares(*c, r.code));
            CHECK_FALSE(r.out.empty());
            if (!target.empty())
                std::ofstream(target, std::ios::binary) << r.out;
            ++ran;
        }
    CHECK(ran >= 14);
}

TEST_CASE("MODEL given as --example NAME is the bundled example's file", "[cli][help]") {
    const Run byName = runCli({"analyze", "--example", "order-aggregate"});
    CHECK(byName.code == cli::kOk);
    CHECK(byName.out == runCli({"analyze", test::examplesDir() + "/order-aggregate.docshape"}).out);
    CHECK(runCli({"analyze", "--example=order-aggregate"}).out == byName.out);
    CHECK(runCli({"lint", "--rules", "--example", "saas-multitenant"}).code == cli::kOk);

    const Run unknown = runCli({"analyze", "--example", "no-such-example"});
    CHECK(unknown.code == cli::kUsage);
    CHECK_THAT(unknown.err, Catch::Contains("no bundled example 'no-such-example'") &&
                                Catch::Contains("order-aggregate") && Catch::Contains("vehicle-auction"));
    CHECK(runCli({"sample", "--collection", "orders", "--example"}).code == cli::kUsage);
    // validate reads documents, not a model: --example is not among its options.
    const Run validate = runCli({"validate", "--schema", "-", "--example", "order-aggregate"});
    CHECK(validate.code == cli::kUsage);
    CHECK_THAT(validate.err, Catch::Contains("unknown option '--example'"));
}

TEST_CASE("the README's exit status table says what each command declares", "[cli][help]") {
    const std::string readme = test::readFile(test::sourceDir() + "/README.md");
    for (const cli::Command *c : cli::commands()) {
        const std::string name(c->name);
        INFO(name);
        const std::string start = "| `" + name + "` |";
        const std::size_t at = readme.find(start);
        REQUIRE(at != std::string::npos);
        const std::string row = readme.substr(at + start.size(), readme.find('\n', at) - at - start.size());
        std::vector<std::string> cells;
        std::istringstream in(row);
        for (std::string cell; std::getline(in, cell, '|');) {
            const std::size_t first = cell.find_first_not_of(' ');
            cells.push_back(cell.substr(first, cell.find_last_not_of(' ') + 1 - first));
        }
        REQUIRE(cells.size() == 4); // the codes 0 to 3
        for (int code = 0; code < 4; ++code) {
            INFO("exit " << code << ": " << cells[std::size_t(code)]);
            CHECK(declares(*c, code) == (cells[std::size_t(code)] != "—"));
        }
    }
}

TEST_CASE("the man page has every command's usage, options, examples and exit status", "[cli][help]") {
    std::ostringstream page;
    cli::writeManPage(page);
    const std::string roff = page.str();
    CHECK_THAT(roff, Catch::StartsWith(".TH DOCSHAPE\\-CLI 1 ") && Catch::Contains("\"DocShape " + projectVersion()));
    for (const cli::Command *c : cli::commands()) {
        INFO(c->name);
        CHECK_THAT(roff, Catch::Contains(".SS " + std::string(c->name) + "\n"));
        for (std::string_view form : c->usage)
            CHECK_THAT(roff, Catch::Contains(cli::roffText(form)));
        for (const cli::Option &o : c->options)
            CHECK_THAT(roff, Catch::Contains(".TP\n\\fB" + cli::roffText(o.name) + "\\fR\n"));
        for (const cli::Example &e : c->examples)
            CHECK_THAT(roff, Catch::Contains(cli::roffText(cli::commandLines(e.command, 62).front())));
    }
    // Text lines never start a request by accident.
    for (const std::string &line : lines(roff))
        if (!line.empty() && (line[0] == '.' || line[0] == '\'')) {
            INFO(line);
            CHECK(std::regex_match(line, std::regex(R"(\.(TH|SH|SS|B|BR|I|PP|TP|RS|RE|nf|fi|br|PD)( .*)?)")));
        }
}

TEST_CASE("roffText escapes what roff would read as commands", "[cli][help]") {
    CHECK(cli::roffText("--out DIR") == "\\-\\-out DIR");
    CHECK(cli::roffText("a\\b") == "a\\eb");
    CHECK(cli::roffText(".docshape files") == "\\&.docshape files");
    CHECK(cli::roffText("'quoted'") == "\\&'quoted'");
    CHECK(cli::roffText("it's") == "it's");
}
