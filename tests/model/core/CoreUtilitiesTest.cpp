#include "core/Arena.h"
#include "core/IdIndex.h"
#include "core/TwoHalves.h"
#include "derive/CollectionShape.h"

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

using namespace docshape;

TEST_CASE("IdIndex finds every id it was given, and nothing else", "[core]") {
    std::vector<std::string> ids;
    for (int i = 0; i < 5000; ++i)
        ids.push_back("e" + std::to_string(i));
    IdIndex index;
    index.reserve(10); // far too small: it must grow
    for (std::size_t i = 0; i < ids.size(); ++i)
        index.insert(ids[i], static_cast<std::uint32_t>(i));
    for (std::size_t i = 0; i < ids.size(); ++i)
        REQUIRE(index.find(ids[i]) == static_cast<int>(i));
    CHECK(index.find("e5000") == -1);
    CHECK(index.find("") == -1);
    CHECK(index.find("e") == -1);
}

TEST_CASE("IdIndex keeps the first position given for an id", "[core]") {
    IdIndex index;
    index.insert("orders", 3);
    index.insert("orders", 7);
    CHECK(index.find("orders") == 3);
}

TEST_CASE("inTwoHalves covers every item once, on one or two threads", "[core]") {
    for (std::size_t n : {0u, 1u, 5u, 127u, 128u, 1001u}) {
        std::vector<std::atomic<int>> seen(n);
        std::atomic<int> calls{0};
        inTwoHalves(n, 128, [&](std::size_t begin, std::size_t end) {
            ++calls;
            for (std::size_t i = begin; i < end; ++i)
                ++seen[i];
        });
        for (std::size_t i = 0; i < n; ++i)
            REQUIRE(seen[i] == 1);
        if (n < 128)
            CHECK(calls == 1);
    }
}

TEST_CASE("inTwoHalves covers every item once when calls nest or overlap", "[core]") {
    // Nested: the second thread is busy with the outer half, so each inner
    // call runs its halves on the thread that made it.
    std::vector<std::atomic<int>> outer(400), inner(2 * 300);
    inTwoHalves(outer.size(), 128, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i)
            ++outer[i];
        const std::size_t base = begin == 0 ? 0 : 300;
        inTwoHalves(300, 128, [&](std::size_t b, std::size_t e) {
            for (std::size_t i = b; i < e; ++i)
                ++inner[base + i];
        });
    });
    for (const auto &seen : outer)
        REQUIRE(seen == 1);
    for (const auto &seen : inner)
        REQUIRE(seen == 1);

    // Overlapping: two threads split their work at the same time, many
    // times; whichever finds the second thread busy runs both halves.
    constexpr int rounds = 200;
    std::vector<std::atomic<int>> a(1000), b(1000);
    auto splitMany = [](std::vector<std::atomic<int>> &seen) {
        for (int r = 0; r < rounds; ++r)
            inTwoHalves(seen.size(), 128, [&](std::size_t begin, std::size_t end) {
                for (std::size_t i = begin; i < end; ++i)
                    ++seen[i];
            });
    };
    std::thread other(splitMany, std::ref(b));
    splitMany(a);
    other.join();
    for (std::size_t i = 0; i < a.size(); ++i) {
        REQUIRE(a[i] == rounds);
        REQUIRE(b[i] == rounds);
    }
}

TEST_CASE("inTwoHalves in a forked child runs both halves itself", "[core]") {
    // The second thread exists in this process; a forked child has none.
    inTwoHalves(400, 128, [](std::size_t, std::size_t) {});
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        alarm(20); // waiting for a thread that does not exist fails the test
        std::vector<int> seen(400);
        inTwoHalves(seen.size(), 128, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i)
                ++seen[i];
        });
        _exit(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }) ? 0 : 1);
    }
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
}

TEST_CASE("inTwoHalves rethrows what either half throws", "[core]") {
    CHECK_THROWS_WITH(inTwoHalves(400, 128,
                                  [](std::size_t begin, std::size_t) {
                                      if (begin != 0)
                                          throw std::runtime_error("second half failed");
                                  }),
                      "second half failed");
    CHECK_THROWS_WITH(inTwoHalves(400, 128,
                                  [](std::size_t begin, std::size_t) {
                                      if (begin == 0)
                                          throw std::runtime_error("first half failed");
                                  }),
                      "first half failed");
}

