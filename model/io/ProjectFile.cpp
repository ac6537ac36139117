#include "io/ProjectFile.h"

#include "io/AtomicFile.h"
#include "io/FormatUpgrade.h"
#include "io/JsonErrorLocator.h"
#include "io/ProjectReader.h"
#include "io/ProjectWriter.h"

#include <simdjson.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <sys/stat.h>

namespace docshape {

namespace {

std::string mebibytes(std::size_t bytes) {
    return std::to_string((bytes + (std::size_t{1} << 20) - 1) >> 20) + " MiB";
}

Error tooLarge(std::size_t bytes) {
    return Error{"$", "the file is " + mebibytes(bytes) + "; the limit is " +
                          mebibytes(io::kMaxFileBytes)};
}

// The JSON path of the first map field in `fields` (below `at`), if any.
std::optional<std::string> firstMap(const std::vector<Field> &fields, const std::string &at) {
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const std::string here = at + ".fields[" + std::to_string(i) + "]";
        if (fields[i].details->map)
            return here;
        if (auto inner = firstMap(fields[i].fields, here))
            return inner;
    }
    return std::nullopt;
}

std::optional<std::string> firstMap(const Project &project) {
    for (std::size_t e = 0; e < project.entities.size(); ++e) {
        const Entity &entity = project.entities[e];
        const std::string at = "$.entities[" + std::to_string(e) + "]";
        if (auto found = firstMap(entity.fields, at))
            return found;
        for (std::size_t v = 0; v < entity.variants.size(); ++v)
            if (auto found = firstMap(entity.variants[v].fields, at + ".variants[" + std::to_string(v) + "]"))
                return found;
    }
    return std::nullopt;
}

// The JSON path of the first relationship's presence other than 1, if any.
std::optional<std::string> firstRelationshipPresence(const Project &project) {
    for (std::size_t i = 0; i < project.relationships.size(); ++i)
        if (project.relationships[i].presence != 1)
            return "$.relationships[" + std::to_string(i) + "].presence";
    return std::nullopt;
}

// `data` is followed by at least simdjson::SIMDJSON_PADDING readable bytes
// when `padded`, which spares simdjson a copy.
Result<Project> parseText(const char *data, std::size_t size, bool padded, bool allowUpgrade) {
    if (size > io::kMaxFileBytes)
        return tooLarge(size);
    if (size >= 3 && std::memcmp(data, "\xEF\xBB\xBF", 3) == 0) {
        data += 3; // a UTF-8 byte order mark, as some editors write
        size -= 3;
    }

    simdjson::dom::parser parser;
    if (parser.allocate(size, io::kMaxJsonDepth) != simdjson::SUCCESS)
        return Error{"$", "not enough memory to read a file of " + mebibytes(size)};
    simdjson::dom::element root;
    if (const auto error = parser.parse(data, size, !padded).get(root);
        error != simdjson::SUCCESS) {
        const std::string_view text(data, size);
        if (const auto located = io::locateJsonError(text, io::kMaxJsonDepth))
            return Error{"$", "invalid JSON at " + located->toString()};
        return Error{"$", std::string("invalid JSON: ") + simdjson::error_message(error)};
    }
    simdjson::dom::object top;
    if (root.get(top) != simdjson::SUCCESS)
        return Error{"$", "expected a JSON object at the top level: this is not a DocShape "
                          "model file"};

    simdjson::dom::element versionValue;
    if (top.at_key("formatVersion").get(versionValue) != simdjson::SUCCESS)
        return Error{"$", "missing \"formatVersion\": this is not a DocShape model file (it "
                          "starts with {\"formatVersion\": " +
                              std::to_string(kFormatVersion) + ", ...})"};
    std::int64_t version = 0;
    if (versionValue.type() != simdjson::dom::element_type::INT64 ||
        versionValue.get(version) != simdjson::SUCCESS) {
        if (versionValue.type() == simdjson::dom::element_type::UINT64)
            version = INT64_MAX;
        else
            return Error{"$.formatVersion", "expected an integer format version"};
    }
    if (version > kFormatVersion)
        return Error{"$.formatVersion",
                     "file format version " + std::to_string(version) +
                         " is newer than this DocShape (" + std::to_string(kFormatVersion) +
                         "); open it with a newer DocShape"};
    if (version < 1)
        return Error{"$.formatVersion", "file format version " + std::to_string(version) +
                                            " is not valid; versions start at 1"};
    if (version < kFormatVersion && !io::readsWithoutUpgrade(static_cast<int>(version))) {
        if (!allowUpgrade)
            return Error{"$.formatVersion", "the upgrade did not reach the current version"};
        nlohmann::json document = nlohmann::json::parse(data, data + size, nullptr, false);
        if (document.is_discarded())
            return Error{"$", "the file could not be read for upgrading"};
        auto upgraded = io::upgradeDocument(std::move(document), static_cast<int>(version));
        if (!upgraded)
            return upgraded.error();
        const std::string text = upgraded->dump();
        return parseText(text.data(), text.size(), false, false);
    }

    Result<Project> project = io::ProjectReader().read(root);
    if (!project)
        return project;
    if (version < 2)
        if (auto map = firstMap(*project))
            return Error{*map + ".map", "a map field needs format version 2; this file says " +
                                            std::to_string(version)};
    if (version < 3)
        if (auto presence = firstRelationshipPresence(*project))
            return Error{*presence, "a relationship's presence needs format version 3; this file says " +
                                        std::to_string(version)};
    if (Status status = validateProject(*project); !status)
        return status.error();
    return project;
}

} // namespace

int formatVersionFor(const Project &project) {
    if (firstRelationshipPresence(project))
        return 3;
    return firstMap(project) ? 2 : 1;
}

Result<Project> parseProject(std::string_view text) {
    return parseText(text.data(), text.size(), false, true);
}

std::string serializeProject(const Project &project) { return io::ProjectWriter().write(project); }

Result<Project> loadProject(const std::string &path) {
    const auto systemError = [&](std::string_view what) {
        return Error{path, std::string(what) + ": " + std::strerror(errno)};
    };
    std::unique_ptr<std::FILE, int (*)(std::FILE *)> file(std::fopen(path.c_str(), "rb"),
                                                          &std::fclose);
    if (!file)
        return systemError("cannot open the file");
    struct stat info {};
    if (::fstat(::fileno(file.get()), &info) != 0)
        return systemError("cannot read the file");
    if (S_ISDIR(info.st_mode))
        return Error{path, "cannot open the file: it is a directory"};
    if (!S_ISREG(info.st_mode))
        return Error{path, "cannot open the file: it is not a regular file"};
    const auto size = static_cast<std::size_t>(info.st_size);
    if (size > io::kMaxFileBytes) {
        Error error = tooLarge(size);
        error.where = path;
        return error;
    }
    simdjson::padded_string buffer(size);
    if (size > 0 && std::fread(buffer.data(), 1, size, file.get()) != size)
        return std::ferror(file.get()) ? systemError("cannot read the file")
                                       : Error{path, "the file changed while it was read"};
    return parseText(buffer.data(), size, true, true);
}

Status saveProject(const Project &project, const std::string &path) {
    if (Status status = validateProject(project); !status)
        return Error{status.error().where,
                     "not saved, the model is invalid: " + status.error().message};
    return io::writeFileAtomically(path, serializeProject(project));
}

} // namespace docshape
