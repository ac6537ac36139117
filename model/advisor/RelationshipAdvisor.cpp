#include "advisor/AdvisorContext.h"

#include "advisor/RuleCatalog.h"
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
            if (const ShapeNode *found = findByRelationship(n.object, relationshipId))
                return found;
    }
    for (const auto &v : shape.variants)
        for (const auto &n : v.fields)
            if (n.hasObject())
                if (const ShapeNode *found = findByRelationship(n.object, relationshipId))
                    return found;
    return nullptr;
}

// Dotted path of the node holding an embedded entity, for stripping it from
// pattern paths when the entity moves to its own collection.
bool pathToEntity(const ObjectShape &shape, std::string_view entityId, const std::string &prefix, std::string &out) {
    for (const auto &n : shape.fields) {
        const std::string path = prefix.empty() ? n.name : prefix + "." + n.name;
        if (n.origin == NodeOrigin::EmbeddedEntity && n.entityId == entityId) {
            out = path;
            return true;
        }
        if (n.hasObject() && pathToEntity(n.object, entityId, path, out))
            return true;
    }
    return false;
}

std::string lowerFirst(std::string s) {
    if (!s.empty())
        s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
    return s;
}

bool has(const std::vector<std::string> &list, std::string_view v) {
    return std::find(list.begin(), list.end(), v) != list.end();
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
    std::string togetherName, independentName, writeName;
};

Workload workloadOf(const Context &ctx, const Relationship &r) {
    Workload w;
    auto visit = [&](const AccessPattern &q, bool fromParent) {
        const std::string &other = fromParent ? r.childId : r.parentId;
        const bool together = has(q.alsoReads, other);
        if (q.kind == AccessKind::Read) {
            if (together) {
                w.togetherReads += q.frequencyPerSecond;
                (fromParent ? w.parentShowsChildren : w.childShowsParent) += q.frequencyPerSecond;
                if (w.togetherName.empty())
                    w.togetherName = q.name;
            } else if (!fromParent) {
                w.independentReads += q.frequencyPerSecond;
                if (w.independentName.empty())
                    w.independentName = q.name;
            }
        } else {
            if (together) {
                w.togetherWrites += q.frequencyPerSecond;
                if (strongConsistency(q))
                    w.atomic = true;
            } else if (!fromParent) {
                w.independentWrites += q.frequencyPerSecond;
                if (w.writeName.empty())
                    w.writeName = q.name;
            }
            if (!fromParent && q.operation == Operation::Update)
                w.childUpdates += q.frequencyPerSecond;
            if (!fromParent && q.operation == Operation::Insert)
                w.childInserts += q.frequencyPerSecond;
        }
    };
    for (const AccessPattern *q : ctx.patternsOnEntity(r.parentId))
        visit(*q, true);
    if (r.childId != r.parentId)
        for (const AccessPattern *q : ctx.patternsOnEntity(r.childId))
            visit(*q, false);
    return w;
}

} // namespace

