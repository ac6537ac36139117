#pragma once

#include "core/Project.h"
#include "diff/ModelDiff.h"

#include <memory>

namespace docshape {

// What the estimation model and the advisor say differently about two
// versions of a project: per derived collection, document count, average and
// maximum document size and index entries; findings that appear or
// disappear; access patterns whose estimated cost changes. Both projects must
// be valid.
Consequences diffConsequences(const Project &before, const Project &after);

struct Analysis;
struct Advice;

// What the consequences compare of one version, copied out of its analysis
// and advice: a version compared again and again (the studio's baseline)
// is analysed once, and the version on screen reuses the analysis it has.
class DiffFacts {
public:
    explicit DiffFacts(const Project &project);                  // analyze() and advise()
    DiffFacts(const Project &project, const Analysis &analysis); // advise() of that analysis
    DiffFacts(const Analysis &analysis, const Advice &advice);   // both of one version, as they are
    struct Data;

private:
    friend Consequences diffConsequences(const DiffFacts &before, const DiffFacts &after);
    std::shared_ptr<const Data> m_data;
};

Consequences diffConsequences(const DiffFacts &before, const DiffFacts &after);

} // namespace docshape
