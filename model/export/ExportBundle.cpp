#include "export/ExportBundle.h"

#include "derive/DeriveCollections.h"
#include "derive/IndexRules.h"
#include "export/ExtendedJson.h"
#include "export/IndexExporter.h"
#include "export/MongoshExporter.h"
#include "export/ValidatorExporter.h"
#include "io/AtomicFile.h"

#include <cctype>
#include <filesystem>
#include <set>
#include <system_error>

namespace docshape {

std::string exportFileStem(const std::string &collectionName) {
    std::string stem;
    for (char c : collectionName) {
        const bool plain = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
        stem += plain ? c : '_';
    }
    if (stem.empty() || stem.front() == '.')
        stem.insert(stem.begin(), '_');
    return stem;
}

Result<std::vector<ExportFile>> exportAll(const Project &project) {
    const Derived derived = deriveCollections(project);
    if (!derived.problems.empty())
        return Error{"collections", derived.problems.front()};

    std::vector<ExportFile> files;
    auto script = mongoshScript(project, derived);
    if (!script)
        return script.error();
    files.push_back({"mongosh/create.js", std::move(*script)});

    std::set<std::string> stems;
    for (const auto &c : derived.collections) {
        const std::string stem = exportFileStem(c.name);
        if (!stems.insert(stem).second)
            return Error{c.name, "another collection exports to the same file name '" + stem + ".json'"};
        if (auto refused = idTypeRefusal(c.shape))
            return Error{c.name + "._id", "the server refuses every document: " + *refused};
        auto schema = validatorFor(project, c);
        if (!schema)
            return schema.error();
        auto indexes = indexSpecsFor(project, derived, c);
        if (!indexes)
            return indexes.error();
        files.push_back({"validators/" + stem + ".json", exportJsonText(*schema)});
        files.push_back({"indexes/" + stem + ".json", exportJsonText(*indexes)});
    }
    return files;
}

Status writeExport(const std::vector<ExportFile> &files, const std::string &directory) {
    namespace fs = std::filesystem;
    for (const auto &file : files) {
        const fs::path target = fs::path(directory) / fs::path(file.relativePath);
        std::error_code ec;
        fs::create_directories(target.parent_path(), ec);
        if (ec)
            return Error{target.parent_path().string(), "cannot create directory: " + ec.message()};
        if (Status written = io::writeFileAtomically(target.string(), file.content); !written)
            return written;
    }
    return {};
}

} // namespace docshape
