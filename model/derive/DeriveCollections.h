#pragma once

#include "core/Project.h"
#include "derive/CollectionShape.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace docshape {

struct Derived {
    Derived() = default;
    Derived(Derived &&) noexcept = default;
    // Drops the old shapes before the arenas they live in.
    Derived &operator=(Derived &&other) noexcept;
    ~Derived() = default;

    // The arenas the shapes' lists come from, one per deriving thread; first,
    // so that it goes after the shapes (and after anything a caller built in
    // them, as long as that goes with this).
    std::unique_ptr<Arena[]> memory;
    std::vector<CollectionShape> collections;
    std::vector<std::string> problems; // e.g. "relationship r3: ..." for unusable parts
};

// Collections of a project, derived from its entities and relationships:
// every entity that no relationship embeds is the root of a collection.
// Assumes validateProject passed (no embedding cycles, no dangling ids).
// The result points into `project`, which must outlive it.
Derived deriveCollections(const Project &project);

// The same, calling ready(thread, position, collection) for each entity
// collection as soon as it is built, with its position in the result. Large
// models are derived on two threads, so `ready` may run on both at once, each
// with its own thread number (0 or 1) and different positions; which thread
// builds which collection varies from run to run.
using CollectionReady = std::function<void(int thread, std::size_t position, const CollectionShape &collection)>;
// When given, beside() runs on the calling thread while the second one (for
// a large model) builds the derivation's lookup tables and then starts on the
// collections: `ready` may run on the second thread while beside() still
// runs, and must then leave alone whatever beside() builds. beside() must
// not write anything the derivation reads (the project).
Derived deriveCollections(const Project &project, const CollectionReady &ready,
                          const std::function<void()> &beside = {});

// The collection that stores the entity (its own, or the root it is embedded
// in), or nullptr.
const CollectionShape *collectionOf(const Derived &derived, std::string_view entityId);

} // namespace docshape
