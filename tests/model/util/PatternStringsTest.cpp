#include "util/PatternStrings.h"

#include <catch2/catch.hpp>

#include <regex>
#include <set>

using namespace docshape;

TEST_CASE("pattern strings match their pattern at every length they allow", "[sample][pattern]") {
    const char *patterns[] = {
        "^[A-Z]{3}-[0-9]{4}$",
        "^\\d{5}$",
        "^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$",
        "^[a-z0-9_]+$",
        "^[^@\\s]+@[^@\\s]+$",
        "abc",
        "^a.b?c*$",
        "^\\w{2,4}\\s\\d+$",
        "^[-a]{1,3}\\.\\*$",
        "^EUR [0-9]+\\.[0-9]{2}$",
        "^[a-z0-9]+(-[a-z0-9]+)*$",
        "^[0-9]{4}-(spring|summer|fall)$",
        "^(ab|c)+$",
        "^a|b$",
        "(?:x|yz){2,3}",
        "^(a(b|cd)?)*e$",
        "^(|x)y$",
    };
    Prng rng(3);
    for (const char *p : patterns) {
        auto gen = PatternStrings::parse(p);
        INFO(p);
        REQUIRE(gen.has_value());
        const std::regex re(p);
        const std::uint64_t hi = gen->maxLength().value_or(gen->minLength() + 40);
        for (std::uint64_t len = gen->minLength(); len <= hi; ++len) {
            if (!gen->canGenerate(len))
                continue;
            for (int k = 0; k < 5; ++k) {
                const std::string s = gen->generate(len, rng);
                INFO("length " << len << ": '" << s << "'");
                CHECK(s.size() == len);
                CHECK(std::regex_search(s, re));
            }
        }
    }
}

TEST_CASE("pattern length ranges", "[sample][pattern]") {
    auto sku = PatternStrings::parse("^[A-Z]{3}-[0-9]{4}$");
    REQUIRE(sku);
    CHECK(sku->minLength() == 8);
    CHECK(sku->maxLength() == 8u);
    auto email = PatternStrings::parse("^[a-z]+@[a-z]+\\.[a-z]{2,}$");
    REQUIRE(email);
    CHECK(email->minLength() == 6);
    CHECK_FALSE(email->maxLength().has_value());
    auto open = PatternStrings::parse("x{2}");
    REQUIRE(open);
    CHECK(open->minLength() == 2);
    CHECK_FALSE(open->maxLength().has_value()); // unanchored: anything around it
}

TEST_CASE("patterns beyond the supported forms are refused, not guessed", "[sample][pattern]") {
    for (const char *p : {"^(?=a)b$", "^(?i)ab$", "^(a|b$", "^a)$", "^\\bword$", "^a{2,1}$", "^[a-", "^x\\1$", "^a**$",
                          "^[[:alpha:]]+$", "^caf\xc3\xa9$", "^a^b$"}) {
        INFO(p);
        CHECK_FALSE(PatternStrings::parse(p).has_value());
    }
}

TEST_CASE("patterns with groups: lengths with gaps", "[sample][pattern]") {
    auto term = PatternStrings::parse("^[0-9]{4}-(spring|summer|fall)$");
    REQUIRE(term);
    CHECK(term->minLength() == 9);
    CHECK(term->maxLength() == 11u);
    CHECK(term->canGenerate(9));
    CHECK_FALSE(term->canGenerate(10));
    CHECK(term->canGenerate(11));
    CHECK(term->nearestLength(10) == 9u);
    CHECK(term->nearestLength(30) == 11u);
    Prng rng(1);
    CHECK(term->generate(9, rng).substr(4) == "-fall");

    auto slug = PatternStrings::parse("^[a-z0-9]+(-[a-z0-9]+)*$");
    REQUIRE(slug);
    CHECK(slug->minLength() == 1);
    CHECK_FALSE(slug->maxLength().has_value());
    CHECK(slug->canGenerate(PatternStrings::kGroupLengthCap));
    CHECK_FALSE(slug->canGenerate(PatternStrings::kGroupLengthCap + 1)); // beyond what is worked out
    // Over many draws the separators appear, in every position they may.
    std::set<std::size_t> dashes;
    for (int k = 0; k < 200; ++k) {
        const std::string s = slug->generate(12, rng);
        REQUIRE(s.size() == 12);
        REQUIRE(std::regex_search(s, std::regex("^[a-z0-9]+(-[a-z0-9]+)*$")));
        for (std::size_t i = 0; i < s.size(); ++i)
            if (s[i] == '-')
                dashes.insert(i);
    }
    CHECK(dashes.size() >= 8);
    CHECK_FALSE(dashes.count(0));
    CHECK_FALSE(dashes.count(11));
}
