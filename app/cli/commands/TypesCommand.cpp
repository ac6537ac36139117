#include "commands/Cli.h"

#include "export/types/ApplicationTypes.h"
#include "io/ProjectFile.h"

#include <ostream>

namespace docshape::cli {

namespace {

constexpr std::string_view kForms[] = {"types MODEL --lang LANG --out DIR"};

constexpr Option kOptions[] = {
    {"--lang LANG",
     "typescript (interfaces, the bounds in comments), zod (Zod 3 schemas holding the validator's rules), "
     "mongoose (Mongoose 8 schemas, the rules as its validators), pydantic (pydantic 1.10 models, strict, "
     "holding the validator's rules), go (structs with bson tags for the Go driver, one package; the rules "
     "in comments) or java (Java 17 records with Jakarta Bean Validation annotations, one package)"},
    {"--out DIR", "where to write one module per collection; made if missing, and files already there are replaced"},
};

constexpr Example kExamples[] = {
    {"docshape-cli types model.docshape --lang zod --out types",
     "types/orders.ts, types/customers.ts, ...: a Zod schema per collection, and its inferred type"},
    {"docshape-cli types model.docshape --lang pydantic --out models",
     "models/orders.py, ...: pydantic models; DOCUMENT_MODEL parses one document"},
};

constexpr ExitStatus kExits[] = {
    {kOk, "written"},
    {kUsage, "a usage error, or DIR cannot be written"},
    {kBadModel, "the model cannot be read, is invalid, or its validator cannot be exported"},
};

} // namespace

const Command kTypesCommand{
    .name = "types",
    .summary = "application types from the model: TypeScript, Zod, Mongoose, Pydantic, Go, Java",
    .usage = kForms,
    .description = "Writes one module per collection with the documents' types for the application, made from "
                   "the same description as the exported $jsonSchema validator: embedded entities as nested "
                   "types, references as the id type with a comment naming the target, variants as "
                   "discriminated unions (Mongoose: discriminators; Java: sealed interfaces). Zod, Mongoose and Pydantic hold the validator's rules (lengths, patterns, "
                   "bounds, enums, maxItems, required and nullable keys, closed objects); a rule a language "
                   "cannot hold is said in a comment beside the key. Each file names the model and its "
                   "fingerprint.",
    .options = kOptions,
    .examples = kExamples,
    .exits = kExits,
    .takesModel = true,
    .run = runTypes,
};

int runTypes(const std::vector<std::string> &args, Io io) {
    std::string path;
    std::string outDir;
    std::optional<TypesLanguage> language;
    const auto value = [&](std::size_t &i, std::string_view name, std::string &out) -> bool {
        const std::string &arg = args[i];
        const std::string prefix = std::string(name) + "=";
        if (arg.rfind(prefix, 0) == 0) {
            out = arg.substr(prefix.size());
            return true;
        }
        if (i + 1 >= args.size())
            return false;
        out = args[++i];
        return true;
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (arg == "--out" || arg.rfind("--out=", 0) == 0) {
            if (!value(i, "--out", outDir))
                return usageError(kTypesCommand, io, "--out needs a directory");
        } else if (arg == "--lang" || arg.rfind("--lang=", 0) == 0) {
            std::string name;
            if (!value(i, "--lang", name))
                return usageError(kTypesCommand, io, "--lang needs a language");
            language = typesLanguageFromString(name);
            if (!language)
                return usageError(kTypesCommand, io,
                                  "--lang is typescript, zod, mongoose, pydantic, go or java, not '" + name + "'");
        } else if (!arg.empty() && arg[0] == '-') {
            return usageError(kTypesCommand, io, "unknown option '" + arg + "'");
        } else if (path.empty()) {
            path = arg;
        } else {
            return usageError(kTypesCommand, io, "more than one model given");
        }
    }
    if (path.empty())
        return usageError(kTypesCommand, io, "no model given");
    if (!language)
        return usageError(kTypesCommand, io, "--lang LANG is required");
    if (outDir.empty())
        return usageError(kTypesCommand, io, "--out DIR is required");

    auto project = loadModel(path, io);
    if (!project)
        return kBadModel;
    auto files = applicationTypes(*project, *language);
    if (!files) {
        io.err << path << ": cannot write the types: " << files.error().toString() << '\n';
        return kBadModel;
    }
    if (Status written = writeExport(*files, outDir); !written) {
        io.err << "docshape-cli types: " << written.error().toString() << '\n';
        return kUsage;
    }
    io.out << "wrote " << files->size() << " files to " << outDir << '\n';
    for (const auto &f : *files)
        io.out << "  " << f.relativePath << '\n';
    return kOk;
}

} // namespace docshape::cli
