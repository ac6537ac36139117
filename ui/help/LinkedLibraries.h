#pragma once

#include <string>
#include <vector>

namespace docshape::ui::help {

// The libraries other than Qt that the studio links, each with the version
// it reports at run time where it has such a call (else the version it was
// built against) and its licence as its Debian package states it. Kept free
// of Qt headers: glib's headers (pango, librsvg) clash with Qt's keywords.
class LinkedLibraries {
public:
    struct Library {
        std::string name;
        std::string version;   // at run time, or the headers' when none
        std::string builtWith; // the headers' version
        std::string licence;
        std::string purpose;
    };

    static std::vector<Library> list();
};

} // namespace docshape::ui::help