TEST_CASE("inSharedChunks covers every item once, in chunks, on one or two threads", "[core]") {
    for (std::size_t n : {0u, 1u, 5u, 127u, 128u, 1001u}) {
        std::vector<std::atomic<int>> seen(n);
        std::atomic<int> calls{0}, badChunks{0}, badThreads{0};
        inSharedChunks(n, 128, 8, [&](int thread, std::size_t begin, std::size_t end) {
            ++calls;
            if (end <= begin || (n >= 128 && end - begin > 8))
                ++badChunks;
            if (thread != 0 && thread != 1)
                ++badThreads;
            for (std::size_t i = begin; i < end; ++i)
                ++seen[i];
        });
        for (std::size_t i = 0; i < n; ++i)
            REQUIRE(seen[i] == 1);
        CHECK(badChunks == 0);
        CHECK(badThreads == 0);
        if (n < 128)
            CHECK(calls == (n ? 1 : 0)); // below the threshold: one call, on this thread
        else
            CHECK(calls == static_cast<int>((n + 7) / 8));
    }
}

TEST_CASE("inSharedChunks gives the faster thread more of the work", "[core]") {
    if (std::thread::hardware_concurrency() < 2)
        return; // no second thread: everything runs here, as the first test checks
    // This thread is slowed down; the second thread takes chunks as fast as
    // it can, so it ends up with most of them (unless the host keeps it from
    // running for the 200 ms this thread would take alone).
    std::atomic<int> chunks[2] = {0, 0};
    inSharedChunks(2000, 128, 10, [&](int thread, std::size_t, std::size_t) {
        ++chunks[thread];
        if (thread == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
    });
    CHECK(chunks[0] + chunks[1] == 200);
    CHECK(chunks[1] > chunks[0]);
}

TEST_CASE("inSharedChunks runs a nested call on the thread that made it", "[core]") {
    // Nested: the second thread is busy with the outer call, so each inner
    // call takes all its chunks itself, as thread 0.
    std::vector<std::atomic<int>> outer(400), inner(400 * 200);
    std::atomic<int> innerOnSecond{0};
    inSharedChunks(outer.size(), 128, 4, [&](int, std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            ++outer[i];
            if (i % 2 == 0)
                continue;
            inSharedChunks(200, 128, 4, [&](int thread, std::size_t b, std::size_t e) {
                if (thread != 0)
                    ++innerOnSecond;
                for (std::size_t k = b; k < e; ++k)
                    ++inner[i * 200 + k];
            });
        }
    });
    for (const auto &seen : outer)
        REQUIRE(seen == 1);
    for (std::size_t i = 0; i < outer.size(); ++i)
        for (std::size_t k = 0; k < 200; ++k)
            REQUIRE(inner[i * 200 + k] == (i % 2 ? 1 : 0));
    CHECK(innerOnSecond == 0);
}

TEST_CASE("inSharedChunks rethrows what either thread throws", "[core]") {
    CHECK_THROWS_WITH(inSharedChunks(400, 128, 4,
                                     [](int, std::size_t begin, std::size_t) {
                                         if (begin == 200)
                                             throw std::runtime_error("chunk 200 failed");
                                     }),
                      "chunk 200 failed");
    if (std::thread::hardware_concurrency() < 2)
        return; // no second thread
    // This thread holds its first chunk until the second thread has taken
    // one, which fails. (Should no second thread run, this waits once, then
    // the check fails.)
    std::atomic<bool> secondRan{false};
    CHECK_THROWS_WITH(inSharedChunks(400, 128, 4,
                                     [&](int thread, std::size_t begin, std::size_t) {
                                         if (thread == 1) {
                                             secondRan = true;
                                             throw std::runtime_error("the second thread failed");
                                         }
                                         if (begin != 0)
                                             return;
                                         const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
                                         while (!secondRan && std::chrono::steady_clock::now() < until)
                                             std::this_thread::yield();
                                     }),
                      "the second thread failed");
}

TEST_CASE("sharedChunksBeside covers every prepared item once, with first() on this thread", "[core]") {
    for (std::size_t n : {0u, 1u, 9u, 1001u}) {
        std::vector<std::atomic<int>> seen(n);
        std::atomic<int> badChunks{0}, badThreads{0};
        const auto caller = std::this_thread::get_id();
        bool firstHere = false;
        sharedChunksBeside([&] { firstHere = std::this_thread::get_id() == caller; }, [&] { return n; }, 8,
                           [&](int thread, std::size_t begin, std::size_t end) {
                               if (end <= begin || end - begin > 8)
                                   ++badChunks;
                               if (thread != 0 && thread != 1)
                                   ++badThreads;
                               for (std::size_t i = begin; i < end; ++i)
                                   ++seen[i];
                           });
        CHECK(firstHere);
        for (std::size_t i = 0; i < n; ++i)
            REQUIRE(seen[i] == 1);
        CHECK(badChunks == 0);
        CHECK(badThreads == 0);
    }
}

