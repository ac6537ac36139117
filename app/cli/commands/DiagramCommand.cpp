#include "commands/Cli.h"
#include "commands/DrawingCommands.h"

#include "export/DiagramExport.h"
#include "io/AtomicFile.h"

#include <algorithm>
#include <cmath>
#include <ostream>

namespace docshape::cli {

namespace {
constexpr std::string_view kForms[] = {
    "diagram MODEL --out FILE.svg|FILE.png [--scale S] [--transparent] [--collection NAME]...",
};

constexpr Option kOptions[] = {
    {"--out FILE", "FILE.svg (text stays text) or FILE.png"},
    {"--scale S", "pixels per canvas unit in a PNG (default 1)"},
    {"--transparent", "no white background"},
    {"--collection NAME", "draws only NAME with the entities it embeds; repeat for more"},
};

constexpr Example kExamples[] = {
    {"docshape-cli diagram model.docshape --out model.svg", "the whole diagram as SVG"},
    {"docshape-cli diagram --example order-aggregate --out orders.png --scale 2 --collection orders",
     "one collection as a PNG at twice the size"},
};

constexpr ExitStatus kExits[] = {
    {kOk, "written"},
    {kUsage, "a usage error, or FILE cannot be written"},
    {kBadModel, "the model cannot be read or is invalid"},
};

int usageError(Io io, const std::string &message) { return usageError(kDiagramCommand, io, message); }

bool endsWith(std::string s, std::string_view suffix) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}
} // namespace

const Command kDiagramCommand{
    .name = "diagram",
    .summary = "the diagram as the studio draws it, as SVG or PNG",
    .usage = kForms,
    .description = "Draws the model's diagram with the studio's own canvas, without a display: SVG keeps the "
                   "text as text, PNG has S pixels per canvas unit, on white unless --transparent. The same "
                   "model gives the same bytes.",
    .options = kOptions,
    .examples = kExamples,
    .exits = kExits,
    .takesModel = true,
    .run = runDiagram,
};

// The exit status as kExits says.
int runDiagram(const std::vector<std::string> &args, Io io) {
    std::string path, out;
    ui::exporting::DiagramOptions options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        bool missing = false;
        if (auto v = optionValue(args, i, "--out", missing)) {
            if (missing)
                return usageError(io, "--out needs a file");
            out = *v;
        } else if (auto v = optionValue(args, i, "--scale", missing)) {
            if (missing)
                return usageError(io, "--scale needs a number");
            char *end = nullptr;
            const double scale = std::strtod(v->c_str(), &end);
            if (v->empty() || *end != '\0' || !std::isfinite(scale))
                return usageError(io, "--scale '" + *v + "' is not a number");
            options.scale = scale;
        } else if (auto v = optionValue(args, i, "--collection", missing)) {
            if (missing)
                return usageError(io, "--collection needs a collection name");
            options.collections.push_back(*v);
        } else if (arg == "--transparent") {
            options.transparent = true;
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
        return usageError(io, "--out FILE.svg or FILE.png is required");
    const bool svg = endsWith(out, ".svg");
    if (!svg && !endsWith(out, ".png"))
        return usageError(io, "--out '" + out + "': the file name must end in .svg or .png");

    OffscreenCanvas canvas;
    if (Status loaded = canvas.load(path); !loaded) {
        const Error &e = loaded.error();
        io.err << (e.where == path ? "" : path + ": ") << e.toString() << '\n';
        return kBadModel;
    }
    const ui::exporting::DiagramExport diagram(canvas.scene(), options);
    if (Status ok = diagram.check(); !ok)
        return usageError(io, ok.error().toString());
    auto bytes = svg ? diagram.svg() : diagram.png();
    if (!bytes) {
        io.err << "docshape-cli diagram: " << bytes.error().toString() << '\n';
        return kUsage;
    }
    if (Status written = io::writeFileAtomically(out, std::string_view(bytes->constData(), std::size_t(bytes->size())));
        !written) {
        io.err << "docshape-cli diagram: " << written.error().toString() << '\n';
        return kUsage;
    }
    io.out << "wrote " << out << '\n';
    return kOk;
}

} // namespace docshape::cli
