#include "commands/Cli.h"

#include "validate/DocumentStream.h"
#include "validate/ExtendedJson.h"
#include "validate/JsonSchema.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <istream>
#include <ostream>

namespace docshape::cli {

namespace {

using validate::JsonSchema;
using validate::ValidationError;

constexpr std::string_view kForms[] = {"validate --schema FILE DOCS [--json]"};

constexpr Option kOptions[] = {
    {"--schema FILE", "a $jsonSchema, {\"$jsonSchema\": ...} or collection options {\"validator\": "
                      "{\"$jsonSchema\": ...}}, in Extended JSON; '-' for standard input"},
    {"DOCS", "Extended JSON documents, one per line or as a JSON array; '-' for standard input"},
    {"--json", "one line per document: {\"index\":N,\"valid\":...,\"errors\":[...]}, N counting from 1 as "
               "the text does and as 'sample --break' numbers the documents it breaks"},
};

constexpr Example kExamples[] = {
    {"docshape-cli validate --schema schema/validators/orders.json orders.json",
     "the sampled orders against the exported validator: all valid"},
    {"docshape-cli validate --schema schema/validators/orders.json bad.json --json",
     "the broken orders: each invalid, with the path, the keyword and the reason"},
};

constexpr ExitStatus kExits[] = {
    {kOk, "every document is valid"},
    {kFindings, "some document is invalid, or is not an Extended JSON document"},
    {kUsage, "a usage error, a schema file that is not JSON, or documents that are not JSON"},
    {kBadModel, "a schema or documents file that cannot be read, or a schema the server refuses, with the "
                "server's reason"},
};

struct Options {
    std::string schemaPath;
    std::string docsPath;
    bool json = false;
};

// Empty, or the message of a usage error.
std::string parseArgs(const std::vector<std::string> &args, Options &opt) {
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (a == "--schema") {
            if (i + 1 >= args.size())
                return "--schema needs a file";
            opt.schemaPath = args[++i];
        } else if (a.rfind("--schema=", 0) == 0) {
            opt.schemaPath = a.substr(9);
        } else if (a == "--json") {
            opt.json = true;
        } else if (a != "-" && a.rfind("-", 0) == 0) {
            return "unknown option '" + a + "'";
        } else if (opt.docsPath.empty()) {
            opt.docsPath = a;
        } else {
            return "more than one DOCS argument ('" + opt.docsPath + "', '" + a + "')";
        }
    }
    if (opt.schemaPath.empty() || opt.docsPath.empty())
        return std::string(opt.schemaPath.empty() ? "--schema FILE" : "DOCS") + " is missing";
    if (opt.schemaPath == "-" && opt.docsPath == "-")
        return "the schema and the documents cannot both come from standard input";
    return {};
}

// Reads the schema from a file or standard input. A validator is one
// document, so its text is bounded as each document's is in DOCS; a bigger
// input (`--schema /dev/zero`) is refused after the bound, never read whole.
// Empty, or what went wrong.
std::string readSchema(const std::string &path, std::istream &stdinStream, std::string &out) {
    std::ifstream file;
    std::istream *in = &stdinStream;
    if (path != "-") {
        file.open(path, std::ios::binary);
        if (!file)
            return "cannot read schema file '" + path + "'";
        in = &file;
    }
    constexpr std::size_t kMax = validate::DocumentStream::kMaxDocumentBytes;
    out.clear();
    char chunk[1 << 16];
    while (in->read(chunk, sizeof chunk) || in->gcount() > 0) {
        out.append(chunk, std::size_t(in->gcount()));
        if (out.size() > kMax)
            return "schema file '" + path + "' is longer than " + std::to_string(kMax >> 20) +
                   " MiB (the longest a document's text may be)";
    }
    if (in->bad())
        return "cannot read schema file '" + path + "'";
    return {};
}

std::string where(const Error &e) { return e.where.empty() ? "" : " (at " + e.where + ")"; }

// `number` counts from 1, as `sample --break` names the documents it breaks.
void printJson(std::ostream &out, size_t number, bool valid,
               const std::vector<ValidationError> &errors) {
    nlohmann::json line;
    line["index"] = number;
    line["valid"] = valid;
    line["errors"] = nlohmann::json::array();
    for (const ValidationError &e : errors)
        line["errors"].push_back({{"path", e.path}, {"keyword", e.keyword}, {"message", e.message}});
    out << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

void printText(std::ostream &out, size_t number, size_t line, bool valid,
               const std::vector<ValidationError> &errors) {
    out << "document " << number << " (line " << line << "): " << (valid ? "valid" : "invalid")
        << '\n';
    for (const ValidationError &e : errors)
        out << "  " << (e.path.empty() ? "(document)" : e.path) << ": " << e.message << "  ["
            << e.keyword << "]\n";
}

} // namespace

const Command kValidateCommand{
    .name = "validate",
    .summary = "check documents against a $jsonSchema as the server does",
    .usage = kForms,
    .description = "Checks documents against a $jsonSchema exactly as the MongoDB server would, and says of "
                   "each document whether it passes and why not. A schema the server would refuse is "
                   "refused with the server's reason.",
    .options = kOptions,
    .examples = kExamples,
    .exits = kExits,
    .takesModel = false,
    .run = runValidate,
};

int runValidate(const std::vector<std::string> &args, Io io) {
    Options opt;
    if (std::string message = parseArgs(args, opt); !message.empty())
        return usageError(kValidateCommand, io, message);

    std::string schemaText;
    if (std::string problem = readSchema(opt.schemaPath, io.in, schemaText); !problem.empty()) {
        io.err << "docshape-cli validate: " << problem << '\n';
        return kBadModel;
    }
    auto validator = JsonSchema::readValidator(schemaText);
    if (!validator) {
        io.err << "docshape-cli validate: " << opt.schemaPath << ": "
               << validator.error().message << where(validator.error()) << '\n';
        return kUsage;
    }
    auto schema = JsonSchema::compileValidator(validator->get());
    if (!schema) {
        io.err << "docshape-cli validate: the server would refuse this schema: "
               << schema.error().message << where(schema.error()) << '\n';
        return kBadModel;
    }

    std::ifstream file;
    std::istream *docs = &io.in;
    if (opt.docsPath != "-") {
        file.open(opt.docsPath, std::ios::binary);
        if (!file) {
            io.err << "docshape-cli validate: cannot read documents file '" << opt.docsPath
                   << "'\n";
            return kBadModel;
        }
        docs = &file;
    }

    validate::DocumentStream stream(*docs);
    validate::ExtendedJsonParser parser;
    validate::BsonDocument doc;
    size_t total = 0, invalid = 0;
    std::vector<ValidationError> parseErrors(1);
    while (true) {
        const auto next = stream.next();
        if (next == validate::DocumentStream::Next::End)
            break;
        if (next == validate::DocumentStream::Next::Error) {
            io.out.flush();
            io.err << "docshape-cli validate: " << opt.docsPath << ": " << stream.error() << '\n';
            return kUsage;
        }
        ++total;
        const std::vector<ValidationError> *errors = &parseErrors;
        validate::ValidationResult result;
        Status parsed = parser.parseInto(stream.text(), doc.get());
        bool valid = false;
        if (!parsed) {
            parseErrors[0] = {"", "extendedJson",
                              "line " + std::to_string(stream.line()) +
                                  ": not a valid Extended JSON document: " +
                                  parsed.error().message};
        } else {
            result = schema->validate(doc.get());
            valid = result.valid;
            errors = &result.errors;
        }
        if (!valid)
            ++invalid;
        if (opt.json)
            printJson(io.out, stream.index() + 1, valid, *errors);
        else
            printText(io.out, stream.index() + 1, stream.line(), valid, *errors);
    }
    if (!opt.json)
        io.out << total << (total == 1 ? " document: " : " documents: ") << (total - invalid)
               << " valid, " << invalid << " invalid\n";
    return invalid ? kFindings : kOk;
}

} // namespace docshape::cli
