#include "help/LinkedLibraries.h"

#include <bson/bson.h>
#include <cairo.h>
#include <graphviz/graphviz_version.h>
#include <librsvg/rsvg.h>
#include <nlohmann/json.hpp>
#include <pango/pango.h>
#include <simdjson.h>
#include <zlib.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

namespace docshape::ui::help {

namespace {
#define DOCSHAPE_STRINGIFY_(x) #x
#define DOCSHAPE_STRINGIFY(x) DOCSHAPE_STRINGIFY_(x)

std::string pcre2Version() {
    char buffer[64] = {};
    if (pcre2_config(PCRE2_CONFIG_VERSION, buffer) < 0)
        return {};
    return buffer;
}

std::string rsvgVersion() {
    return std::to_string(rsvg_major_version) + '.' + std::to_string(rsvg_minor_version) + '.' +
           std::to_string(rsvg_micro_version);
}

std::string nlohmannVersion() {
    return std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + '.' + std::to_string(NLOHMANN_JSON_VERSION_MINOR) + '.' +
           std::to_string(NLOHMANN_JSON_VERSION_PATCH);
}
} // namespace

std::vector<LinkedLibraries::Library> LinkedLibraries::list() {
    const std::string pcre2Built = DOCSHAPE_STRINGIFY(PCRE2_MAJOR) "." DOCSHAPE_STRINGIFY(PCRE2_MINOR);
    return {
        {"libbson", bson_get_version(), BSON_VERSION_S, "Apache-2.0", "BSON documents: sizes, samples, import"},
        {"PCRE2", pcre2Version(), pcre2Built, "BSD-3-Clause with the PCRE2 binary exception",
         "$jsonSchema pattern, as the server evaluates it"},
        {"simdjson", DOCSHAPE_STRINGIFY(SIMDJSON_VERSION), DOCSHAPE_STRINGIFY(SIMDJSON_VERSION), "Apache-2.0",
         "reading Extended JSON and model files"},
        {"zlib", zlibVersion(), ZLIB_VERSION, "Zlib", "gzipped mongodump files"},
        {"Graphviz (cgraph, gvc)", PACKAGE_VERSION, PACKAGE_VERSION, "EPL-1.0", "auto-layout and edge routing"},
        {"cairo", cairo_version_string(), CAIRO_VERSION_STRING, "LGPL-2.1 or MPL-1.1", "the report's PDF"},
        {"Pango", pango_version_string(), PANGO_VERSION_STRING, "LGPL-2.0-or-later", "the report's text layout"},
        {"librsvg", rsvgVersion(), LIBRSVG_VERSION, "LGPL-2.0-or-later", "SVG figures in the report's PDF"},
        {"nlohmann_json", nlohmannVersion(), nlohmannVersion(), "MIT", "JSON output and exports"},
    };
}

} // namespace docshape::ui::help