std::vector<RelationshipAdvice> adviseRelationships(Context &ctx) {
    std::vector<RelationshipAdvice> out;
    out.reserve(ctx.project.relationships.size());
    const double target = ctx.s.documentTarget;
    for (const auto &r : ctx.project.relationships) {
        const Entity *parent = ctx.entity(r.parentId);
        const Entity *child = ctx.entity(r.childId);
        if (!parent || !child)
            continue;
        RelationshipAdvice advice;
        advice.relationshipId = r.id;
        advice.name = r.name.empty() ? parent->name + " - " + child->name : r.name;
        advice.current = std::string(toString(r.representation));
        const Family current = familyOf(r.representation);
        const Workload w = workloadOf(ctx, r);

        // Sizes: the child as an element, the parent without it.
        double childBytes = 0;
        const int pc = ctx.collectionOf(r.parentId);
        const int cc = ctx.collectionOf(r.childId);
        const ShapeNode *node = pc >= 0 ? findByRelationship(ctx.shape(pc).shape, r.id) : nullptr;
        if (node && node->hasObject() && node->origin == NodeOrigin::EmbeddedEntity)
            childBytes = averageObjectBytes(node->object) + 4; // element header, approx.
        else if (cc >= 0 && ctx.stat(cc).rootEntityId == r.childId)
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

        int embedVotes = 0, refVotes = 0;
        advice.factors.reserve(7);
        advice.reasons.reserve(8);
        auto factor = [&](std::string_view name, std::string_view points, std::string why) {
            if (points == "embed")
                ++embedVotes;
            else if (points == "reference")
                ++refVotes;
            advice.reasons.push_back(cat(name, " -> ", points, ": ", why));
            advice.factors.push_back({std::string(name), std::string(points), std::move(why)});
        };

        // 1. Read pattern.
        if (w.togetherReads > w.independentReads)
            factor("read pattern", "embed",
                   cat("read together at ", Rate{w.togetherReads}, " ('", w.togetherName, "')",
                       w.independentReads > 0 ? cat(", alone at ", Rate{w.independentReads}) : std::string()));
        else if (w.independentReads > 0)
            factor("read pattern", "reference",
                   cat(child->name, " is read on its own at ", Rate{w.independentReads}, " ('", w.independentName, "')",
                       w.togetherReads > 0 ? cat(", with ", parent->name, " at ", Rate{w.togetherReads})
                                           : std::string()));
        else
            factor("read pattern", "neutral", cat("no access pattern reads ", child->name, " with or without ",
                                                  parent->name));
        // 2. Write pattern.
        if (w.togetherWrites > w.independentWrites)
            factor("write pattern", "embed", cat("written together at ", Rate{w.togetherWrites}));
        else if (w.independentWrites > 0)
            factor("write pattern", "reference",
                   cat(child->name, " is written on its own at ", Rate{w.independentWrites}, " ('", w.writeName, "')"));
        else
            factor("write pattern", "neutral", cat("no write pattern involves ", child->name));
        // 3. Data size and bound.
        if (single)
            factor("data size", atBound <= target ? "embed" : "reference",
                   cat("one ", child->name, " of ", Bytes{childBytes}, "; the ", parent->name, " document would be ",
                       Bytes{atBound}, atBound <= target ? ", under" : ", over", " the ", Bytes{target}, " target"));
        else if (unbounded)
            factor("data size", "reference",
                   grows ? cat("unbounded: no maximum stated, growing ", Num{r.growthPerParentPerDay}, " per ",
                               parent->name, " per day")
                         : std::string("unbounded: no maximum stated"));
        else
            factor("data size", atBound <= target ? "embed" : "reference",
                   cat("bounded at ", Num{boundCount}, " x ", Bytes{childBytes}, ": the ", parent->name,
                       " document at its bound is ", Bytes{atBound}, atBound <= target ? ", under" : ", over", " the ",
                       Bytes{target}, " target"));
        // 4. Duplication.
        if (shared)
            factor("duplication", "reference",
                   cat(child->name, " is shared (", Num{holdersPerChild}, " ", parent->name, "s per ", child->name,
                       "); embedding copies it into each"));
        else if (current == Family::ExtendedReference || current == Family::Subset)
            factor("duplication", r.copySemantics == Duplication::Snapshot ? "embed" : "neutral",
                   cat("copied fields with ", toString(r.copySemantics), " semantics",
                       r.copySemantics == Duplication::Snapshot ? ": duplication is the intended history" : ""));
        else
            factor("duplication", "embed", cat(child->name, " belongs to one ", parent->name, ": nothing is duplicated"));
        // 5. Atomicity.
        if (w.atomic)
            factor("atomicity", "embed", "a write with strong consistency changes both: one document makes it atomic");
        else if (w.independentWrites > 0 && w.togetherWrites == 0)
            factor("atomicity", "reference", "no write needs both to change atomically");
        else
            factor("atomicity", "neutral", "no write states an atomicity need");
        // 6. Relationship size.
        if (single || (r.maxChildren && boundCount <= ctx.s.fewChildren))
            factor("relationship size", "embed",
                   single ? std::string("one-to-one") : cat("few-to-many: at most ", Num{boundCount}));
        else if (r.avgChildren >= ctx.s.manyChildren || (unbounded && grows))
            factor("relationship size", "reference",
                   unbounded ? cat("many-to-millions: ", Num{r.avgChildren}, " on average, no maximum")
                             : cat("many-to-millions: ", Num{r.avgChildren}, " on average, at most ", Num{boundCount}));
        else
            factor("relationship size", unbounded ? "reference" : "neutral",
                   unbounded ? cat(Num{r.avgChildren}, " on average, no maximum")
                             : cat(Num{r.avgChildren}, " on average, at most ", Num{boundCount}));
        // 7. Volatility.
        if (w.childUpdates > 0 && w.childUpdates >= w.togetherReads)
            factor("volatility", "reference",
                   cat(child->name, " changes at ", Rate{w.childUpdates}, ", as often as it is read with ", parent->name));
        else if (w.togetherReads > 0 && w.childUpdates * 10 < w.togetherReads)
            factor("volatility", "embed",
                   cat(child->name, " changes at ", Rate{w.childUpdates}, ", far less often than it is read"));
        else
            factor("volatility", "neutral", "no update frequency stated against reads");

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
        const bool events = !single && hasDateField(*child) && w.childUpdates == 0 &&
                            insertsPerSecond >= ctx.s.eventInserts && perParentPerDay >= ctx.s.eventsPerParentPerDay;
        // Embedding needs what the seed lists: read with the parent (not on
        // its own), written with it, owned by it (not shared), bounded.
        const auto points = [&](std::string_view name) {
            for (const auto &f : advice.factors)
                if (f.factor == name)
                    return f.points;
            return std::string();
        };
        const bool embeddable = !shared && points("read pattern") != "reference" &&
                                points("write pattern") != "reference";
        const bool outlier = embeddable && r.maxChildren && r.avgChildren > 0 &&
                             static_cast<double>(*r.maxChildren) / r.avgChildren >= ctx.s.outlierRatio &&
                             avgBytes <= target / 2 && atBound > target && embedVotes >= refVotes;
        std::string recommended;
        std::string summary;
        if (outlier) {
            recommended = "outlier";
            summary = "most " + parent->name + "s have about " + number(r.avgChildren) + " " + child->name +
                      "s but a few reach " + number(boundCount) +
                      ": embed the common case and spill the outliers to an overflow collection (outlier pattern)";
        } else if (!tooLarge && embeddable && embedVotes > refVotes) {
            recommended = single ? "embedOne" : "embedArray";
            summary = "the factors point to embedding (" + std::to_string(embedVotes) + " to " +
                      std::to_string(refVotes) + ") and the embedded data stays bounded and small";
        } else if (events && !tooLarge && current == Family::Embed) {
            recommended = "bucket";
            summary = child->name + " arrives at " + perSecond(w.childInserts) +
                      ": group the events per time window (bucket pattern) or use a time-series collection";
        } else if (events) {
            recommended = "bucket";
            summary = child->name + " is a high-frequency event stream (" + perSecond(w.childInserts) +
                      " inserts): bucket pattern or a time-series collection";
        } else if (w.parentShowsChildren > 0 && !single && !manyToMany) {
            recommended = "subset";
            summary = "read with " + parent->name + " but " + (unbounded ? "unbounded" : "too large to embed") +
                      ": embed the newest few in " + parent->name + ", reference the rest (subset pattern)";
        } else if (!manyToMany && (w.childShowsParent > 0 || (current == Family::ExtendedReference && !tooLarge))) {
            recommended = "extendedReference";
            summary = child->name + " is read with a few fields of " + parent->name +
                      ": copy those fields beside the reference (extended reference pattern)";
        } else if (manyToMany) {
            recommended = (r.maxChildren && boundCount <= ctx.s.fewChildren) ? "referenceArrayInParent" : "junction";
            summary = recommended == "junction" ? "large many-to-many: a junction collection of pairs"
                                                : "bounded many-to-many: an array of ids";
        } else if (current == Family::ExtendedReference && !tooLarge) {
            recommended = "extendedReference";
            summary = "a reference with the fields shown copied beside it";
        } else if (embeddable && embedVotes > refVotes && single) {
            recommended = "embedOne";
            summary = "the factors point to embedding";
        } else {
            recommended = "referenceFromChild";
            summary = cat(tooLarge ? "too large or unbounded to embed" : "the factors point to referencing", ": each ",
                          child->name, " holds its ", parent->name, "'s id");
        }
        // A time-series child already is the specialised form of a bucket.
        if (recommended == "bucket" && child->timeSeries)
            summary += " (" + child->name + " is already a time-series collection)";
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
            agrees = current == Family::Bucket || child->timeSeries.has_value();
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
        advice.reasons.push_back(cat("recommendation: ", recommended, ", ", summary, "; the current ", advice.current,
                                     agrees ? " agrees" : " does not agree"));

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
            std::string strip;
            if (cc >= 0 && ctx.stat(cc).rootEntityId != r.childId)
                if (pathToEntity(ctx.shape(cc).shape, r.childId, "", strip))
                    strip += ".";
            if (ctx.project.tenancy == Tenancy::SharedCollection && child->tenantScoped)
                advice.recommendedIndex.push_back({ctx.project.tenantField, "1"});
            advice.recommendedIndex.push_back({field, "1"});
            const AccessPattern *best = nullptr;
            for (const AccessPattern *q : ctx.patternsOnEntity(r.childId))
                if (q->kind == AccessKind::Read && !q->sort.empty() &&
                    (!best || q->frequencyPerSecond > best->frequencyPerSecond))
                    best = q;
            if (best)
                for (const auto &k : best->sort) {
                    std::string path = k.path;
                    if (!strip.empty() && path.starts_with(strip))
                        path = path.substr(strip.size());
                    if (path != field)
                        advice.recommendedIndex.push_back({path, k.direction < 0 ? "-1" : "1"});
                }
            advice.indexCollection =
                cc >= 0 && ctx.stat(cc).rootEntityId == r.childId
                    ? ctx.stat(cc).name
                    : (child->collectionName.empty() ? child->name : child->collectionName);
        }

        // Findings.
        if (!agrees) {
            const FindingTarget where = Context::relationshipTarget(r);
            std::string matrix;
            for (const auto &f : advice.factors) {
                if (!matrix.empty())
                    matrix += "; ";
                matrix += f.factor;
                matrix += " -> ";
                matrix += f.points;
            }
            std::string fix = cat("Recommended: ", recommended, ". ", summary, ".");
            if (!advice.recommendedIndex.empty())
                fix += cat(" Index ", advice.indexCollection, " on ", keysText(advice.recommendedIndex), ".");
            const bool toEmbed = recommended == "embedOne" || recommended == "embedArray";
            if (current == Family::Embed && !toEmbed && recommended != "outlier")
                ctx.add(rule::kEmbeddedShouldReference, where,
                        "'" + advice.name + "' embeds " + child->name + " (" + advice.current + ") but the workload points to " +
                            recommended + " (" + std::to_string(refVotes) + " factors for referencing, " +
                            std::to_string(embedVotes) + " for embedding)",
                        "Factors: " + matrix + ".", fix);
            else if (current != Family::Embed && toEmbed)
                ctx.add(rule::kReferenceShouldEmbed, where,
                        "'" + advice.name + "' is represented as " + advice.current + " but " + std::to_string(embedVotes) +
                            " factors point to embedding and " + child->name + " stays under the " +
                            bytesText(target) + " target at its bound",
                        "Factors: " + matrix + ".", fix);
            else
                ctx.add(rule::kPatternRecommended, where,
                        "'" + advice.name + "': " + recommended + " fits better than " + advice.current,
                        "Factors: " + matrix + ".", fix);
        }
        out.push_back(std::move(advice));
    }
    return out;
}

} // namespace docshape::advisor
