#pragma once

#include <string>
#include <string_view>

// The one way any text reaches markup DocShape writes (the report's HTML,
// the diagram's SVG, anything later): one writer per context, so that no
// text from a model, a file or the user is ever read as markup. Nothing is
// ever written inside <style> or <script>.
namespace docshape::markup {

// `text` as the content of an element: '&', '<' and '>' escaped (and '"',
// so that the same text may also stand in an attribute; DocShape writes
// every attribute between double quotes). Characters
// XML 1.0 does not allow (control characters but tab, line feed and
// carriage return; U+FFFE, U+FFFF) show as a space, bytes that are not
// UTF-8 as U+FFFD, so the output is well-formed XML and HTML alike.
void appendText(std::string &out, std::string_view text);
std::string text(std::string_view text);

// `text` as the value of an attribute written between double quotes: as
// above, with tab, line feed and carriage return as character references
// so that the value keeps them.
void appendAttribute(std::string &out, std::string_view text);
std::string attribute(std::string_view text);

// `markup` (already markup) with every character XML 1.0 does not allow
// replaced by a space and bytes that are not UTF-8 by U+FFFD, as the writers
// above treat text: for markup another library wrote (QSvgGenerator's).
std::string wellFormed(std::string_view markup);

} // namespace docshape::markup
