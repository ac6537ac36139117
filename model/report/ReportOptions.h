#pragma once

#include <string>
#include <vector>

namespace docshape::report {

// What a reviewer chooses before a report is made. Every member has a
// default that gives the whole report.
struct ReportOptions {
    std::string title;  // empty: "Design review: <project name>"
    std::string author; // empty: not shown
    std::string date;   // ISO 8601 day; empty: not shown (the CLI and the studio pass today's)
    // Collection names to cover, in any order; empty: every collection.
    // Access patterns, relationships and findings follow the collections
    // they touch; the project's own findings always show.
    std::vector<std::string> collections;
    bool appendices = true; // the exported validators and index definitions

    friend bool operator==(const ReportOptions &, const ReportOptions &) = default;
};

} // namespace docshape::report
