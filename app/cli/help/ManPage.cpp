#include "help/ManPage.h"

#include "commands/Cli.h"
#include "help/HelpText.h"

#include "BuildInfo.h"

#include <ostream>

namespace docshape::cli {

std::string roffText(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
    }
    if (!out.empty() && (out[0] == '.' || out[0] == '\''))
        out.insert(0, "\\&");
    return out;
}

namespace {

// One text line per source line: roff fills the paragraph itself.
void paragraph(std::ostream &out, std::string_view text) {
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        out << roffText(text.substr(start, end - start)) << '\n';
        if (end < text.size())
            out << ".br\n";
        start = end + 1;
    }
}

void command(std::ostream &out, const Command &c) {
    out << ".SS " << roffText(c.name) << '\n';
    for (std::string_view form : c.usage)
        out << ".B docshape\\-cli\n" << roffText(form) << "\n.br\n";
    out << ".PP\n";
    paragraph(out, c.description);
    auto option = [&](const Option &o) {
        out << ".TP\n\\fB" << roffText(o.name) << "\\fR\n";
        paragraph(out, o.meaning);
    };
    if (c.takesModel) {
        option(kModelOption);
        option({kExampleOption.name, std::string(kExampleOption.meaning) + " (see FILES)"});
    }
    for (const Option &o : c.options)
        option(o);
    if (!c.examples.empty()) {
        out << ".PP\nExamples:\n";
        for (const Example &e : c.examples) {
            out << ".RS\n.nf\n";
            // Within the page's indents at 80 columns.
            for (const std::string &line : commandLines(e.command, 62))
                out << roffText(line) << '\n';
            out << ".fi\n.RS\n";
            paragraph(out, e.meaning);
            out << ".RE\n.RE\n";
        }
    }
    out << ".PP\nExit status:\n.PD 0\n";
    for (const ExitStatus &e : c.exits) {
        out << ".TP\n.B " << e.code << '\n';
        paragraph(out, e.meaning);
    }
    out << ".PD\n";
}

} // namespace

void writeManPage(std::ostream &out, std::span<const Command *const> more) {
    out << ".TH DOCSHAPE\\-CLI 1 " << build::kReleaseDate << " \"DocShape " << build::kVersion
        << "\" \"User Commands\"\n"
           ".SH NAME\n"
           "docshape\\-cli \\- analyse, lint, export and validate DocShape models of MongoDB schemas\n"
           ".SH SYNOPSIS\n"
           ".B docshape\\-cli\n\\fICOMMAND\\fR [\\fIARGS\\fR...]\n.br\n"
           ".B docshape\\-cli help\n\\fICOMMAND\\fR\n.br\n"
           ".B docshape\\-cli \\-\\-version\n"
           ".SH DESCRIPTION\n"
           ".B docshape\\-cli\n"
           "shares the model layer with the DocShape studio: exact BSON document sizes, array bounds and "
           "growth, index entries, the advisor's findings, and exports ($jsonSchema validators, index "
           "definitions, a mongosh script). Errors go to standard error; the exit status is fit for CI.\n"
           ".PP\n"
           "MODEL is a .docshape file; \\fB\\-\\-example\\fR \\fINAME\\fR in its place is a bundled "
           "example.\n"
           "\\fBdocshape\\-cli help\\fR \\fICOMMAND\\fR, or \\fICOMMAND\\fR \\fB\\-\\-help\\fR, prints "
           "what this page says of the command.\n"
           ".SH COMMANDS\n";
    for (auto list : {commands(), more})
        for (const Command *c : list)
            command(out, *c);
    out << ".SH \"EXIT STATUS\"\n";
    for (const ExitStatus &e : exitStatuses()) {
        out << ".TP\n.B " << e.code << '\n';
        paragraph(out, e.meaning);
    }
    out <<            ".SH FILES\n"
           ".TP\n.I "
        << roffText(build::kInstalledExamples) << "\n"
           "the bundled examples, by name for \\fB\\-\\-example\\fR\n"
           ".SH \"SEE ALSO\"\n"
           ".BR docshape (1)\n";
}

} // namespace docshape::cli
