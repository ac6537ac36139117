#include "commands/Cli.h"
#include "commands/DrawingCommands.h"

#include "export/ReportExport.h"
#include "io/AtomicFile.h"

#include <ctime>
#include <ostream>
#include <regex>

namespace docshape::cli {

namespace {
constexpr std::string_view kForms[] = {
    "report MODEL --out FILE.html|FILE.pdf [--title T] [--author A] [--date YYYY-MM-DD] "
    "[--collection NAME]... [--no-appendices]",
};

constexpr Option kOptions[] = {
    {"--out FILE", "FILE.html or FILE.pdf"},
    {"--title T", "the report's title (default: \"Design review: \" and the model's name)"},
    {"--author A", "who wrote it, under the title"},
    {"--date YYYY-MM-DD", "the day under the title (default: today)"},
    {"--collection NAME", "reports only NAME; repeat for more"},
    {"--no-appendices", "without the exported validators and index definitions"},
};

constexpr Example kExamples[] = {
    {"docshape-cli report model.docshape --out review.html", "the design review as one HTML file"},
    {"docshape-cli report --example order-aggregate --out review.pdf --author Reviewer --date 2025-01-31",
     "the same as PDF, with an author and a fixed date"},
};

constexpr ExitStatus kExits[] = {
    {kOk, "written"},
    {kUsage, "a usage error, or FILE cannot be written"},
    {kBadModel, "the model cannot be read or is invalid"},
};

int usageError(Io io, const std::string &message) { return usageError(kReportCommand, io, message); }

std::string today() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &local);
    return buf;
}

bool validDay(const std::string &date) {
    if (!std::regex_match(date, std::regex(R"(\d{4}-\d{2}-\d{2})")))
        return false;
    std::tm t{};
    t.tm_year = std::stoi(date.substr(0, 4)) - 1900;
    t.tm_mon = std::stoi(date.substr(5, 2)) - 1;
    t.tm_mday = std::stoi(date.substr(8, 2));
    const int mon = t.tm_mon, day = t.tm_mday;
    std::tm copy = t;
    timegm(&copy); // normalises an impossible day (Feb 30) into another month
    return copy.tm_mon == mon && copy.tm_mday == day;
}
} // namespace

const Command kReportCommand{
    .name = "report",
    .summary = "the design-review report, as HTML or PDF",
    .usage = kForms,
    .description = "The design-review report: summary, diagram, each collection's worksheet, sizes, growth and "
                   "indexes, access-pattern costs, embed-or-reference decisions, findings, decisions, "
                   "assumptions, and the exported validators and index definitions as appendices. The numbers "
                   "are those of analyze --json and lint --json.",
    .options = kOptions,
    .examples = kExamples,
    .exits = kExits,
    .takesModel = true,
    .run = runReport,
};

// The exit status as kExits says.
int runReport(const std::vector<std::string> &args, Io io) {
    std::string path, out;
    report::ReportOptions options;
    bool dateGiven = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        bool missing = false;
        if (auto v = optionValue(args, i, "--out", missing)) {
            if (missing)
                return usageError(io, "--out needs a file");
            out = *v;
        } else if (auto v = optionValue(args, i, "--title", missing)) {
            if (missing)
                return usageError(io, "--title needs a text");
            options.title = *v;
        } else if (auto v = optionValue(args, i, "--author", missing)) {
            if (missing)
                return usageError(io, "--author needs a name");
            options.author = *v;
        } else if (auto v = optionValue(args, i, "--date", missing)) {
            if (missing || !validDay(*v))
                return usageError(io, "--date needs a day as YYYY-MM-DD" + (missing ? "" : ", not '" + *v + "'"));
            options.date = *v;
            dateGiven = true;
        } else if (auto v = optionValue(args, i, "--collection", missing)) {
            if (missing)
                return usageError(io, "--collection needs a collection name");
            options.collections.push_back(*v);
        } else if (arg == "--no-appendices") {
            options.appendices = false;
        } else if (!arg.empty() && arg[0] == '-') {
            return usageError(io, "unknown option '" + arg + "'");
        } else if (path.empty()) {
            path = arg;
        } else {
            return usageError(io, "more than one model given");
        }
    }
    if (path.empty())
        return usageError(io, "no model given");
    if (out.empty())
        return usageError(io, "--out FILE.html or FILE.pdf is required");
    const auto format = ui::exporting::reportFormatOf(out);
    if (!format)
        return usageError(io, "--out '" + out + "': the file name must end in .html or .pdf");
    if (!dateGiven)
        options.date = today();

    OffscreenCanvas canvas;
    if (Status loaded = canvas.load(path); !loaded) {
        const Error &e = loaded.error();
        io.err << (e.where == path ? "" : path + ": ") << e.toString() << '\n';
        return kBadModel;
    }
    auto bytes = ui::exporting::makeReport(canvas.scene(), options, *format);
    if (!bytes) {
        io.err << "docshape-cli report: " << bytes.error().toString() << '\n';
        return kUsage;
    }
    if (Status written = io::writeFileAtomically(out, *bytes); !written) {
        io.err << "docshape-cli report: " << written.error().toString() << '\n';
        return kUsage;
    }
    io.out << "wrote " << out << '\n';
    return kOk;
}

} // namespace docshape::cli
