#pragma once

#include <memory>

namespace docshape {

// A value of T held on the heap, for parts of a struct that most instances
// leave at their defaults: the struct stays small (one pointer), so walking
// many of them reads fewer cache lines. Reading an unset box gives a default
// T (shared, never written); edit() creates the value on first write, so a
// read never allocates. Copies are deep, and an unset box equals one holding
// a default T.
template <typename T> class Boxed {
public:
    Boxed() = default;
    Boxed(const Boxed &other) : m_value(other.m_value ? std::make_unique<T>(*other.m_value) : nullptr) {}
    Boxed(Boxed &&) noexcept = default;
    Boxed &operator=(const Boxed &other) {
        if (this != &other)
            m_value = other.m_value ? std::make_unique<T>(*other.m_value) : nullptr;
        return *this;
    }
    Boxed &operator=(Boxed &&) noexcept = default;
    ~Boxed() = default;

    const T &operator*() const { return m_value ? *m_value : empty(); }
    const T *operator->() const { return &**this; }

    // The value to write, created (as a default T) if the box was unset.
    T &edit() {
        if (!m_value)
            m_value = std::make_unique<T>();
        return *m_value;
    }

    // Whether a value was ever written (it may still equal the default).
    bool isSet() const { return m_value != nullptr; }

    friend bool operator==(const Boxed &a, const Boxed &b) { return *a == *b; }

private:
    static const T &empty() {
        static const T none;
        return none;
    }

    std::unique_ptr<T> m_value;
};

} // namespace docshape
