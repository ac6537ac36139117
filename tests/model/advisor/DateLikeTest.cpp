#include "model/advisor/AdvisorFixtures.h"

#include "advisor/DateLike.h"
#include "advisor/RuleCatalog.h"
#include "validate/Pcre2Regex.h"

#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::advisor;
using namespace docshape::test;

namespace {

// PCRE2 (the engine the server runs $jsonSchema patterns with) says
// whether the pattern matches the example: the test's examples are what
// the pattern really accepts, not what we think it does.
bool pcre2Matches(std::string_view pattern, std::string_view subject) {
    auto re = validate::Pcre2Regex::compile(pattern, validate::Pcre2Regex::Mode::Utf);
    REQUIRE(re.ok());
    return (*re)->search(subject) == validate::Pcre2Regex::Outcome::Match;
}

struct PatternCase {
    std::string_view pattern;
    std::string_view example; // a string the pattern matches
    std::string_view shape;   // empty: not a date
};

} // namespace

// Date and time shapes of ISO 8601 (calendar date YYYY-MM-DD, basic format
// YYYYMMDDThhmm, time of day hh:mm[:ss]) and the day-month-year forms of
// everyday use; anything else with digits in it is not a date.
TEST_CASE("a pattern is a date when its strings have the shape of one", "[advisor][dates]") {
    const PatternCase cases[] = {
        {"^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "2025-03-17", "YYYY-MM-DD"},
        {"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$", "2025-03-17T09:30:00Z", "YYYY-MM-DD"},
        {"^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$", "2025-03-17", "YYYY-MM-DD"},
        {"^(?:19|20)\\d{2}/\\d\\d/\\d\\d$", "2025/03/17", "YYYY-MM-DD"},
        {"^[0-3][0-9][/.][01][0-9][/.][0-9]{4}$", "17/03/2025", "DD/MM/YYYY"},
        {"^\\d{8}T\\d{4}$", "20250317T0930", "YYYYMMDDTHHMM"},
        {"^([01][0-9]|2[0-3]):[0-5][0-9]$", "09:30", "HH:MM"},
        {"^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{1,2}, [0-9]{4}$", "Mar 17, 2025",
         "month names"},
        // Not dates: identifiers, codes and numbers that merely hold digits.
        {"^PO-[0-9]{4}-[0-9]{6}$", "PO-2025-000123", ""},
        {"^[0-9]{4}$", "2025", ""},
        {"^[0-9]{2}-[0-9]{2}-[0-9]{2}$", "12-34-56", ""},   // a bank sort code
        {"^INV-[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{4}$", "INV-2025-03-17-0042", ""}, // a number that embeds a date
        {"^ORD-[0-9]{8}$", "ORD-20250317", ""},
        {"^\\+[1-9][0-9]{6,14}$", "+919876543210", ""},
        {"^[A-Z0-9-]{4,20}$", "2025-03-17", ""}, // letters or digits: nothing says date
        {"^\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}$", "10.1.2.3", ""},
        {"^(\\d{2}:){5}\\d{2}$", "00:11:22:33:44:55", ""},
    };
    for (const auto &c : cases) {
        INFO(c.pattern);
        CHECK(pcre2Matches(c.pattern, c.example));
        CHECK(dateShapeOfPattern(c.pattern) == c.shape);
    }
}

TEST_CASE("a value is a date when it reads as one", "[advisor][dates]") {
    CHECK(dateShapeOfValue("2025-03-17") == "YYYY-MM-DD");
    CHECK(dateShapeOfValue("2025-03-17T09:30:00Z") == "YYYY-MM-DD");
    CHECK(dateShapeOfValue("09:30") == "HH:MM");
    CHECK(dateShapeOfValue("23:59:60") == "HH:MM");
    CHECK(dateShapeOfValue("17/03/2025") == "DD/MM/YYYY");
    CHECK(dateShapeOfValue("03.17.2025") == "DD/MM/YYYY");
    CHECK(dateShapeOfValue("17 March 2025") == "month names");
    CHECK(dateShapeOfValue("Sept 3") == "month names");
    CHECK(dateShapeOfValue("2025-02-30").empty()); // no such day
    CHECK(dateShapeOfValue("24:00").empty());
    CHECK(dateShapeOfValue("PO-2025-000123").empty());
    CHECK(dateShapeOfValue("2025").empty());
    CHECK(dateShapeOfValue("March").empty()); // a month alone is not a point in time
    CHECK(dateShapeOfValue("gold").empty());
}

TEST_CASE("a hostile or broken pattern is read without a hang or a crash", "[advisor][dates]") {
    std::string deep(5000, '(');
    deep += "\\d{4}-\\d{2}-\\d{2}";
    CHECK(dateShapeOfPattern(deep).empty());
    CHECK(dateShapeOfPattern("[").empty());
    CHECK(dateShapeOfPattern("\\").empty());
    CHECK(dateShapeOfPattern("{4}-)))|||").empty());
    CHECK(dateShapeOfPattern("[0-9]{99999999999999999999}").empty());
    CHECK(dateShapeOfPattern("(?<=x)(?!y)[[:digit:]]{4}-[[:digit:]]{2}-[[:digit:]]{2}") == "YYYY-MM-DD");
}

TEST_CASE("DS161 reads what a string field states, not any four digits", "[advisor][dates]") {
    auto ds161 = [](Field f) {
        Project p = cleanShop();
        entityNamed(p, "Order").fields.push_back(std::move(f));
        std::vector<Finding> out;
        for (const Finding &finding : adviceFor(p).findings)
            if (finding.id == rule::kDateAsString)
                out.push_back(finding);
        return out;
    };
    // The false alarm of issue 23: a purchase-order number.
    Field po = field("f50", "poNumber", BsonType::String, 14, 14);
    po.details.edit().pattern = "^PO-[0-9]{4}-[0-9]{6}$";
    CHECK(ds161(po).empty());
    // Its name says date, but its pattern says otherwise.
    Field batch = field("f50", "batchDate", BsonType::String, 14, 14);
    batch.details.edit().pattern = "^PO-[0-9]{4}-[0-9]{6}$";
    CHECK(ds161(batch).empty());
    // A pattern of a date is a date, whatever the name.
    Field shipped = field("f50", "shipped", BsonType::String, 10, 10);
    shipped.details.edit().pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
    auto found = ds161(shipped);
    REQUIRE(found.size() == 1);
    CHECK(found.front().target.id == "f50");
    CHECK_THAT(found.front().reason(), Catch::Contains("YYYY-MM-DD"));
    // Enum values decide for an enum.
    Field period = field("f50", "periodStart", BsonType::String, 10, 10);
    period.details.edit().enumValues = {"2025-01-01", "2025-07-01"};
    CHECK(ds161(period).size() == 1);
    Field format = field("f50", "dateFormat", BsonType::String, 3, 3);
    format.details.edit().enumValues = {"iso", "us", "eu"};
    CHECK(ds161(format).empty());
    // With nothing stated, the name is all there is.
    CHECK(ds161(field("f50", "deliveredAt", BsonType::String, 24, 24)).size() == 1);
    CHECK(ds161(field("f50", "reference", BsonType::String, 24, 24)).empty());
}
