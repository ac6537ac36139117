#pragma once

#include <string>
#include <utility>
#include <variant>

namespace docshape {

// A problem found in user input: where (a JSON path such as
// "$.entities[2].fields[0].name", or an object name) and what.
struct Error {
    std::string where;
    std::string message;

    std::string toString() const { return where.empty() ? message : where + ": " + message; }
};

// Value or Error, the model's way of reporting failure without exceptions
// crossing layers (std::expected is C++23).
template <typename T> class Result {
public:
    Result(T value) : m_state(std::move(value)) {}
    Result(Error error) : m_state(std::move(error)) {}

    bool ok() const { return m_state.index() == 0; }
    explicit operator bool() const { return ok(); }

    T &value() { return std::get<0>(m_state); }
    const T &value() const { return std::get<0>(m_state); }
    T &operator*() { return value(); }
    const T &operator*() const { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    const Error &error() const { return std::get<1>(m_state); }

private:
    std::variant<T, Error> m_state;
};

// Success or Error.
class Status {
public:
    Status() = default;
    Status(Error error) : m_error(std::move(error)), m_ok(false) {}

    bool ok() const { return m_ok; }
    explicit operator bool() const { return m_ok; }
    const Error &error() const { return m_error; }

private:
    Error m_error;
    bool m_ok = true;
};

} // namespace docshape
