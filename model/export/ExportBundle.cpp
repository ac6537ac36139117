#include "export/ExportBundle.h"

#include "derive/DeriveCollections.h"
#include "derive/IndexRules.h"
#include "export/ExtendedJson.h"
#include "export/IndexExporter.h"
#include "export/MongoshExporter.h"
#include "export/ValidatorExporter.h"
#include "io/FileSystem.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <optional>
#include <set>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

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

// The bundle is swapped in file by file, not folder by folder: DIR may be
// the user's own folder (the studio's Export dialog writes where it is
// told, migrate writes two files beside anything), and its validators/ may
// hold files of collections this export does not write (a subset chosen in
// the dialog). Today's contract stays: the files of the export are replaced,
// everything else in DIR is left as it is. Every new file is written and
// flushed to disk in a staging folder inside DIR (the same file system, so
// renames do not copy) before the first old file is touched; then each old
// file is moved aside and the new one renamed into its place. A failure at
// any step moves back what was moved, so the old bundle is whole: only a
// second failure while moving back (or a crash mid-swap) can leave a mix,
// and then the old files are in the staging folder the message names.
Status writeExport(const std::vector<ExportFile> &files, const std::string &directory) {
    namespace fs = std::filesystem;
    const io::FileSystem &sys = io::FileSystem::current();
    const auto systemError = [](int error) { return std::string(std::strerror(error)); };
    const auto unchanged = [&] { return "; the files in '" + directory + "' are unchanged"; };

    std::error_code ec;
    fs::create_directories(directory, ec);
    if (ec)
        return Error{directory, "cannot create directory: " + ec.message()};

    struct Slot {
        fs::path target; // where the file goes, a symbolic link followed
        fs::path staged; // the new file, until it is moved in
        fs::path saved;  // the old file, while the swap lasts
        std::optional<mode_t> mode; // the old file's, which the new one keeps
        bool moved = false;
        bool placed = false;
    };
    std::vector<Slot> slots(files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        const fs::path relative(files[i].relativePath);
        if (relative.empty() || relative.is_absolute() ||
            std::any_of(relative.begin(), relative.end(), [](const fs::path &part) { return part == ".."; }))
            return Error{files[i].relativePath, "cannot export: not a path inside the export folder"};
        fs::path target = fs::path(directory) / relative;
        struct stat info {};
        if (::lstat(target.c_str(), &info) == 0 && S_ISLNK(info.st_mode)) {
            char resolved[PATH_MAX];
            if (::realpath(target.c_str(), resolved) == nullptr)
                return Error{target.string(), "cannot export: the symbolic link cannot be followed: " +
                                                  systemError(errno) + unchanged()};
            target = resolved;
        }
        if (::stat(target.c_str(), &info) == 0) {
            if (S_ISDIR(info.st_mode))
                return Error{target.string(), "cannot export: it is a directory" + unchanged()};
            slots[i].mode = info.st_mode & 07777;
        }
        slots[i].target = std::move(target);
    }

    // The staging folder, hidden in DIR, never the name of an export file.
    static std::atomic<unsigned> counter{0};
    fs::path staging;
    for (int attempt = 0; attempt < 100 && staging.empty(); ++attempt) {
        fs::path candidate = fs::path(directory) / (".docshape-export-" + std::to_string(::getpid()) + "-" +
                                                    std::to_string(counter.fetch_add(1)));
        if (::mkdir(candidate.c_str(), 0777) == 0)
            staging = std::move(candidate);
        else if (errno != EEXIST)
            return Error{directory, "cannot export: cannot create a staging folder: " + systemError(errno) +
                                        unchanged()};
    }
    if (staging.empty())
        return Error{directory, "cannot export: cannot create a staging folder" + unchanged()};
    const auto discardStaging = [&] {
        std::error_code ignored;
        fs::remove_all(staging, ignored);
    };

    // 1. Every new file, whole, in the staging folder.
    for (std::size_t i = 0; i < files.size(); ++i) {
        Slot &slot = slots[i];
        slot.staged = staging / "new" / files[i].relativePath;
        slot.saved = staging / "old" / files[i].relativePath;
        const auto fail = [&](const std::string &step, int error) -> Status {
            discardStaging();
            return Error{slot.target.string(), "cannot export: " + step + ": " + systemError(error) + unchanged()};
        };
        fs::create_directories(slot.staged.parent_path(), ec);
        if (ec)
            return fail("creating a staging folder", ec.value());
        const int fd = sys.open(slot.staged.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0)
            return fail("creating the new file", errno);
        const std::string &content = files[i].content;
        bool ok = !slot.mode || sys.fchmod(fd, *slot.mode) == 0;
        for (std::size_t done = 0; ok && done < content.size();) {
            const ssize_t n = sys.write(fd, content.data() + done, content.size() - done);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                if (n == 0)
                    errno = ENOSPC; // no progress and no error: a full disk rather than a spin
                ok = false;
                break;
            }
            done += std::size_t(n);
        }
#ifndef __linux__
        ok = ok && sys.fsync(fd) == 0; // no syncfs: each file is flushed on its own
#endif
        if (!ok) {
            const int error = errno;
            sys.close(fd);
            return fail("writing the new file", error);
        }
        if (sys.close(fd) != 0)
            return fail("closing the new file", errno);
    }

    // 2. To disk, all at once: one syncfs instead of an fsync per file (an
    // fsync each made an export of 10,001 files spend 31 s waiting), then
    // the staging folder once.
    {
        const int dirFd = sys.open(staging.c_str(), O_RDONLY | O_DIRECTORY, 0);
        bool ok = dirFd >= 0;
#ifdef __linux__
        ok = ok && ::syncfs(dirFd) == 0;
#endif
        ok = ok && sys.fsync(dirFd) == 0;
        const int error = errno;
        if (dirFd >= 0)
            sys.close(dirFd);
        if (!ok) {
            discardStaging();
            return Error{directory, "cannot export: flushing the new files to disk: " + systemError(error) +
                                        unchanged()};
        }
    }

    // 3. The swap; a failure moves everything back, newest first.
    std::vector<fs::path> madeFolders; // made in DIR by the swap, removed again by a rollback
    std::set<fs::path> touchedFolders; // whose entries changed, flushed once at the end
    const auto rollback = [&](std::size_t upTo) -> std::string {
        bool whole = true;
        for (std::size_t k = upTo; k-- > 0;) {
            Slot &slot = slots[k];
            if (slot.placed && sys.rename(slot.target.c_str(), slot.staged.c_str()) != 0)
                whole = false;
            if (slot.moved && sys.rename(slot.saved.c_str(), slot.target.c_str()) != 0)
                whole = false;
        }
        for (auto it = madeFolders.rbegin(); it != madeFolders.rend(); ++it) {
            std::error_code ignored;
            fs::remove(*it, ignored); // only if empty
        }
        if (!whole)
            return "; moving the old files back failed too: they are in '" + (staging / "old").string() + "'";
        discardStaging();
        return unchanged();
    };
    for (std::size_t i = 0; i < slots.size(); ++i) {
        Slot &slot = slots[i];
        const auto fail = [&](const std::string &step, int error) -> Status {
            const std::string after = rollback(i + 1);
            return Error{slot.target.string(), "cannot export: " + step + ": " + systemError(error) + after};
        };
        const fs::path folder = slot.target.parent_path();
        if (slot.mode) {
            fs::create_directories(slot.saved.parent_path(), ec);
            if (ec)
                return fail("creating a staging folder", ec.value());
            if (sys.rename(slot.target.c_str(), slot.saved.c_str()) != 0)
                return fail("moving the old file aside", errno);
            slot.moved = true;
        } else {
            // The folders of a new file, outermost first, as the rollback removes them last made first.
            std::vector<fs::path> missing;
            for (fs::path p = folder; !p.empty() && !fs::exists(p, ec); p = p.parent_path())
                missing.push_back(p);
            for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
                if (::mkdir(it->c_str(), 0777) != 0 && errno != EEXIST)
                    return fail("creating the folder '" + it->string() + "'", errno);
                madeFolders.push_back(*it);
            }
        }
        if (sys.rename(slot.staged.c_str(), slot.target.c_str()) != 0)
            return fail("moving the new file into place", errno);
        slot.placed = true;
        touchedFolders.insert(folder);
    }

    // 4. The renames made durable, a folder at a time. The new bundle is in
    // place and cannot be taken back now, so a failure here is not reported
    // (as writeFileAtomically does for its folder).
    for (const fs::path &folder : touchedFolders) {
        const int dirFd = sys.open(folder.c_str(), O_RDONLY | O_DIRECTORY, 0);
        if (dirFd >= 0) {
            sys.fsync(dirFd);
            sys.close(dirFd);
        }
    }
    discardStaging();
    return {};
}

} // namespace docshape
