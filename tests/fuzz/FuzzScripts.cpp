// libFuzzer target: the script writers (create.js, migrate.js) and the
// application types in their six languages (laid out by the formatters'
// ports: util/PrettyDoc, export/types/ScriptLayout, PythonLayout, the Java
// writer's levels) on models read from the input: one model, or two
// separated by a NUL byte (the migration's before and after). Property:
// whatever the models hold, the writers do not crash or hang, and what they
// write is valid UTF-8 with no carriage return, U+2028 or U+2029 written
// raw: those end a "//" comment early, and the one JavaScript writer
// (util/JavaScriptText) escapes them in strings and blanks them in
// comments. (Tokenising the output with each language's own tokenizer, and
// its formatter's check, is tests/migrate-js/hostile-names.js's job.)
#include "derive/DeriveCollections.h"
#include "export/MongoshExporter.h"
#include "export/types/ApplicationTypes.h"
#include "io/ProjectFile.h"
#include "migrate/MigrationPlan.h"
#include "util/Utf8.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

void check(std::string_view script, const char *what) {
    using namespace docshape;
    for (std::size_t at = 0; at < script.size();) {
        std::size_t length = 1;
        const char32_t c = utf8::decode(script, at, length);
        if ((c == utf8::kReplacement && length == 1) || c == 0x2028 || c == 0x2029 || c == '\r') {
            std::fprintf(stderr, "%s: U+%04X at byte %zu\n", what, unsigned(c), at);
            std::abort();
        }
        at += length;
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    using namespace docshape;
    const std::string_view input(reinterpret_cast<const char *>(data), size);
    const std::size_t split = input.find('\0');
    auto before = parseProject(input.substr(0, split));
    if (!before)
        return 0;
    if (auto script = mongoshScript(*before, deriveCollections(*before)))
        check(*script, "create.js");
    for (auto language : {TypesLanguage::TypeScript, TypesLanguage::Zod, TypesLanguage::Mongoose,
                          TypesLanguage::Pydantic, TypesLanguage::Go, TypesLanguage::Java})
        if (auto files = applicationTypes(*before, language))
            for (const auto &file : *files)
                check(file.content, file.relativePath.c_str());
    if (split == std::string_view::npos)
        return 0;
    auto after = parseProject(input.substr(split + 1));
    if (!after)
        return 0;
    if (auto plan = planMigration(*before, *after))
        check(migrationScript(*plan), "migrate.js");
    return 0;
}
