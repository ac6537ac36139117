#include "advisor/Wording.h"

#include "util/Units.h"

#include <cassert>
#include <charconv>
#include <cmath>
#include <cstring>

namespace docshape {

Wording::Wording(const Wording &other) : m_size(other.m_size), m_count(other.m_count) {
    if (m_size > kInline) {
        m_heap.reset(new char[m_size]);
        m_capacity = m_size;
    }
    std::memcpy(data(), other.data(), m_size);
}

Wording::Wording(Wording &&other) noexcept
    : m_size(other.m_size), m_capacity(other.m_capacity), m_count(other.m_count), m_heap(std::move(other.m_heap)) {
    if (!m_heap)
        std::memcpy(m_inline, other.m_inline, m_size);
    other.m_size = other.m_count = 0;
    other.m_capacity = kInline;
}

Wording &Wording::operator=(const Wording &other) {
    if (this != &other) {
        m_size = m_count = 0;
        reserve(other.m_size);
        std::memcpy(data(), other.data(), other.m_size);
        m_size = other.m_size;
        m_count = other.m_count;
    }
    return *this;
}

Wording &Wording::operator=(Wording &&other) noexcept {
    if (this != &other) {
        m_size = other.m_size;
        m_capacity = other.m_capacity;
        m_count = other.m_count;
        m_heap = std::move(other.m_heap);
        if (!m_heap)
            std::memcpy(m_inline, other.m_inline, m_size);
        other.m_size = other.m_count = 0;
        other.m_capacity = kInline;
    }
    return *this;
}

void Wording::grow(std::size_t capacity) {
    std::unique_ptr<char[]> bigger(new char[capacity]);
    std::memcpy(bigger.get(), data(), m_size);
    m_heap = std::move(bigger);
    m_capacity = static_cast<std::uint32_t>(capacity);
}

std::string Wording::render(Phrase p) const {
    std::string out;
    renderTo(out, p);
    return out;
}

void Wording::renderTo(std::string &out, Phrase p) const {
    const std::string_view form = p.form;
    std::size_t done = 0;
    for (std::size_t open = form.find('{'); open != std::string_view::npos; open = form.find('{', open + 1)) {
        std::size_t end = open + 1;
        std::uint32_t n = 0;
        while (end < form.size() && form[end] >= '0' && form[end] <= '9')
            n = n * 10 + static_cast<std::uint32_t>(form[end++] - '0');
        if (end == open + 1 || end >= form.size() || form[end] != '}')
            continue; // a literal brace
        out.append(form.substr(done, open - done));
        append(out, p.first + n);
        done = end + 1;
        open = end;
    }
    out.append(form.substr(done));
}

namespace {
std::uint32_t textSize(const char *value) {
    std::uint32_t size;
    std::memcpy(&size, value + 1, sizeof size);
    return size;
}
} // namespace

const char *Wording::find(std::uint32_t index) const {
    assert(index < m_count);
    // Skip to the value: owners hold a handful, so a walk is cheap.
    const char *at = data();
    const char *end = at + m_size;
    for (std::uint32_t i = 0; i < index && at < end; ++i) {
        const auto kind = static_cast<Kind>(*at);
        at += kind == Kind::Text     ? 1 + sizeof(std::uint32_t) + textSize(at)
              : kind == Kind::Static ? kStaticSize
                                     : kNumberSize;
    }
    return at < end ? at : nullptr;
}

std::string_view Wording::text(std::uint32_t index) const {
    const char *at = find(index);
    if (!at)
        return {};
    if (static_cast<Kind>(*at) == Kind::Text)
        return {at + 1 + sizeof(std::uint32_t), textSize(at)};
    if (static_cast<Kind>(*at) == Kind::Static) {
        const char *data;
        std::size_t size;
        std::memcpy(&data, at + 1, sizeof data);
        std::memcpy(&size, at + 1 + sizeof data, sizeof size);
        return {data, size};
    }
    return {};
}

double Wording::number(std::uint32_t index) const {
    const char *at = find(index);
    double value = 0;
    if (at && static_cast<Kind>(*at) != Kind::Text && static_cast<Kind>(*at) != Kind::Static)
        std::memcpy(&value, at + 1, sizeof value);
    return value;
}

void Wording::append(std::string &out, std::uint32_t index) const {
    const char *at = find(index);
    if (!at)
        return;
    const auto kind = static_cast<Kind>(*at);
    double number = 0;
    if (kind != Kind::Text && kind != Kind::Static)
        std::memcpy(&number, at + 1, sizeof number);
    switch (kind) {
    case Kind::Text:
    case Kind::Static:
        out += text(index);
        break;
    case Kind::Number:
        advisor::appendNumber(out, number);
        break;
    case Kind::Bytes:
        advisor::appendBytes(out, number);
        break;
    case Kind::Rate:
        advisor::appendNumber(out, number);
        out += "/s";
        break;
    case Kind::Integer:
        out += std::to_string(static_cast<long long>(number));
        break;
    }
}

namespace advisor {

namespace {
void appendThousands(std::string &out, std::string_view digits) {
    if (!digits.empty() && digits[0] == '-') {
        out += '-';
        digits.remove_prefix(1);
    }
    const std::size_t n = digits.size();
    for (std::size_t i = 0; i < n; ++i) {
        out += digits[i];
        if ((n - i - 1) % 3 == 0 && i + 1 != n)
            out += ',';
    }
}
} // namespace

void appendNumber(std::string &out, double value) {
    if (!std::isfinite(value)) {
        out += "unbounded";
        return;
    }
    char buf[64];
    const double a = std::fabs(value);
    if (a >= 100 || a == std::floor(a)) {
        if (a < 9e15) {
            auto [end, ec] = std::to_chars(buf, buf + sizeof buf, static_cast<long long>(std::llround(value)));
            appendThousands(out, std::string_view(buf, static_cast<std::size_t>(end - buf)));
            return;
        }
        auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed, 0);
        appendThousands(out, std::string_view(buf, static_cast<std::size_t>(end - buf)));
        return;
    }
    auto [end, ec] = a >= 1 ? std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed, 1)
                            : std::to_chars(buf, buf + sizeof buf, value, std::chars_format::general, 3);
    out.append(buf, end);
}

void appendBytes(std::string &out, double bytes) { out += units::bytesText(bytes); }

} // namespace advisor

} // namespace docshape
