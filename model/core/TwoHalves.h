#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>

namespace docshape {

namespace detail {

// The process's second thread, started on first use and kept: handing it a
// half costs a wake-up rather than creating a thread, and it keeps its warm
// cache and allocator arena from one call to the next. It takes one half at a
// time; a caller that finds it busy (a call from another thread, or one
// nested in a half it runs) runs both halves itself.
class SecondThread {
public:
    // Starts run(arg) on the second thread; false when it is busy or cannot
    // be started, in which case nothing was started.
    static bool start(void (*run)(void *), void *arg);
    // Wakes the second thread if it sleeps, so that it is spinning, ready,
    // when a split follows within a fraction of a millisecond.
    static void prepare();
    // Waits until the half started by the last successful start() returns.
    static void finish();
};

// Runs here() on the calling thread while the second thread runs what a
// successful start() gave it, then waits for it: rethrows what here() threw,
// or else what the second thread left in `secondFailed`.
template <typename Here> void alongside(Here &&here, const std::exception_ptr &secondFailed) {
    try {
        here();
    } catch (...) {
        SecondThread::finish();
        throw;
    }
    SecondThread::finish();
    if (secondFailed)
        std::rethrow_exception(secondFailed);
}

// The chunks of [0, n) that two threads take in turn, each taking the next
// as it finishes its last; after an exception, neither takes more.
struct Chunks {
    std::size_t n = 0; // set before either thread takes a chunk
    std::size_t chunk = 1;
    std::atomic<std::size_t> next{0};

    // No chunk is taken after this (far enough from the top that the few
    // fetch_adds still to come cannot wrap).
    void stop() { next.store(static_cast<std::size_t>(-1) / 2, std::memory_order_relaxed); }

