#pragma once

#include "core/Project.h"
#include "export/ExportBundle.h"
#include "util/Result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace docshape {

// The languages `docshape-cli types` and the studio's Export > Application
// Types write, each checked by its own toolchain in the tests
// (tests/migrate-js/types-check.js, tests/types/types_check.py).
enum class TypesLanguage { TypeScript, Zod, Mongoose, Pydantic, Go, Java };

std::string_view toString(TypesLanguage language); // "typescript", "zod", "mongoose", "pydantic", "go", "java"
std::optional<TypesLanguage> typesLanguageFromString(std::string_view name);

// One module per collection (`<stem>.ts`, or `<stem>.js` for Mongoose, by
// exportFileStem; `<name>.py`, a Python module name made of the
// collection's name; `<name>.go`, the files of one package; `<Type>.java`,
// named after the document's type, as Java requires), in derivation order.
// Each file's first lines say which model it came from: its name and a
// fingerprint of its saved form (the same model, the same fingerprint), so a
// reviewer can tell which version generated it. Deterministic: the same model
// gives byte-identical files. Fails as the validator export fails, or when
// the validator holds a rule the types cannot represent (never silently).
Result<std::vector<ExportFile>> applicationTypes(const Project &project, TypesLanguage language);

} // namespace docshape
