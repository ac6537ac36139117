#include "help/HelpText.h"

#include "commands/Cli.h"

#include "io/BundledExamples.h"

#include <algorithm>
#include <iterator>
#include <ostream>
#include <utility>

namespace docshape::cli {

std::size_t columns(std::string_view text) {
    return std::size_t(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::vector<std::string> wrapText(std::string_view text, std::size_t width) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        const std::string_view paragraph = text.substr(start, end - start);
        std::string line;
        int depth = 0;
        std::size_t wordStart = 0;
        for (std::size_t i = 0; i <= paragraph.size(); ++i) {
            const char c = i < paragraph.size() ? paragraph[i] : ' ';
            if (c == '[')
                ++depth;
            else if (c == ']')
                --depth;
            if (c != ' ' || (depth > 0 && i < paragraph.size()))
                continue;
            const std::string_view word = paragraph.substr(wordStart, i - wordStart);
            wordStart = i + 1;
            if (word.empty())
                continue;
            if (!line.empty() && columns(line) + 1 + columns(word) > width) {
                lines.push_back(std::move(line));
                line.clear();
            }
            if (!line.empty())
                line += ' ';
            line += word;
        }
        lines.push_back(std::move(line));
        start = end + 1;
    }
    return lines;
}

std::vector<std::string> commandLines(std::string_view command, std::size_t width) {
    // An option stays with its value, a redirection with its file: a line
    // breaks only before a word that starts with '-' or '>'.
    std::vector<std::string> groups;
    std::size_t start = 0;
    while (start < command.size()) {
        std::size_t end = command.find(' ', start);
        if (end == std::string_view::npos)
            end = command.size();
        const std::string_view word = command.substr(start, end - start);
        if (!word.empty()) {
            if (groups.empty() || word[0] == '-' || word[0] == '>')
                groups.emplace_back(word);
            else
                groups.back() += " " + std::string(word);
        }
        start = end + 1;
    }
    std::vector<std::string> lines;
    for (const std::string &group : groups) {
        // Room for the continuation's indent and its " \\".
        if (!lines.empty() && columns(lines.back()) + 1 + columns(group) + 2 <= width - (lines.size() > 1 ? 2 : 0))
            lines.back() += " " + group;
        else
            lines.push_back(group);
    }
    for (std::size_t i = 0; i < lines.size(); ++i)
        lines[i] = (i > 0 ? "  " : "") + lines[i] + (i + 1 < lines.size() ? " \\" : "");
    return lines;
}

namespace {

constexpr std::string_view kProgram = "docshape-cli ";
constexpr std::size_t kIndent = 2;
constexpr std::size_t kExampleIndent = 6;
// An option name wider than this puts its meaning on the next line.
constexpr std::size_t kMaxNameColumns = 22;

// LINES after PREFIX (which the first line follows on the same line), the
// others indented to PREFIX's width.
void printHanging(std::ostream &out, std::string_view prefix, const std::vector<std::string> &lines) {
    const std::string indent(columns(prefix), ' ');
    for (std::size_t i = 0; i < lines.size(); ++i)
        out << (i == 0 ? std::string(prefix) : indent) << lines[i] << '\n';
}

void printUsage(std::ostream &out, const Command &command) {
    for (std::size_t i = 0; i < command.usage.size(); ++i) {
        const std::string_view form = command.usage[i];
        const std::string_view name = form.substr(0, form.find(' '));
        const std::string lead = std::string(i == 0 ? "usage: " : "       ") + std::string(kProgram) +
                                 std::string(name) + ' ';
        const std::string_view rest = form.size() > name.size() ? form.substr(name.size() + 1) : "";
        printHanging(out, lead, wrapText(rest, kHelpWidth - columns(lead)));
    }
}

std::string exampleNames() {
    std::string list;
    for (const std::string &name : bundledExampleNames())
        list += (list.empty() ? "" : ", ") + name;
    return list.empty() ? std::string("none found") : list;
}

void printOptions(std::ostream &out, const Command &command) {
    std::vector<Option> options;
    const std::string exampleMeaning = std::string(kExampleOption.meaning) + ": " + exampleNames();
    if (command.takesModel) {
        options.push_back(kModelOption);
        options.push_back({kExampleOption.name, exampleMeaning});
    }
    options.insert(options.end(), command.options.begin(), command.options.end());
    std::size_t nameColumns = 0;
    for (const Option &o : options)
        if (columns(o.name) <= kMaxNameColumns)
            nameColumns = std::max(nameColumns, columns(o.name));
    const std::size_t column = kIndent + nameColumns + 2;
    for (const Option &o : options) {
        std::string lead = std::string(kIndent, ' ') + std::string(o.name);
        if (columns(o.name) > nameColumns) {
            out << lead << '\n';
            lead.clear();
        }
        lead.resize(column, ' ');
        printHanging(out, lead, wrapText(o.meaning, kHelpWidth - column));
    }
}

void printExits(std::ostream &out, std::span<const ExitStatus> exits) {
    for (const ExitStatus &e : exits) {
        const std::string lead = std::string(kIndent, ' ') + std::to_string(e.code) + "  ";
        printHanging(out, lead, wrapText(e.meaning, kHelpWidth - columns(lead)));
    }
}

} // namespace

void printHelp(const Command &command, std::ostream &out) {
    printUsage(out, command);
    out << '\n';
    for (const std::string &line : wrapText(command.description, kHelpWidth))
        out << line << '\n';
    if (command.takesModel || !command.options.empty()) {
        out << "\noptions:\n";
        printOptions(out, command);
    }
    if (!command.examples.empty()) {
        out << "\nexamples:\n";
        for (const Example &e : command.examples) {
            for (const std::string &line : commandLines(e.command, kHelpWidth - kIndent))
                out << std::string(kIndent, ' ') << line << '\n';
            for (const std::string &line : wrapText(e.meaning, kHelpWidth - kExampleIndent))
                out << std::string(kExampleIndent, ' ') << line << '\n';
        }
    }
    out << "\nexit status:\n";
    printExits(out, command.exits);
}

void printOverview(std::ostream &out, std::span<const Command *const> more) {
    // Each form with its meaning in one column, as the commands are listed.
    const std::pair<std::string_view, std::string_view> forms[] = {
        {"COMMAND [ARGS...]", "runs a command"},
        {"help COMMAND", "a command's options, examples and exit status (or COMMAND --help)"},
        {"--version", "the version"},
    };
    std::size_t formColumns = 0;
    for (const auto &[form, meaning] : forms)
        formColumns = std::max(formColumns, columns(form));
    for (std::size_t i = 0; i < std::size(forms); ++i) {
        std::string lead =
            std::string(i == 0 ? "usage: " : "       ") + std::string(kProgram) + std::string(forms[i].first);
        lead.resize(lead.size() - columns(forms[i].first) + formColumns + 2, ' ');
        printHanging(out, lead, wrapText(forms[i].second, kHelpWidth - columns(lead)));
    }
    out << "\ncommands:\n";
    std::size_t nameColumns = 0;
    for (auto list : {commands(), more})
        for (const Command *c : list)
            nameColumns = std::max(nameColumns, columns(c->name));
    for (auto list : {commands(), more})
        for (const Command *c : list) {
            std::string lead = std::string(kIndent, ' ') + std::string(c->name);
            lead.resize(kIndent + nameColumns + 2, ' ');
            printHanging(out, lead, wrapText(c->summary, kHelpWidth - columns(lead)));
        }
    out << '\n';
    for (const std::string &line :
         wrapText("MODEL is a .docshape file; `--example NAME` in its place is a bundled example: " +
                      exampleNames() + ".",
                  kHelpWidth))
        out << line << '\n';
    out << "\nexit status (`docshape-cli help COMMAND` says which codes the command uses):\n";
    printExits(out, exitStatuses());
}

int usageError(const Command &command, Io io, std::string_view message) {
    io.err << kProgram.substr(0, kProgram.size() - 1) << ' ' << command.name << ": " << message << '\n';
    printUsage(io.err, command);
    io.err << "Try 'docshape-cli help " << command.name << "' for the options and examples.\n";
    return kUsage;
}

} // namespace docshape::cli
