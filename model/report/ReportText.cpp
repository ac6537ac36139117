#include "report/ReportText.h"

#include "advisor/AdviceJson.h"
#include "advisor/Wording.h"
#include "util/Units.h"

namespace docshape::report {

std::string exactNumber(double value) { return jsonNumber(value).dump(); }

std::string sizeText(double bytes) { return units::bytesText(bytes); }

std::string maxBytes(const std::optional<std::uint64_t> &bytes) {
    return bytes ? units::bytesText(double(*bytes)) : std::string("unbounded");
}

std::string count(double value) {
    std::string out;
    advisor::appendNumber(out, value);
    return out;
}

std::string milliseconds(double ms) { return exactNumber(ms) + " ms"; }

std::string Anchors::make(std::string_view prefix, std::string_view name) {
    std::string base(prefix);
    bool dash = !base.empty();
    for (unsigned char c : name) {
        const bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        const bool upper = c >= 'A' && c <= 'Z';
        if (keep || upper) {
            if (dash && !base.empty() && base.back() != '-')
                base += '-';
            dash = false;
            base += upper ? char(c - 'A' + 'a') : char(c);
        } else {
            dash = true;
        }
    }
    if (base.empty())
        base = "section";
    std::string anchor = base;
    // Numbers below the base's next one were all taken when tried, and stay
    // taken: many sections of one name cost one try each, not one per
    // earlier section.
    int &next = m_next.try_emplace(base, 2).first->second;
    while (!m_used.insert(anchor).second)
        anchor = base + "-" + std::to_string(next++);
    return anchor;
}

} // namespace docshape::report
