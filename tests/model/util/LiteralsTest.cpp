// Dates and number literals, read once for export and validation. The
// calendar is checked against the C library's (timegm normalises a day past
// the end of its month into the next month), which we did not write.
#include "export/ExtendedJson.h"
#include "util/Literals.h"
#include "validate/ExtendedJson.h"

#include <catch2/catch.hpp>

#include <bson/bson.h>

#include <cstdio>
#include <ctime>
#include <string>

using namespace docshape;

namespace {

// Whether y-m-d exists, and its time at midnight UTC, by the C library.
bool libcDate(int y, int m, int d, std::int64_t &seconds) {
    std::tm t{};
    t.tm_year = y - 1900;
    t.tm_mon = m - 1;
    t.tm_mday = d;
    seconds = static_cast<std::int64_t>(timegm(&t));
    return t.tm_year == y - 1900 && t.tm_mon == m - 1 && t.tm_mday == d;
}

std::string dateText(int y, int m, int d) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", y, m, d);
    return buf;
}

} // namespace

TEST_CASE("A date exists when the calendar has its day, in every reader", "[util][literals]") {
    validate::ExtendedJsonParser parser;
    for (int y : {1900, 1970, 1999, 2000, 2023, 2024, 2100, 2400}) {
        for (int m = 1; m <= 12; ++m) {
            for (int d = 1; d <= 31; ++d) {
                std::int64_t seconds = 0;
                const bool exists = libcDate(y, m, d, seconds);
                const std::string date = dateText(y, m, d);
                INFO(date);
                CHECK((literal::daysInMonth(y, m) >= d) == exists);
                std::int64_t ms = 0;
                REQUIRE(literal::parseIsoDate(date, ms, literal::kModelDate) == exists);
                if (exists)
                    CHECK(ms == seconds * 1000);
                const std::string instant = date + "T00:00:00Z";
                REQUIRE(literal::parseIsoDate(instant, ms, literal::kExtendedJsonDate) == exists);
                // The exporter's literal and the validator's $date take the
                // same days.
                CHECK(typedLiteral(BsonType::Date, date).ok() == exists);
                CHECK(parser.parse("{\"d\": {\"$date\": \"" + instant + "\"}}").ok() == exists);
            }
        }
    }
}

TEST_CASE("Each reader takes its own forms of a date", "[util][literals]") {
    std::int64_t ms = 0;
    CHECK(literal::parseIsoDate("2024-01-31 12:30", ms, literal::kModelDate));
    CHECK(ms == (19753LL * 86400 + 12 * 3600 + 30 * 60) * 1000);
    CHECK_FALSE(literal::parseIsoDate("2024-01-31 12:30", ms, literal::kExtendedJsonDate));
    CHECK_FALSE(literal::parseIsoDate("2024-01-31", ms, literal::kExtendedJsonDate));
    CHECK_FALSE(literal::parseIsoDate("2024-01-31T12:30:00", ms, literal::kExtendedJsonDate)); // no zone
    CHECK(literal::parseIsoDate("2024-01-31T12:30:00.250+01:00", ms, literal::kExtendedJsonDate));
    CHECK(ms == (19753LL * 86400 + 11 * 3600 + 30 * 60) * 1000 + 250);
    CHECK(literal::parseIsoDate("2024-01-31T12:30:00-0130", ms, literal::kExtendedJsonDate));
    CHECK(literal::parseIsoDate("2016-12-31T23:59:60Z", ms, literal::kExtendedJsonDate)); // a leap second
    CHECK_FALSE(literal::parseIsoDate("2016-12-31T23:59:60Z", ms, literal::kModelDate));
    CHECK_FALSE(literal::parseIsoDate("2024-13-01", ms, literal::kModelDate));
    CHECK_FALSE(literal::parseIsoDate("2024-01-31T24:00", ms, literal::kModelDate));
    CHECK_FALSE(literal::parseIsoDate("2024-01-31T12:00Zjunk", ms, literal::kModelDate));
}

TEST_CASE("Number literals: one reading, a leading plus only where allowed", "[util][literals]") {
    long long v = 0;
    CHECK(literal::parseInteger("+42", v, literal::LeadingPlus::Allowed));
    CHECK(v == 42);
    CHECK_FALSE(literal::parseInteger("+42", v, literal::LeadingPlus::Refused));
    CHECK_FALSE(literal::parseInteger("++42", v, literal::LeadingPlus::Allowed));
    CHECK_FALSE(literal::parseInteger("42x", v, literal::LeadingPlus::Allowed));
    CHECK_FALSE(literal::parseInteger("", v, literal::LeadingPlus::Allowed));
    int small = 0;
    CHECK_FALSE(literal::parseInteger("4294967296", small, literal::LeadingPlus::Refused));
    double d = 0;
    CHECK(literal::parseFiniteDouble("+1.5e3", d));
    CHECK(d == 1500);
    CHECK_FALSE(literal::parseFiniteDouble("1e999", d));
    CHECK(literal::isDecimal128Literal("-12.50E+3"));
    CHECK(literal::isDecimal128Literal("NaN"));
    CHECK_FALSE(literal::isDecimal128Literal(std::string(35, '9')));
    CHECK_FALSE(literal::isDecimal128Literal("1e"));
}
