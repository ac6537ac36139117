#pragma once

#include <string_view>

// Whether what a model states about a string field says its values are
// dates or times (rule DS161, "dates as BSON Date, never strings", seed
// start-from-the-queries.txt). A shape is named only when the text has the
// form of one: four digits alone are not a year, a purchase-order number
// "^PO-[0-9]{4}-[0-9]{6}$" is not a date.
namespace docshape::advisor {

// The date or time shape of the strings a regular expression matches, or
// empty: "YYYY-MM-DD" (ISO 8601 calendar date, '-' or '/' between), "DD/MM/YYYY"
// (day or month first, '/', '.' or '-' between), "YYYYMMDDTHHMM" (ISO 8601
// basic format with a time), "HH:MM" (time of day) or "month names" (three
// or more months spelled out or abbreviated). Digit runs are read from \d,
// digit classes such as [0-9] or [0-3], literal digits and groups whose
// alternatives are all digits, with their quantifiers; anything the reader
// does not understand counts as a non-digit, so it never makes a date.
std::string_view dateShapeOfPattern(std::string_view pattern);

// The same for one value (an enum literal or a sample): an ISO 8601 date
// or date-time as the model reads literals (util/Literals.h), a time of day
// "HH:MM[:SS]", a day and month with a year "17/03/2025" or "03.17.2025",
// or a month name next to a number ("17 March 2025", "Mar 17").
std::string_view dateShapeOfValue(std::string_view value);

} // namespace docshape::advisor
