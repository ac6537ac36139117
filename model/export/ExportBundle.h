#pragma once

#include "core/Project.h"
#include "util/Result.h"

#include <string>
#include <vector>

namespace docshape {

// One file of an export, as the CLI writes it and the export dialog
// previews it: the same bytes in both.
struct ExportFile {
    std::string relativePath; // '/'-separated, under the export directory
    std::string content;

    friend bool operator==(const ExportFile &, const ExportFile &) = default;
};

// The file name stem of a collection's exports: the name with every
// character outside [A-Za-z0-9._-] (and a leading '.') replaced by '_', so
// a collection name never climbs out of its folder.
std::string exportFileStem(const std::string &collectionName);

// Every export of a project, in a fixed order:
//   mongosh/create.js
//   validators/<collection>.json   the $jsonSchema document alone
//   indexes/<collection>.json      the createIndexes `indexes` array ([] when none)
// for the collections in derivation order. Deterministic: the same project
// gives byte-identical files. Fails with the first problem found (a
// collection the derivation could not build, an enum literal of the wrong
// type, a bad partial filter, two collections that would share a file).
Result<std::vector<ExportFile>> exportAll(const Project &project);

// Writes the files under `directory` (created if missing) as one change:
// all of them are written and flushed to disk in a hidden staging folder in
// `directory` first, then renamed into place, so a failure at any step
// leaves the files that were there as they were (never a new create.js
// beside old validators), and the Error says which step failed. Files of
// `directory` that the export does not write are left alone. A symbolic
// link at a file's place is followed; a replaced file keeps its mode.
// On Linux one syncfs flushes the files, elsewhere an fsync each.
Status writeExport(const std::vector<ExportFile> &files, const std::string &directory);

} // namespace docshape
