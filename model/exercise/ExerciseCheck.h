#pragma once

#include "advisor/Advice.h"
#include "advisor/Finding.h"
#include "core/Project.h"
#include "estimate/Analysis.h"
#include "exercise/Exercise.h"

#include <string>
#include <vector>

namespace docshape::exercise {

// The outcome of one check on one submission: the check's id and words,
// pass or fail, and why, with the object the reason concerns (empty kind
// when it concerns the model as a whole).
struct CheckResult {
    std::string id;
    std::string says;
    bool passed = false;
    std::string reason;
    FindingTarget target;
};

// Every check of an exercise on one submission, the exercise's own checks
// first, then those of the explanation (ids "explain.*").
struct Grade {
    std::string exerciseId;
    std::vector<CheckResult> checks;

    bool passed() const;
    std::size_t failures() const;
};

// Grades a submission (a valid model) against an exercise. The checks read
// what the analysis, the advisor, the validator export and the migration
// planner compute from the submission, never its bytes, so any design that
// meets the lesson's criteria passes. Check kinds (the `kind` of a check
// in exercise.json; entities are named as in the statement):
//
//   embeddedArray   {entity, in, atMost?}  `entity` is an array inside the `in`
//   documents, with a maximum
//                                          that the exported validator enforces
//                                          (maxItems), at most `atMost`
//   notArrayIn      {entity, in}           no array of `entity` (or of its ids)
//   grows in the `in` documents ownCollection   {entity | hasFields,
//   references?}  the entity (or one with all those fields) is the root of
//                                          its own collection, whose documents
//                                          reference each entity named
//   noFinding       {rules}                the advisor reports none of these
//   rules servedByIndex   {pattern}              an index serves the pattern
//   (equality, sort, range) without a scan
//                                          or an in-memory sort
//   oneRead         {pattern}              the pattern reads one collection in
//   one round trip, no $lookup copySemantics   {source, in, semantics,
//   mustExist?}  every copy of `source` ("Entity.field") stored in the
//                                          `in` documents states one of
//                                          `semantics`
//   tenancy         {allowed}              the project's tenancy strategy is
//   one of `allowed` tenantScoped    {entities}             each entity is
//   tenant-scoped validator       {entity, required?, enum?, bsonType?,
//   minItems?, strict?}  the exported $jsonSchema of the
//                                          entity's collection requires,
//                                          restricts and types these paths
//   schemaVersion   {entity, atLeast}      the entity records a schemaVersion
//   of at least `atLeast` shape           {entity, has?, absent?}  the entity's
//   documents have (and lack) these dotted paths migration       {entity} a
//   migration from the starting model plans a rewrite of the entity's
//                                          collection and carries every v1
//                                          field of it (by id) into v2
//   retention       {entity | hasFields}   the entity states a retention
//   (retentionDays or a TTL index)
Grade grade(const Exercise &exercise, const Project &submission);
// The same, from the analysis and the advice of `submission` already
// computed (the studio's, recomputed on every edit).
Grade grade(const Exercise &exercise, const Project &submission, const Analysis &analysis, const Advice &advice);

} // namespace docshape::exercise