    template <typename Work> void take(int thread, Work &work) {
        for (;;) {
            const std::size_t begin = next.fetch_add(chunk, std::memory_order_relaxed);
            if (begin >= n)
                return;
            try {
                work(thread, begin, std::min(begin + chunk, n));
            } catch (...) {
                stop();
                throw;
            }
        }
    }
};

} // namespace detail

// Below this many items (entities, collections, relationships) a stage runs
// on one thread: handing half to a second one costs more than it saves.
inline constexpr std::size_t kSplitFrom = 128;

// Tells the second thread that inTwoHalves will be called on `n` items soon,
// so that it wakes up (which can take a tenth of a millisecond) while the
// caller prepares the work. Nothing happens below `parallelFrom` items.
inline void prepareTwoHalves(std::size_t n, std::size_t parallelFrom) {
    if (n >= parallelFrom && n >= 2)
        detail::SecondThread::prepare();
}

// Runs work(begin, end) over [0, n): on two threads, one half each, when there
// are at least `parallelFrom` items and a second core; otherwise on the
// calling thread in one call. The halves must be independent; results are
// merged by the caller in half order, so the outcome is the same either way.
// An exception thrown by either half is rethrown here after both finish.
template <typename Work> void inTwoHalves(std::size_t n, std::size_t parallelFrom, Work &&work) {
    if (n < parallelFrom || n < 2) {
        work(std::size_t{0}, n);
        return;
    }
    const std::size_t mid = n / 2;
    struct Second {
        Work &work;
        std::size_t begin, end;
        std::exception_ptr failed;
        static void run(void *self) {
            auto &s = *static_cast<Second *>(self);
            try {
                s.work(s.begin, s.end);
            } catch (...) {
                s.failed = std::current_exception();
            }
        }
    } second{work, mid, n, nullptr};
    if (!detail::SecondThread::start(&Second::run, &second)) {
        work(std::size_t{0}, mid); // the same two calls, one after the other
        work(mid, n);
        return;
    }
    detail::alongside([&] { work(std::size_t{0}, mid); }, second.failed);
}

// Runs work(thread, begin, end) over [0, n) in chunks of `chunk` items that
// the calling thread (thread 0) and the second thread (thread 1) take in turn
// as each finishes its last, so that both finish within a chunk of each other
// however fast each runs (a thread still waking up, or slowed by the host,
// simply takes fewer chunks). Below `parallelFrom` items, or when the second
// thread is busy, the calling thread takes them all, as thread 0. Which
// thread runs a chunk varies from run to run: work must write its results by
// position, and keep per-thread state only for what does not depend on the
// split. Exceptions as inTwoHalves; after one, neither thread takes more.
template <typename Work>
void inSharedChunks(std::size_t n, std::size_t parallelFrom, std::size_t chunk, Work &&work) {
    if (n == 0)
        return;
    chunk = chunk ? chunk : 1;
    if (n < parallelFrom || n <= chunk) {
        work(0, std::size_t{0}, n);
        return;
    }
    struct Shared {
        Work &work;
        detail::Chunks chunks;
        std::exception_ptr failed; // the second thread's
        void take(int thread) { chunks.take(thread, work); }
        static void second(void *self) {
            auto &s = *static_cast<Shared *>(self);
            try {
                s.take(1);
            } catch (...) {
                s.failed = std::current_exception();
            }
        }
    } shared{work, {}, nullptr};
    shared.chunks.n = n;
    shared.chunks.chunk = chunk;
    if (!detail::SecondThread::start(&Shared::second, &shared)) {
        shared.take(0);
        return;
    }
    detail::alongside([&] { shared.take(0); }, shared.failed);
}

// Runs first() on the calling thread while the second thread runs
// n = prepare() and at once starts on work(thread, begin, end) over [0, n)
// in shared chunks, as inSharedChunks does; the calling thread takes chunks
// too as soon as first() returns. So the second thread does not wait for
// first() when prepare() is the shorter: the caller's own tables (first())
// and the work's (prepare()) are built at once, and the work starts as soon
// as its own are ready. first() must be independent of prepare() and of
// every chunk. When the second thread is busy, all runs here: prepare(),
// first(), then every chunk as thread 0. Exceptions as inTwoHalves.
template <typename First, typename Prepare, typename Work>
void sharedChunksBeside(First &&first, Prepare &&prepare, std::size_t chunk, Work &&work) {
    chunk = chunk ? chunk : 1;
    struct Shared {
        Prepare &prepare;
        Work &work;
        detail::Chunks chunks;               // chunks.n written by prepare's thread before `prepared`
        std::atomic<bool> prepared{false};
        std::exception_ptr failed; // the second thread's
        void take(int thread) { chunks.take(thread, work); }
        static void second(void *self) {
            auto &s = *static_cast<Shared *>(self);
            try {
                s.chunks.n = s.prepare(); // on failure n stays 0: no chunk is taken
                s.prepared.store(true, std::memory_order_release);
                s.prepared.notify_all();
                s.take(1);
            } catch (...) {
                s.failed = std::current_exception();
                s.prepared.store(true, std::memory_order_release);
                s.prepared.notify_all();
            }
        }
    } shared{prepare, work, {}, {}, nullptr};
    shared.chunks.chunk = chunk;
    if (!detail::SecondThread::start(&Shared::second, &shared)) {
        shared.chunks.n = prepare();
        first();
        shared.take(0);
        return;
    }
    detail::alongside(
        [&] {
            try {
                first();
            } catch (...) {
                shared.chunks.stop(); // the second thread takes no chunk after
                throw;
            }
            shared.prepared.wait(false, std::memory_order_acquire);
            shared.take(0);
        },
        shared.failed);
}

// Runs first() on the calling thread and second() on the second thread at
// the same time; when the second thread is busy, both here, first() first.
// They must be independent. Exceptions as inTwoHalves.
template <typename First, typename Second> void bothAtOnce(First &&first, Second &&second) {
    inTwoHalves(2, 2, [&](std::size_t begin, std::size_t) {
        if (begin == 0)
            first();
        else
            second();
    });
}

} // namespace docshape
