#include "io/FileSystem.h"

#include <cstdio>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace docshape::io {

namespace {

int realOpen(const char *path, int flags, mode_t mode) { return ::open(path, flags, mode); }

const FileSystem kReal{realOpen, ::write, ::fchmod, ::fsync, ::close, ::rename, ::unlink};

const FileSystem *g_current = &kReal;

} // namespace

const FileSystem &FileSystem::real() { return kReal; }
const FileSystem &FileSystem::current() { return *g_current; }

ScopedFileSystem::ScopedFileSystem(const FileSystem &replacement) : m_previous(g_current) { g_current = &replacement; }
ScopedFileSystem::~ScopedFileSystem() { g_current = m_previous; }

} // namespace docshape::io
