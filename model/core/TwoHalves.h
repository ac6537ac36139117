#pragma once

#include <cstddef>
#include <exception>
#include <thread>

namespace docshape {

// Runs work(begin, end) over [0, n): on two threads, one half each, when there
// are at least `parallelFrom` items and a second core; otherwise on the
// calling thread in one call. The halves must be independent; results are
// merged by the caller in half order, so the outcome is the same either way.
// An exception thrown by either half is rethrown here after both finish.
template <typename Work> void inTwoHalves(std::size_t n, std::size_t parallelFrom, Work &&work) {
    if (n < parallelFrom || n < 2 || std::thread::hardware_concurrency() < 2) {
        work(std::size_t{0}, n);
        return;
    }
    const std::size_t mid = n / 2;
    std::exception_ptr failed;
    std::thread other([&] {
        try {
            work(mid, n);
        } catch (...) {
            failed = std::current_exception();
        }
    });
    try {
        work(std::size_t{0}, mid);
    } catch (...) {
        other.join();
        throw;
    }
    other.join();
    if (failed)
        std::rethrow_exception(failed);
}

} // namespace docshape
