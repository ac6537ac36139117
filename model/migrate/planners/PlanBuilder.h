#pragma once

#include "migrate/MigrationPlan.h"
#include "migrate/PipelineBuilder.h"
#include "migrate/ShapeMap.h"
#include "migrate/planners/DocumentRewrite.h"
#include "util/Result.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace docshape::migration {

// The order the steps run in, whatever order the planners add them in: a
// step may rely on what every earlier phase did. Within a phase, steps run
// in the order they were added.
enum class Phase {
    Checks,               // counts that stop the run, before anything is written, when a decision is missing
    CreateCollections,    // collections v2 adds, with their validators
    NewCollectionIndexes, // their indexes, before any document arrives
    BuildIndexes,         // new and changed indexes of existing collections, before the release that needs them
    RelaxValidators,      // v2's validators at "moderate", so that v1-shape documents can still be rewritten
    Rewrites,             // the keys of each collection's documents (renames, conversions, new keys)
    IndexesAfterRewrites, // new and changed indexes on keys a rewrite writes: one pass instead of upkeep per document
    Representations,      // documents moved between collections or copied between them, read with v2's key names
    AfterRepresentations, // what reads the representations' output, and the decisions the checks asked for
    RestoreValidators,    // once no document fails v2's validator
    DropIndexes,          // once the release that no longer needs them is deployed
    DropCollections,      // after every read has moved
};

// A collection an embed step copies into its parents: what the step that
// drops it checks first.
struct EmbedSource {
    std::string parent, backKey, field;
    pipeline::Json element; // the embedded element, from a child bound to $$c
    bool array = true;
};

// What the planners write, and what one tells the later ones: the steps
// with their phases, the warnings, the first refusal, the keys a
// representation step moves (which the field rules leave alone) and the
// collections whose documents some step rewrites.
class PlanBuilder {
public:
    void add(MigrationStep step, Phase phase) { m_steps.emplace_back(phase, std::move(step)); }
    // A change the script does not make, or an assumption it had to take.
    void warn(std::string sentence) { m_warnings.push_back(std::move(sentence)); }
    // A difference the script cannot plan: the first one is the plan's Error.
    void refuse(const std::string &where, const std::string &message);
    const std::optional<Error> &refusal() const { return m_refusal; }

    void move(const std::string &key) { m_moved.insert(key); }
    // Whether a representation step moves the key at `place` or a key that
    // holds it.
    bool moves(const ShapeMap &map, const NodePlace &place) const;

    void touch(const std::string &collection) { m_touched.insert(collection); }
    bool touched(const std::string &collection) const { return m_touched.contains(collection); }

    void embed(const std::string &collection, EmbedSource source) { m_embedded[collection] = std::move(source); }
    const EmbedSource *embedded(const std::string &collection) const;

    // The key changes of a collection's documents (by its v2 name) that the
    // key planners collect, for RewritePlanner.
    DocumentRewrite &rewriteOf(const std::string &collection) { return m_rewrites[collection]; }

    // The value a new required key gets: the field's stated default, or a
    // value of its type (stated as a warning, so that a designer states one).
    Result<pipeline::Json> defaultFor(const ShapeNode &node, const std::string &where);

    // The steps in phase order, each with its id, and the warnings.
    void finish(MigrationPlan &plan);

private:
    std::vector<std::pair<Phase, MigrationStep>> m_steps;
    std::vector<std::string> m_warnings;
    std::optional<Error> m_refusal;
    std::set<std::string> m_moved;
    std::set<std::string> m_touched;
    std::map<std::string, EmbedSource> m_embedded;
    std::map<std::string, DocumentRewrite> m_rewrites;
};

} // namespace docshape::migration
