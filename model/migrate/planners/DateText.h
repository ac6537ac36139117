#pragma once

#include "core/Project.h"
#include "migrate/PipelineBuilder.h"

#include <string>

namespace docshape::migration {

// The $dateToString formats a string field's pattern may ask for, most
// precise first, and what each writes for one instant.
struct DateFormat {
    const char *format;
    const char *example;
    bool keepsMilliseconds;
    bool keepsTime;
};

// The one format whose text the field's pattern accepts (of those known),
// or none: no pattern, a pattern std::regex cannot read, or more than one
// format that it accepts.
const DateFormat *dateFormatFor(const Field *field);

// The known format written exactly so, or none.
const DateFormat *dateFormatNamed(const std::string &format);

// A date as the text `format` writes (in UTC, $dateToString's default); a
// value that is not a date stays.
pipeline::Json dateText(const std::string &ref, const std::string &format);

} // namespace docshape::migration
