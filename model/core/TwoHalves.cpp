#include "core/TwoHalves.h"

#include <atomic>
#include <chrono>
#include <climits>
#include <thread>

#include <unistd.h>

namespace docshape::detail {

namespace {

// How long either side spins before it sleeps: the advisor hands out its
// halves a fraction of a millisecond apart, and a sleeping thread on a
// virtual machine can take as long to wake.
constexpr auto kSpin = std::chrono::microseconds(300);

// The worker's state. Warming and above: idle, but told a split is coming,
// so it spins rather than sleeps (each prepare() moves to a new value, so
// that a sleeping worker sees a change).
enum State : int { Idle, Posted, Done, Warming };

void relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

// Spins on `state` until it leaves `from` or kSpin passes; then waits for it
// asleep. Returns the new state.
int awaitChange(const std::atomic<int> &state, int from) {
    const auto until = std::chrono::steady_clock::now() + kSpin;
    for (unsigned i = 1;; ++i) {
        const int s = state.load(std::memory_order_acquire);
        if (s != from)
            return s;
        if (i % 64 == 0 && std::chrono::steady_clock::now() > until)
            break;
        relax();
    }
    for (;;) {
        state.wait(from, std::memory_order_acquire);
        const int s = state.load(std::memory_order_acquire);
        if (s != from)
            return s;
    }
}

class Worker {
public:
    Worker() : m_thread([this] { loop(); }) { m_thread.detach(); }

    bool start(void (*run)(void *), void *arg) {
        // A forked child has no second thread: it runs both halves itself.
        if (getpid() != m_process)
            return false;
        // Claimed until finish(): a call from another thread, or one nested
        // in either half, finds it busy.
        if (m_claimed.exchange(true, std::memory_order_acquire))
            return false;
        m_run = run;
        m_arg = arg;
        m_state.store(Posted, std::memory_order_release);
        m_state.notify_all();
        return true;
    }

    void prepare() {
        if (getpid() != m_process)
            return;
        int s = m_state.load(std::memory_order_relaxed);
        while (s == Idle || s >= Warming) {
            const int next = s == Idle || s == INT_MAX ? Warming : s + 1;
            if (m_state.compare_exchange_weak(s, next, std::memory_order_relaxed)) {
                m_state.notify_all();
                return;
            }
        }
    }

    void finish() {
        awaitChange(m_state, Posted);
        m_state.store(Idle, std::memory_order_relaxed);
        m_claimed.store(false, std::memory_order_release);
    }

private:
    void loop() {
        for (;;) {
            int s = awaitChange(m_state, Idle);
            while (s >= Warming)
                s = awaitChange(m_state, s);
            m_run(m_arg); // s is Posted
            m_state.store(Done, std::memory_order_release);
            m_state.notify_all();
            // Wait until the caller has taken the result (state back to Idle).
            awaitChange(m_state, Done);
        }
    }

    const pid_t m_process = getpid();
    std::atomic<bool> m_claimed{false};
    std::atomic<int> m_state{Idle};
    void (*m_run)(void *) = nullptr;
    void *m_arg = nullptr;
    std::thread m_thread;
};

// Started on first use and never destroyed: the thread sleeps until the
// process ends, so no exit path can find it half torn down.
Worker *worker() {
    static Worker *const w = []() -> Worker * {
        if (std::thread::hardware_concurrency() < 2)
            return nullptr;
        try {
            return new Worker;
        } catch (...) { // no thread could be created: one is enough
            return nullptr;
        }
    }();
    return w;
}

} // namespace

bool SecondThread::start(void (*run)(void *), void *arg) {
    Worker *w = worker();
    return w && w->start(run, arg);
}

void SecondThread::prepare() {
    if (Worker *w = worker())
        w->prepare();
}

void SecondThread::finish() { worker()->finish(); }

} // namespace docshape::detail
