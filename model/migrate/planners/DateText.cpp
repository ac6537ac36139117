#include "migrate/planners/DateText.h"

#include <regex>

namespace docshape::migration {

namespace {

constexpr DateFormat kDateFormats[] = {
    {"%Y-%m-%dT%H:%M:%S.%LZ", "2024-03-15T10:20:30.456Z", true, true},
    {"%Y-%m-%dT%H:%M:%SZ", "2024-03-15T10:20:30Z", false, true},
    {"%Y-%m-%dT%H:%M:%S", "2024-03-15T10:20:30", false, true},
    {"%Y-%m-%d %H:%M:%S", "2024-03-15 10:20:30", false, true},
    {"%Y-%m-%d", "2024-03-15", false, false},
};

} // namespace

const DateFormat *dateFormatFor(const Field *field) {
    if (!field || !field->details->pattern)
        return nullptr;
    const DateFormat *found = nullptr;
    try {
        const std::regex re(*field->details->pattern, std::regex::ECMAScript);
        for (const DateFormat &f : kDateFormats)
            if (std::regex_search(std::string(f.example), re)) {
                if (found)
                    return nullptr;
                found = &f;
            }
    } catch (const std::regex_error &) {
        return nullptr;
    }
    return found;
}

const DateFormat *dateFormatNamed(const std::string &format) {
    const DateFormat *text = nullptr;
    for (const DateFormat &f : kDateFormats)
        if (format == f.format)
            text = &f;
    return text;
}

pipeline::Json dateText(const std::string &ref, const std::string &format) {
    using pipeline::Json;
    return {{"$cond", Json::array({{{"$eq", Json::array({{{"$type", ref}}, "date"})}},
                                   {{"$dateToString", {{"date", ref}, {"format", format}}}},
                                   ref})}};
}

} // namespace docshape::migration
