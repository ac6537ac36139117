// The one JavaScript writer and the one markup writer (issues 43 and 45), on
// random text: every byte value, the line terminators JavaScript knows (LF,
// CR, U+2028, U+2029), quotes, backticks, "${", "</script>", tags, and
// malformed UTF-8.
#include "util/JavaScriptText.h"
#include "util/Markup.h"
#include "util/Prng.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace docshape;

namespace {

const std::vector<std::string> kPieces = {
    "\"", "'", "`", "${", "}", "\\", "*/", "/*", "//", "\xE2\x80\xA8", "\xE2\x80\xA9", "\r", "\n", "\t", "</script>",
    "<!--", "-->", "]]>", "<img src=x onerror=alert(1)>", "&amp;", "&#60;", "\x01", "\x1F", "\x7F", "\xC2\x85",
    "\xEF\xBF\xBE", "\xEF\xBB\xBF", "\xC3\xA9", "\xE5\x90\x8D", "\xF0\x9F\x98\x80", "a", "Z", " ",
    // Not UTF-8: a lone continuation byte, a cut sequence, an overlong '/', a surrogate, past U+10FFFF.
    "\x80", "\xE2\x80", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xFF"};

std::string randomText(Prng &rng) {
    std::string text;
    const auto n = rng.below(8);
    for (std::uint64_t i = 0; i < n; ++i) {
        if (rng.below(4) == 0)
            text += static_cast<char>(rng.below(256));
        else
            text += kPieces[rng.below(kPieces.size())];
    }
    return text;
}

// Whether `text` is well-formed UTF-8, by nlohmann's own check.
bool validUtf8(const std::string &text) {
    try {
        (void)nlohmann::json(text).dump();
        return true;
    } catch (const nlohmann::json::exception &) {
        return false;
    }
}

bool contains(const std::string &text, std::string_view what) { return text.find(what) != std::string::npos; }

std::string hex(const std::string &text) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (unsigned char c : text)
        out += std::string{kHex[c >> 4], kHex[c & 15], ' '};
    return out;
}

// No control character but those `allowed`.
bool noControls(const std::string &text, std::string_view allowed) {
    for (char c : text)
        if ((static_cast<unsigned char>(c) < 0x20 && allowed.find(c) == std::string_view::npos) || c == 0x7F)
            return false;
    return true;
}

} // namespace

TEST_CASE("a JavaScript string literal reads back as its text, and holds no line terminator, '<' or control character",
          "[util][javascript]") {
    Prng rng(43);
    for (int i = 0; i < 20000; ++i) {
        const std::string text = randomText(rng);
        const std::string literal = javascript::stringLiteral(text);
        INFO(hex(text));
        REQUIRE(validUtf8(literal));
        // A JavaScript string literal written with JSON's escapes is JSON
        // (ECMA-262 string literals are a superset): nlohmann reads it back.
        const auto back = nlohmann::json::parse(literal);
        REQUIRE(back.is_string());
        if (validUtf8(text))
            CHECK(back.get<std::string>() == text);
        for (std::string_view raw : {"\n", "\r", "\xE2\x80\xA8", "\xE2\x80\xA9", "<"})
            CHECK_FALSE(contains(literal, raw));
        CHECK(noControls(literal, ""));
    }
}

TEST_CASE("a comment's text has no line terminator and is UTF-8", "[util][javascript]") {
    Prng rng(2028);
    for (int i = 0; i < 20000; ++i) {
        const std::string text = randomText(rng);
        const std::string comment = javascript::commentText(text);
        INFO(hex(text));
        CHECK(noControls(comment, ""));
        REQUIRE(validUtf8(comment));
        for (std::string_view raw : {"\n", "\r", "\xE2\x80\xA8", "\xE2\x80\xA9"})
            CHECK_FALSE(contains(comment, raw));
    }
    CHECK(javascript::commentText("shop\xE2\x80\xA8" "db.dropDatabase()\xE2\x80\xA9//") == "shop db.dropDatabase() //");
    CHECK(javascript::stringLiteral("a\xE2\x80\xA8</script>") == "\"a\\u2028\\u003c/script>\"");
}

TEST_CASE("markup text and attributes carry no tag, no bare ampersand and nothing XML 1.0 forbids", "[util][markup]") {
    Prng rng(45);
    for (int i = 0; i < 20000; ++i) {
        const std::string text = randomText(rng);
        INFO(hex(text));
        for (const std::string &out : {markup::text(text), markup::attribute(text)}) {
            REQUIRE(validUtf8(out));
            CHECK_FALSE(contains(out, "<"));
            CHECK_FALSE(contains(out, ">"));
            CHECK_FALSE(contains(out, "\""));
            CHECK_FALSE(contains(out, "\xEF\xBF\xBE"));
            for (std::size_t at = out.find('&'); at != std::string::npos; at = out.find('&', at + 1)) {
                const std::string_view rest = std::string_view(out).substr(at);
                CHECK((rest.starts_with("&amp;") || rest.starts_with("&lt;") || rest.starts_with("&gt;") ||
                       rest.starts_with("&quot;") || rest.starts_with("&#9;") ||
                       rest.starts_with("&#10;") || rest.starts_with("&#13;")));
            }
            CHECK(noControls(out, "\t\n\r"));
        }
        // In an attribute, a line break stays a line break (a reference),
        // since a parser would normalise a literal one to a space.
        CHECK_FALSE(contains(markup::attribute(text), "\n"));
    }
    CHECK(markup::text("Evil <script>x</script> & \"q\"") ==
          "Evil &lt;script&gt;x&lt;/script&gt; &amp; &quot;q&quot;");
}

TEST_CASE("the literal quoted as prettier quotes it differs from the JSON-style one only in its quotes",
          "[util][javascript]") {
    // Prettier (src/utils/print-string.js) keeps double quotes unless the
    // text holds more double quotes than single ones. node reads these
    // literals back in hostile_names_types (the modules name their hostile
    // collections exactly).
    Prng rng(3060);
    for (int i = 0; i < 20000; ++i) {
        const std::string text = randomText(rng);
        INFO(hex(text));
        const std::string plain = javascript::stringLiteral(text);
        const std::string preferred = javascript::prettierStringLiteral(text);
        const auto count = [&](char q) { return std::count(text.begin(), text.end(), q); };
        if (count('"') <= count('\'')) {
            CHECK(preferred == plain);
            continue;
        }
        REQUIRE(preferred.front() == '\'');
        REQUIRE(preferred.back() == '\'');
        // Back to double quotes: unescape \' and escape ", and it is the
        // JSON-style literal exactly.
        std::string swapped = "\"";
        for (std::size_t k = 1; k + 1 < preferred.size(); ++k) {
            if (preferred[k] == '\\' && preferred[k + 1] == '\'') {
                swapped += '\'';
                ++k;
            } else if (preferred[k] == '\\') {
                swapped += preferred.substr(k, 2);
                ++k;
            } else if (preferred[k] == '"') {
                swapped += "\\\"";
            } else {
                swapped += preferred[k];
            }
        }
        swapped += '"';
        CHECK(swapped == plain);
    }
}
