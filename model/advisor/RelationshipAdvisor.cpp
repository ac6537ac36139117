#include "advisor/AdvisorContext.h"

#include "advisor/RuleCatalog.h"
#include "core/ObjectNames.h"
#include "estimate/BsonSize.h"

#include <algorithm>
#include <cctype>

namespace docshape::advisor {

namespace {

enum class Family { Embed, Reference, Subset, ExtendedReference, Bucket };

Family familyOf(Representation r) {
    switch (r) {
    case Representation::EmbedOne:
    case Representation::EmbedArray:
        return Family::Embed;
    case Representation::Subset:
        return Family::Subset;
    case Representation::ExtendedReference:
        return Family::ExtendedReference;
    case Representation::Bucket:
        return Family::Bucket;
    default:
        return Family::Reference;
    }
}

const ShapeNode *findByRelationship(const ObjectShape &shape, std::string_view relationshipId) {
    for (const auto &n : shape.fields) {
        if (n.relationshipId == relationshipId && n.origin != NodeOrigin::Reference)
            return &n;
        if (n.hasObject())
            if (const ShapeNode *found = findByRelationship(*n.object, relationshipId))
                return found;
    }
    for (const auto &v : shape.variants)
        for (const auto &n : v.fields)
            if (n.hasObject())
                if (const ShapeNode *found = findByRelationship(*n.object, relationshipId))
                    return found;
    return nullptr;
}

// Dotted path of the node holding an embedded entity, for stripping it from
// pattern paths when the entity moves to its own collection.
bool pathToEntity(const ObjectShape &shape, std::string_view entityId, const std::string &prefix, std::string &out) {
    for (const auto &n : shape.fields) {
        const std::string path = dottedPath(prefix, n.name);
        if (n.origin == NodeOrigin::EmbeddedEntity && n.entityId == entityId) {
            out = path;
            return true;
        }
        if (n.hasObject() && pathToEntity(*n.object, entityId, path, out))
            return true;
    }
    return false;
}

std::string lowerFirst(std::string s) {
    if (!s.empty())
        s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
    return s;
}

bool strongConsistency(const AccessPattern &q) {
    const std::string &c = q.consistency;
    return c.find("strong") != std::string::npos || c.find("atomic") != std::string::npos ||
           c.find("transaction") != std::string::npos;
}

bool hasDateField(const Entity &e) {
    for (const auto &f : e.fields)
        if (f.type == BsonType::Date)
            return true;
    return false;
}

std::string keysText(const std::vector<IndexKey> &keys) {
    std::string s = "{";
    for (std::size_t i = 0; i < keys.size(); ++i)
        s += (i ? ", " : " ") + keys[i].path + ": " + keys[i].kind;
    return s + " }";
}

struct Workload {
    double togetherReads = 0;       // patterns reading parent and child together
    double parentShowsChildren = 0; // ... started from the parent
    double childShowsParent = 0;    // ... started from the child
    double independentReads = 0;    // child read without the parent
    double togetherWrites = 0;
    double independentWrites = 0;
    double childUpdates = 0;
    double childInserts = 0;
    bool atomic = false;
    std::string_view togetherName, independentName, writeName; // the first pattern of each
};

Workload workloadOf(const Context &ctx, const Relationship &r) {
    Workload w;
    const int parent = ctx.parentOf(r), child = ctx.childOf(r);
    auto visit = [&](const AccessPattern &q, bool fromParent) {
        const PatternPlan &plan = ctx.plans[ctx.position(q)];
        const int other = fromParent ? child : parent;
        const bool together = std::find(plan.alsoReads.begin(), plan.alsoReads.end(), other) != plan.alsoReads.end();
        if (plan.kind == AccessKind::Read) {
            if (together) {
                w.togetherReads += plan.frequency;
                (fromParent ? w.parentShowsChildren : w.childShowsParent) += plan.frequency;
                if (w.togetherName.empty())
                    w.togetherName = plan.name;
            } else if (!fromParent) {
                w.independentReads += plan.frequency;
                if (w.independentName.empty())
                    w.independentName = plan.name;
            }
        } else {
            if (together) {
                w.togetherWrites += plan.frequency;
                if (strongConsistency(q))
                    w.atomic = true;
            } else if (!fromParent) {
                w.independentWrites += plan.frequency;
                if (w.writeName.empty())
                    w.writeName = plan.name;
            }
            if (!fromParent && plan.operation == Operation::Update)
                w.childUpdates += plan.frequency;
            if (!fromParent && plan.operation == Operation::Insert)
                w.childInserts += plan.frequency;
        }
    };
    for (const AccessPattern *q : ctx.patternsOnEntity(parent))
        visit(*q, true);
    if (child != parent)
        for (const AccessPattern *q : ctx.patternsOnEntity(child))
            visit(*q, false);
    return w;
}

} // namespace

std::vector<RelationshipAdvice> adviseRelationships(Context &ctx, Carry &carry) {
    std::vector<RelationshipAdvice> out;
    out.reserve(ctx.project.relationships.size());
    const double target = ctx.s.documentTarget;
    Wording scratch;
    constexpr std::string_view kEmbed = "embed", kReference = "reference", kNeutral = "neutral";
    // One relationship's advice, and its findings.
    const auto adviseOne = [&](const Relationship &r, const Entity *parent, const Entity *child) {
        RelationshipAdvice advice;
        advice.relationshipId = r.id;
        // The words are said into a scratch list and copied out at their size.
        Wording &words = scratch;
        words.clear();
        advice.namePhrase = words.say("{0}", relationshipName(ctx.project, r));
        advice.current = toString(r.representation);
        const Family current = familyOf(r.representation);
        const Workload w = workloadOf(ctx, r);
        const std::string &parentName = parent->name;
        const std::string &childName = child->name;

        // Sizes: the child as an element, the parent without it.
        double childBytes = 0;
        const int pc = ctx.collectionOfEntity(ctx.parentOf(r));
        const int cc = ctx.collectionOfEntity(ctx.childOf(r));
        // Only an embedding representation puts the child's own node in the
        // parent's documents (DeriveCollections), so only it is searched for.
        const ShapeNode *node =
            pc >= 0 && embedsChild(r.representation) ? findByRelationship(ctx.shape(pc).shape, r.id) : nullptr;
        if (node && node->hasObject() && node->origin == NodeOrigin::EmbeddedEntity)
            childBytes = averageObjectBytes(*node->object) + 4; // element header, approx.
        else if (cc >= 0 && ctx.rootOf(cc) == ctx.childOf(r))
            childBytes = ctx.stat(cc).avgDocumentBytes;
        double parentBase = pc >= 0 ? ctx.stat(pc).avgDocumentBytes : 0;
        if (current == Family::Embed)
            parentBase = std::max(0.0, parentBase - r.avgChildren * childBytes);
        const bool single = r.cardinality == Cardinality::OneToOne || (r.maxChildren && *r.maxChildren <= 1);
        const bool unbounded = !single && !r.maxChildren;
        const bool grows = r.growthPerParentPerDay > 0;
        const double boundCount = r.maxChildren ? static_cast<double>(*r.maxChildren) : r.avgChildren;
        const double atBound = parentBase + boundCount * childBytes;
        const bool manyToMany = r.cardinality == Cardinality::ManyToMany;
        // How many parent documents point at one child: above one, the child
        // is shared, and embedding it would copy it into each of them.
        const double holdersPerChild = child->count > 0 ? parent->count * r.avgChildren / child->count : 0;
        const bool shared = manyToMany || holdersPerChild > 1.5;
        const Static underOver{atBound <= target ? "under" : "over"};

        int embedVotes = 0, refVotes = 0;
        std::size_t votes = 0;
        auto factor = [&](std::string_view name, std::string_view points, Phrase why) {
            if (points == kEmbed)
                ++embedVotes;
            else if (points == kReference)
                ++refVotes;
            advice.votes[votes++] = {name, points, why};
        };

        // 1. Read pattern.
        if (w.togetherReads > w.independentReads)
            factor("read pattern", kEmbed,
                   w.independentReads > 0 ? words.say("read together at {0} ('{1}'), alone at {2}",
                                                      Rate{w.togetherReads}, w.togetherName, Rate{w.independentReads})
                                          : words.say("read together at {0} ('{1}')", Rate{w.togetherReads},
                                                      w.togetherName));
        else if (w.independentReads > 0)
            factor("read pattern", kReference,
                   w.togetherReads > 0
                       ? words.say("{0} is read on its own at {1} ('{2}'), with {3} at {4}", childName,
                                   Rate{w.independentReads}, w.independentName, parentName, Rate{w.togetherReads})
                       : words.say("{0} is read on its own at {1} ('{2}')", childName, Rate{w.independentReads},
                                   w.independentName));
        else
            factor("read pattern", kNeutral,
                   words.say("no access pattern reads {0} with or without {1}", childName, parentName));
        // 2. Write pattern.
        if (w.togetherWrites > w.independentWrites)
            factor("write pattern", kEmbed, words.say("written together at {0}", Rate{w.togetherWrites}));
        else if (w.independentWrites > 0)
            factor("write pattern", kReference,
                   words.say("{0} is written on its own at {1} ('{2}')", childName, Rate{w.independentWrites},
                             w.writeName));
        else
            factor("write pattern", kNeutral, words.say("no write pattern involves {0}", childName));
        // 3. Data size and bound.
        if (single)
            factor("data size", atBound <= target ? kEmbed : kReference,
                   words.say("one {0} of {1}; the {2} document would be {3}, {4} the {5} target", childName,
                             Bytes{childBytes}, parentName, Bytes{atBound}, underOver, Bytes{target}));
        else if (unbounded)
            factor("data size", kReference,
                   grows ? words.say("unbounded: no maximum stated, growing {0} per {1} per day",
                                     Num{r.growthPerParentPerDay}, parentName)
                         : words.say("unbounded: no maximum stated"));
        else
            factor("data size", atBound <= target ? kEmbed : kReference,
                   words.say("bounded at {0} x {1}: the {2} document at its bound is {3}, {4} the {5} target",
                             Num{boundCount}, Bytes{childBytes}, parentName, Bytes{atBound}, underOver,
                             Bytes{target}));
        // 4. Duplication.
        if (shared)
            factor("duplication", kReference,
                   words.say("{0} is shared ({1} {2}s per {0}); embedding copies it into each", childName,
                             Num{holdersPerChild}, parentName));
        else if (current == Family::ExtendedReference || current == Family::Subset)
            factor("duplication", r.copySemantics == Duplication::Snapshot ? kEmbed : kNeutral,
                   r.copySemantics == Duplication::Snapshot
                       ? words.say("copied fields with {0} semantics: duplication is the intended history",
                                   Static{wordsOf(r.copySemantics)})
                       : words.say("copied fields with {0} semantics", Static{wordsOf(r.copySemantics)}));
        else
            factor("duplication", kEmbed,
                   words.say("{0} belongs to one {1}: nothing is duplicated", childName, parentName));
        // 5. Atomicity.
        if (w.atomic)
            factor("atomicity", kEmbed,
                   words.say("a write with strong consistency changes both: one document makes it atomic"));
        else if (w.independentWrites > 0 && w.togetherWrites == 0)
            factor("atomicity", kReference, words.say("no write needs both to change atomically"));
        else
            factor("atomicity", kNeutral, words.say("no write states an atomicity need"));
        // 6. Relationship size.
        if (single || (r.maxChildren && boundCount <= ctx.s.fewChildren))
            factor("relationship size", kEmbed,
                   single ? words.say("one-to-one") : words.say("few-to-many: at most {0}", Num{boundCount}));
        else if (r.avgChildren >= ctx.s.manyChildren || (unbounded && grows))
            factor("relationship size", kReference,
                   unbounded ? words.say("many-to-millions: {0} on average, no maximum", Num{r.avgChildren})
                             : words.say("many-to-millions: {0} on average, at most {1}", Num{r.avgChildren},
                                         Num{boundCount}));
        else
            factor("relationship size", unbounded ? kReference : kNeutral,
                   unbounded ? words.say("{0} on average, no maximum", Num{r.avgChildren})
                             : words.say("{0} on average, at most {1}", Num{r.avgChildren}, Num{boundCount}));
        // 7. Volatility.
        if (w.childUpdates > 0 && w.childUpdates >= w.togetherReads)
            factor("volatility", kReference,
                   words.say("{0} changes at {1}, as often as it is read with {2}", childName, Rate{w.childUpdates},
                             parentName));
        else if (w.togetherReads > 0 && w.childUpdates * 10 < w.togetherReads)
            factor("volatility", kEmbed,
                   words.say("{0} changes at {1}, far less often than it is read", childName, Rate{w.childUpdates}));
        else
            factor("volatility", kNeutral, words.say("no update frequency stated against reads"));

        // The recommendation: hard limits first, then the vote, then the
        // patterns the seeds name for the mixed cases.
        const bool tooLarge = unbounded || (!single && r.avgChildren >= ctx.s.manyChildren) || atBound > target;
        const double avgBytes = parentBase + r.avgChildren * childBytes;
        // An event stream: dated, never updated, arriving often overall and
        // many times a day per parent (a sensor's readings, not a
        // student's enrollments).
        const double insertsPerSecond = std::max(w.childInserts, child->growthPerDay / 86400);
        const double perParentPerDay =
            std::max(r.growthPerParentPerDay, parent->count > 0 ? child->growthPerDay / parent->count : 0.0);
        const bool events = !single && w.childUpdates == 0 && insertsPerSecond >= ctx.s.eventInserts &&
                            perParentPerDay >= ctx.s.eventsPerParentPerDay && hasDateField(*child);
        // Embedding needs what the seed lists: read with the parent (not on
        // its own), written with it, owned by it (not shared), bounded.
        const bool embeddable = !shared && advice.votes[0].points != kReference && advice.votes[1].points != kReference;
        const bool outlier = embeddable && r.maxChildren && r.avgChildren > 0 &&
                             static_cast<double>(*r.maxChildren) / r.avgChildren >= ctx.s.outlierRatio &&
                             avgBytes <= target / 2 && atBound > target && embedVotes >= refVotes;
        // A time-series child already is the specialised form of a bucket.
        const bool timeSeries = child->timeSeries.has_value();
        std::string_view recommended;
        if (outlier) {
            recommended = "outlier";
            advice.summary = words.say("most {0}s have about {1} {2}s but a few reach {3}: embed the common case and "
                                       "spill the outliers to an overflow collection (outlier pattern)",
                                       parentName, Num{r.avgChildren}, childName, Num{boundCount});
        } else if (!tooLarge && embeddable && embedVotes > refVotes) {
            recommended = single ? "embedOne" : "embedArray";
            advice.summary = words.say("the factors point to embedding ({0} to {1}) and the embedded data stays "
                                       "bounded and small",
                                       embedVotes, refVotes);
        } else if (events) {
            recommended = "bucket";
            // [embedded now and small enough][already a time-series collection]
            static constexpr std::string_view kForms[2][2] = {
                {"{0} is a high-frequency event stream ({1} inserts): bucket pattern or a time-series collection",
                 "{0} is a high-frequency event stream ({1} inserts): bucket pattern or a time-series collection "
                 "({0} is already a time-series collection)"},
                {"{0} arrives at {1}: group the events per time window (bucket pattern) or use a time-series "
                 "collection",
                 "{0} arrives at {1}: group the events per time window (bucket pattern) or use a time-series "
                 "collection ({0} is already a time-series collection)"}};
            const bool embedded = !tooLarge && current == Family::Embed;
            advice.summary = words.say(kForms[embedded][timeSeries], childName, Rate{w.childInserts});
        } else if (w.parentShowsChildren > 0 && !single && !manyToMany) {
            recommended = "subset";
            advice.summary = words.say("read with {0} but {1}: embed the newest few in {0}, reference the rest "
                                       "(subset pattern)",
                                       parentName, Static{unbounded ? "unbounded" : "too large to embed"});
        } else if (!manyToMany && (w.childShowsParent > 0 || (current == Family::ExtendedReference && !tooLarge))) {
            recommended = "extendedReference";
            advice.summary = words.say("{0} is read with a few fields of {1}: copy those fields beside the reference "
                                       "(extended reference pattern)",
                                       childName, parentName);
        } else if (manyToMany) {
            const bool ids = r.maxChildren && boundCount <= ctx.s.fewChildren;
            recommended = ids ? "referenceArrayInParent" : "junction";
            advice.summary = words.say(ids ? "bounded many-to-many: an array of ids"
                                           : "large many-to-many: a junction collection of pairs");
        } else if (current == Family::ExtendedReference && !tooLarge) {
            recommended = "extendedReference";
            advice.summary = words.say("a reference with the fields shown copied beside it");
        } else if (embeddable && embedVotes > refVotes && single) {
            recommended = "embedOne";
            advice.summary = words.say("the factors point to embedding");
        } else {
            recommended = "referenceFromChild";
            advice.summary = words.say("{0}: each {1} holds its {2}'s id",
                                       Static{tooLarge ? "too large or unbounded to embed"
                                                       : "the factors point to referencing"},
                                       childName, parentName);
        }
        advice.recommended = recommended;

        // Agreement.
        bool agrees = false;
        if (recommended == "embedOne" || recommended == "embedArray")
            agrees = current == Family::Embed;
        else if (recommended == "outlier")
            agrees = current == Family::Subset;
        else if (recommended == "subset")
            agrees = current == Family::Subset;
        else if (recommended == "extendedReference")
            agrees = current == Family::ExtendedReference;
        else if (recommended == "bucket")
            agrees = current == Family::Bucket || timeSeries;
        else if (recommended == "junction")
            agrees = r.representation == Representation::Junction ||
                     ((r.representation == Representation::TwoWay ||
                       r.representation == Representation::ReferenceArrayInParent) &&
                      r.maxChildren);
        else if (recommended == "referenceArrayInParent")
            agrees = r.representation == Representation::ReferenceArrayInParent ||
                     r.representation == Representation::TwoWay || r.representation == Representation::Junction;
        else // referenceFromChild
            agrees = current == Family::Subset || current == Family::ExtendedReference || current == Family::Bucket ||
                     r.representation == Representation::ReferenceFromChild ||
                     r.representation == Representation::Junction ||
                     ((r.representation == Representation::TwoWay ||
                       r.representation == Representation::ReferenceArrayInParent) &&
                      !unbounded);
        advice.agrees = agrees;

        // The index a referenced child needs: the parent id (tenant first),
        // then the sort of the child's most frequent read.
        if (recommended == "referenceFromChild" || recommended == "subset") {
            std::string field;
            if (r.representation == Representation::ReferenceFromChild && !r.fieldName.empty())
                field = r.fieldName;
            else if (r.representation == Representation::Subset && !r.backFieldName.empty())
                field = r.backFieldName;
            else
                field = lowerFirst(parent->name) + "Id";
            const AccessPattern *best = nullptr;
            for (const AccessPattern *q : ctx.patternsOnEntity(ctx.childOf(r)))
                if (q->kind == AccessKind::Read && !q->sort.empty() &&
                    (!best || q->frequencyPerSecond > best->frequencyPerSecond))
                    best = q;
            advice.recommendedIndex.reserve(2 + (best ? best->sort.size() : 0));
            std::string strip;
            if (cc >= 0 && ctx.rootOf(cc) != ctx.childOf(r))
                if (pathToEntity(ctx.shape(cc).shape, r.childId, "", strip))
                    strip += ".";
            if (ctx.project.tenancy == Tenancy::SharedCollection && child->tenantScoped)
                advice.recommendedIndex.push_back({ctx.project.tenantField, "1"});
            advice.recommendedIndex.push_back({field, "1"});
            if (best)
                for (const auto &k : best->sort) {
                    std::string_view path = k.path;
                    if (!strip.empty() && path.starts_with(strip))
                        path.remove_prefix(strip.size());
                    if (path != field)
                        advice.recommendedIndex.push_back({std::string(path), k.direction < 0 ? "-1" : "1"});
                }
            advice.indexCollection =
                cc >= 0 && ctx.rootOf(cc) == ctx.childOf(r)
                    ? ctx.stat(cc).name
                    : (child->collectionName.empty() ? child->name : child->collectionName);
        }

        // Findings.
        if (!agrees) {
            const std::string name = words.render(advice.namePhrase);
            std::string matrix = "Factors: ";
            for (std::size_t i = 0; i < votes; ++i) {
                if (i)
                    matrix += "; ";
                matrix += advice.votes[i].factor;
                matrix += " -> ";
                matrix += advice.votes[i].points;
            }
            matrix += ".";
            std::string fix = cat("Recommended: ", RelationshipAdvice::inWords(recommended), ". ");
            words.renderTo(fix, advice.summary);
            fix += ".";
            if (!advice.recommendedIndex.empty())
                fix += cat(" Index ", advice.indexCollection, " on ", keysText(advice.recommendedIndex), ".");
            const bool toEmbed = recommended == "embedOne" || recommended == "embedArray";
            Finding &f =
                current == Family::Embed && !toEmbed && recommended != "outlier"
                    ? ctx.add(rule::kEmbeddedShouldReference, ctx.relationshipTarget(r),
                              "'{0}' embeds {1} ({2}) but the workload points to {3} ({4} factors for referencing, "
                              "{5} for embedding)",
                              name, childName, Static{wordsOf(r.representation)},
                              Static{RelationshipAdvice::inWords(recommended)}, refVotes,
                              embedVotes)
                : current != Family::Embed && toEmbed
                    ? ctx.add(rule::kReferenceShouldEmbed, ctx.relationshipTarget(r),
                              "'{0}' is represented as {1} but {2} factors point to embedding and {3} stays under "
                              "the {4} target at its bound",
                              name, Static{wordsOf(r.representation)}, embedVotes, childName, Bytes{target})
                    : ctx.add(rule::kPatternRecommended, ctx.relationshipTarget(r), "'{0}': {1} fits better than {2}",
                              name, Static{RelationshipAdvice::inWords(recommended)}, Static{wordsOf(r.representation)});
            f.reasonPhrase = f.words.say("{0}", std::move(matrix));
            f.fixPhrase = f.words.say("{0}", std::move(fix));
        }
        advice.words = words;
        return advice;
    };
    for (std::size_t k = 0; k < ctx.project.relationships.size(); ++k) {
        const Relationship &r = ctx.project.relationships[k];
        const Entity *parent = ctx.entityAt(ctx.parentOf(r));
        const Entity *child = ctx.entityAt(ctx.childOf(r));
        if (!parent || !child) {
            carry.keepRelationship(ctx, k, -1);
            continue;
        }
        if (carry.run(ctx, Carry::Relationships, k, [&] { out.push_back(adviseOne(r, parent, child)); }))
            out.push_back(carry.restoreRelationship(k));
        carry.keepRelationship(ctx, k, static_cast<int>(out.size()) - 1);
    }
    return out;
}

} // namespace docshape::advisor