TEST_CASE("sharedChunksBeside starts the work on the second thread while first() runs", "[core]") {
    if (std::thread::hardware_concurrency() < 2)
        return; // no second thread: all runs here, as the test above checks
    // first() holds this thread until the second thread has finished a chunk
    // (or 20 s pass, and the check fails).
    std::atomic<int> doneBySecond{0};
    int seenByFirst = 0;
    sharedChunksBeside(
        [&] {
            const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
            while (doneBySecond == 0 && std::chrono::steady_clock::now() < until)
                std::this_thread::yield();
            seenByFirst = doneBySecond;
        },
        [] { return std::size_t{400}; }, 4,
        [&](int thread, std::size_t, std::size_t) {
            if (thread == 1)
                ++doneBySecond;
        });
    CHECK(seenByFirst > 0);
}

TEST_CASE("sharedChunksBeside rethrows from first(), prepare() or a chunk", "[core]") {
    auto none = [] {};
    auto count = [] { return std::size_t{400}; };
    auto nothing = [](int, std::size_t, std::size_t) {};
    CHECK_THROWS_WITH(sharedChunksBeside([] { throw std::runtime_error("first failed"); }, count, 4, nothing),
                      "first failed");
    CHECK_THROWS_WITH(sharedChunksBeside(
                          none, []() -> std::size_t { throw std::runtime_error("prepare failed"); }, 4, nothing),
                      "prepare failed");
    CHECK_THROWS_WITH(sharedChunksBeside(none, count, 4,
                                         [](int, std::size_t begin, std::size_t) {
                                             if (begin == 200)
                                                 throw std::runtime_error("chunk 200 failed");
                                         }),
                      "chunk 200 failed");
}

TEST_CASE("sharedChunksBeside takes no chunk once first() has thrown", "[core]") {
    // prepare() takes long enough that first() has thrown before the second
    // thread (if any) could take a chunk; with none, prepare() runs before
    // first() and no chunk is reached either.
    std::atomic<int> chunks{0};
    CHECK_THROWS_WITH(sharedChunksBeside([] { throw std::runtime_error("first failed"); },
                                         [] {
                                             std::this_thread::sleep_for(std::chrono::milliseconds(20));
                                             return std::size_t{400};
                                         },
                                         4, [&](int, std::size_t, std::size_t) { ++chunks; }),
                      "first failed");
    CHECK(chunks == 0);
}

TEST_CASE("An arena hands out aligned, separate memory, however large the request", "[core]") {
    Arena arena;
    std::vector<std::pair<char *, std::size_t>> blocks;
    for (std::size_t size : {1u, 3u, 16u, 100u, 5000u, 70000u, 3u << 20, 7u}) {
        auto *p = static_cast<char *>(arena.allocate(size, alignof(std::max_align_t)));
        REQUIRE(p != nullptr);
        CHECK(reinterpret_cast<std::uintptr_t>(p) % alignof(std::max_align_t) == 0);
        std::fill(p, p + size, static_cast<char>(blocks.size() + 1));
        blocks.emplace_back(p, size);
    }
    for (std::size_t k = 0; k < blocks.size(); ++k) { // nothing overwrote another block
        const auto [p, size] = blocks[k];
        CHECK(std::all_of(p, p + size, [&](char c) { return c == static_cast<char>(k + 1); }));
    }
    CHECK(arena.reservedBytes() >= (3u << 20) + 70000u + 5000u);
}

TEST_CASE("Lists in an arena move with it, and copies of them go to the heap", "[core]") {
    Arena arena;
    ArenaVector<std::string> list{ArenaAllocator<std::string>(&arena)};
    for (int i = 0; i < 100; ++i)
        list.push_back("a string too long for the small-string buffer " + std::to_string(i));
    const ArenaVector<std::string> copy = list;
    CHECK(copy.get_allocator().arena() == nullptr);
    CHECK(copy == list);
    ArenaVector<std::string> moved;
    moved = std::move(list);
    CHECK(moved.get_allocator().arena() == &arena);
    CHECK(moved == copy);
}

TEST_CASE("A node's object shape is created on write and copied deeply", "[core][derive]") {
    ShapeNode scalar;
    CHECK(std::as_const(scalar).object->fields.empty()); // reading gives an empty shape
    ShapeNode address;
    address.type = BsonType::Object;
    address.object->fields.emplace_back().name = "city";
    ShapeNode copy = address;
    copy.object->fields.front().name = "town";
    CHECK(address.object->fields.front().name == "city");
    CHECK(copy.object->fields.front().name == "town");
    ShapeNode moved = std::move(copy);
    CHECK(moved.object->fields.front().name == "town");
}

TEST_CASE("IdIndex tells apart long ids that share their first and last bytes", "[core]") {
    // Same size, same first eight and last eight bytes: only the middle differs.
    const std::string a = "customer-AAAA-0000000001", b = "customer-BBBB-0000000001",
                      c = "customer-AAAA-00000000012";
    IdIndex index;
    index.insert(a, 1);
    index.insert(b, 2);
    CHECK(index.find(a) == 1);
    CHECK(index.find(b) == 2);
    CHECK(index.find(c) == -1);
    CHECK(index.find("customer-CCCC-0000000001") == -1);
}
