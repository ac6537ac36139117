#include "advisor/RuleCatalog.h"

#include "core/Thresholds.h"

#include <algorithm>

namespace docshape {

namespace {

constexpr std::string_view kQueries = "seed start-from-the-queries.txt";
constexpr std::string_view kLesson = "seed lesson-135-data-modeling.txt";
constexpr std::string_view kPatterns = "seed data-modeling-patterns.txt";
constexpr std::string_view kLimits =
    "MongoDB manual, MongoDB Limits and Thresholds (https://www.mongodb.com/docs/manual/reference/limits/)";
constexpr std::string_view kAtlas = "Atlas schema suggestions "
                                    "(https://www.mongodb.com/docs/atlas/performance-advisor/schema-suggestions/)";
constexpr std::string_view kCompass = "Compass performance insights "
                                      "(https://www.mongodb.com/docs/compass/current/manage-data/performance-insights/)";
constexpr std::string_view kEsr = "MongoDB manual, The ESR (Equality, Sort, Range) Guideline "
                                  "(https://www.mongodb.com/docs/manual/tutorial/equality-sort-range-guideline/)";
constexpr std::string_view kBsonSpec = "BSON specification 1.1 (https://bsonspec.org/spec.html)";
constexpr std::string_view kJsonSchema =
    "MongoDB manual, $jsonSchema (https://www.mongodb.com/docs/manual/reference/operator/query/jsonSchema/)";
constexpr std::string_view kServerIndexSource =
    "MongoDB server source: src/mongo/db/catalog/index_catalog_impl.cpp (_isSpecOk), "
    "src/mongo/db/index/expression_keys_private.cpp, hash_access_method.cpp, btree_key_generator.cpp; "
    "manual, Partial Indexes (https://www.mongodb.com/docs/manual/core/index-partial/)";
constexpr std::string_view kTtlManual =
    "MongoDB manual, TTL Indexes (https://www.mongodb.com/docs/manual/core/index-ttl/)";
constexpr std::string_view kMissingFields =
    "MongoDB manual, Query for Null or Missing Fields "
    "(https://www.mongodb.com/docs/manual/tutorial/query-for-null-fields/)";
constexpr std::string_view kWiredTiger =
    "MongoDB manual, WiredTiger Storage Engine, cache size "
    "(https://www.mongodb.com/docs/manual/core/wiredtiger/)";

std::vector<Rule> makeCatalogue() {
    using namespace threshold;
    using S = Severity;
    return {
        {rule::kUnknownThreshold, S::Warning, "Unknown threshold setting", "DocShape", {},
         "Project::thresholds names a setting the advisor does not read, so the override has no effect.",
         "Use a name listed by `docshape-cli lint --rules`."},
        {rule::kUnboundedArray, S::Warning, "Unbounded array", kQueries, {},
         "\"What is the maximum, and who enforces it?\" An array with no stated maximum can grow without "
         "limit: larger reads and writes, index expansion, and eventually the 16 MiB limit. \"If you cannot "
         "identify a meaningful upper bound, avoid unbounded embedding\" (lesson-135).",
         "State a maximum and have the validator enforce it, or reference from the child (child holds the "
         "parent id, indexed), or use the subset or bucket pattern."},
        {rule::kBoundNotEnforced, S::Info, "Array bound enforced by nobody", kQueries, {},
         "The bounded test asks who enforces the maximum; a bound nobody enforces is an estimate, not a "
         "domain guarantee (lesson-135, 'Boundedness test').",
         "Encode the bound as maxItems in the validator, or cap it in the UI and say so."},
        {rule::kArrayOverAtlas, S::Warning, "Array over Atlas's array threshold", kAtlas, {kAtlasArrayEntries},
         "Atlas flags arrays with this many entries: they degrade query and index performance, and every "
         "element is a multikey index entry.",
         "Move the elements to their own collection (reference from the child), or bucket them."},
        {rule::kArrayOverCompass, S::Info, "Array over Compass's array threshold", kCompass, {kCompassArrayEntries},
         "Compass shows a performance insight for arrays of this size: 'avoid unbounded arrays'.",
         "Check the bound; consider the subset pattern for the part that is read with the parent."},
        {rule::kAuditHistoryArray, S::Warning, "Audit history as an array in the main record", kLesson, {},
         "\"Do not allow an audit history array to grow forever inside the main record\": it makes the primary "
         "document unbounded and ties audit retention, querying and access control to it.",
         "Use a separate audit collection (or event store) that references the record."},
        {rule::kDocumentOverTarget, S::Warning, "Documents over the 100 KB target", kQueries,
         {kDocumentTargetBytes},
         "The whole document is read and rewritten on every update, and large documents crowd the working "
         "set out of RAM: \"keep the common documents well under 100KB\".",
         "Move what grows or is rarely read out of the document: subset, outlier or a referenced collection."},
        {rule::kDocumentOverAtlas, S::Warning, "Documents over Atlas's 2 MB threshold", kAtlas,
         {kAtlasDocumentBytes},
         "Atlas flags documents this large: they degrade the performance of the most common queries, and a "
         "2 MB document makes a one-field update expensive (start-from-the-queries.txt).",
         "Split the document: reference the large or growing part from its own collection."},
        {rule::kDocumentOverLimit, S::Error, "Documents reach the 16 MiB limit", kLimits, {kMaxDocumentBytes},
         "A BSON document cannot exceed 16 MiB; the insert or update that crosses it fails. Treat the limit "
         "\"as a disaster line, not a budget\" (start-from-the-queries.txt).",
         "Bound the array that grows, or reference its elements from their own collection."},
        {rule::kValueWithoutMaximum, S::Warning, "Value without a maximum length", kBsonSpec, {},
         "A document's largest size is the sum of its values' largest sizes, and a string, binData or regex "
         "value is as large as its length in bytes. With no maximum length stated or implied, the largest "
         "document is unknown: the 16 MiB limit cannot be checked and no max-shape sample can be built.",
         "State maxBytes (the longest value in UTF-8 bytes), or bound the value with an enum, maxLength or an "
         "anchored pattern (^...$)."},
        {rule::kStatedSizeContradicts, S::Warning, "Stated maxBytes contradicts the field's constraints",
         kJsonSchema, {},
         "No valid value has the stated size: an enum's values, maxLength (characters, at most 4 UTF-8 bytes "
         "each, 1 when the pattern admits only ASCII) or an anchored pattern bound the length, and minLength "
         "or the pattern set a least one. The analysis uses the size the constraints allow, so that the "
         "largest document is one the validator accepts.",
         "Make maxBytes the longest valid value's size in UTF-8 bytes, or change the constraint that "
         "contradicts it."},
        {rule::kCollectionPerTenant, S::Warning, "One collection per tenant", kLesson, {kAtlasCollections},
         "\"A collection per tenant is often operationally painful\": every collection carries its indexes "
         "and files, migrations run per tenant, and the count grows with the customer base.",
         "Use a shared collection with a tenantId field and indexes that start with it."},
        {rule::kTenantFieldMissing, S::Error, "Tenant-scoped entity without the tenant field", kLesson, {},
         "In a shared collection \"every tenant-scoped query must include the tenant constraint\"; without "
         "the field in the document there is nothing to constrain.",
         "Add the tenant field (objectId, required) to the collection's root entity."},
        {rule::kIndexNotTenantFirst, S::Warning, "Index on a tenant-scoped collection not led by the tenant", kLesson,
         {},
         "\"Indexes usually begin with tenantId\" in a shared collection, so that every tenant-scoped query "
         "finds its range by equality first.",
         "Put the tenant field first: { tenantId: 1, ... } (Equality-Sort-Range)."},
        {rule::kPatternNotTenantScoped, S::Error, "Access pattern without the tenant constraint", kLesson, {},
         "A query on a shared, tenant-scoped collection that does not carry the tenant constraint can read "
         "or modify another tenant's data. Derive the tenant from the server-side auth context.",
         "Scope the pattern to the tenant (tenantScoped, tenant field in the equality)."},
        {rule::kRelationalCopy, S::Warning, "Relational schema copied 1:1", kLesson, {kRelationalMinRelationships},
         "Every relationship is a reference and every entity is its own collection: a relational schema "
         "copied without reason. Reads need $lookup or several round trips and writes need transactions.",
         "Start from the queries: embed what is read and written together and bounded (seed "
         "start-from-the-queries.txt)."},
        {rule::kReferenceShouldEmbed, S::Warning, "Referenced although read together and bounded", kPatterns,
         {kFewChildren},
         "\"Referencing everything solely because SQL did\" is an anti-pattern (lesson-135): the decision "
         "matrix points to embedding here, so the reference costs a join on every read for nothing.",
         "Embed the child (embedArray or embedOne) with its bound enforced by the validator."},
        {rule::kDuplicateWithoutPlan, S::Warning, "Duplicated data without a synchronization plan", kLesson, {},
         "\"Document which semantics apply to each duplicated field\": snapshot, synchronous or eventual. A "
         "cached canonical field needs an owner, an update path and a way to repair lag.",
         "State the semantics (snapshot, synchronous, eventual) and, unless it is a snapshot, its owner and "
         "update path."},
        {rule::kTransactionsEverywhere, S::Warning, "A transaction for every basic write", kQueries,
         {kMultiCollectionWriteShare},
         "\"If you find yourself wanting transactions everywhere, the model is too normalized.\"",
         "Re-draw the aggregate boundary so that ordinary writes touch one document."},
        {rule::kWriteSpansCollections, S::Info, "Write spans collections", kLesson, {},
         "A write touching several collections needs a transaction (synchronous) or a consistency plan "
         "(eventual); a single-document write is atomic for free.",
         "Keep it if a genuine invariant spans collections; otherwise embed what is written together."},
        {rule::kFrequentLookup, S::Warning, "Frequent $lookup on a primary read", kLesson, {kFrequentPerSecond},
         "\"If every primary query performs several complex lookups across heavily normalized collections, "
         "revisit the document model.\"",
         "Embed what is read together, or copy the displayed fields (extended reference)."},
        {rule::kSnapshotReadAsCurrent, S::Warning, "Snapshot or eventual copy read as current data", kLesson, {},
         "\"Consistency is part of the contract exposed by the read model. A caller that requires current "
         "profile data should not silently depend on a projection whose documented behavior is eventual.\" A "
         "snapshot is never updated at all: \"a customer's current phone number duplicated in an account "
         "dashboard where the value is expected to stay current ... may be better modeled by referencing or "
         "querying the canonical customer record instead.\"",
         "Read the canonical record (a reference the pattern also reads), or keep the copy synchronous, with an "
         "owner and an update path."},
        {rule::kHistoryRewritten, S::Warning, "Historical record kept in sync with its source", kLesson, {},
         "\"An historical order should preserve what the customer bought, including the name and price "
         "represented at that time. A later product rename should not silently rewrite the history of an "
         "already placed order.\" \"A historical field should not be 'fixed' by an automatic synchronization "
         "job.\"",
         "Make the copy a snapshot: written with the record, never synchronized."},
        {rule::kDeletionUnspecified, S::Warning, "No deletion policy on a referenced entity", kLesson, {},
         "MongoDB does not cascade deletes; the application must define what happens to references (restrict, "
         "soft delete, cascade, allow orphans, cleanup job).",
         "Choose and state a deletion policy for the entity."},
        {rule::kNoSchemaVersion, S::Warning, "Long-lived polymorphic collection without schemaVersion", kLesson,
         {kLongLivedDays},
         "A schemaVersion field \"is useful for complex, long-lived polymorphic migrations where the "
         "application needs to select the correct interpretation\".",
         "Add a schemaVersion to the entity (and the field to its documents)."},
        {rule::kSoftDeleteUnique, S::Warning, "Soft delete with a unique index that is not partial", kLesson, {},
         "With soft delete \"unique indexes need a partial strategy\": a deleted document still holds its "
         "unique key and blocks re-creating it.",
         "Make the unique index partial on the live documents: partialFilterExpression { deletedAt: null } "
         "(an equality; $exists: false is a negation the server refuses in a partial filter)."},
        {rule::kCascadeOutlivesRecord, S::Error, "Deletion removes records that must outlive their parent", kLesson,
         {},
         "\"Deletion also needs to account for authorization and retention. A cleanup job should not remove "
         "records that must remain available for audit.\" Audit, history and financial records are kept for "
         "their own retention, not for as long as what they describe exists.",
         "Restrict the delete, soft-delete the parent, or let these records outlive it (allow orphans: they keep "
         "the id of what was deleted) and expire them by their own retention (a TTL index)."},
        {rule::kCascadeCrossesTenant, S::Error, "Cascade across a tenant boundary", kLesson, {},
         "\"A cascade should not cross a tenant boundary because of an unchecked reference\": deleting a "
         "document of one scope removes documents of another, so one tenant's action deletes other tenants' "
         "data, or shared data disappears with one tenant.",
         "Restrict the delete across the boundary, or scope both sides to the tenant and carry the tenant "
         "constraint in the cascade's filter."},
        {rule::kHotDocument, S::Warning, "Hot document", kLesson, {kHotDocumentWrites},
         "\"A single document still has finite write throughput and cannot absorb unlimited concurrent "
         "updates\"; every writer queues on the same document.",
         "Shard the counter, bucket the writes, or record events and aggregate them."},
        {rule::kMoneyAsFloat, S::Warning, "Money as floating point", kQueries, {},
         "\"Floating point currency produces rounding disputes that are painful to unwind.\"",
         "Store integers in minor units (priceMinor as long), or decimal when decimal arithmetic is needed."},
        {rule::kDateAsString, S::Warning, "Date stored as a string", kQueries, {},
         "\"String dates sort correctly only by accident and cannot use date operators.\"",
         "Store a BSON date."},
        {rule::kEnumAsInteger, S::Info, "Enum stored as integers", kQueries, {},
         "\"status: 3 requires a lookup table that lives in someone's head\"; short strings are greppable and "
         "self-documenting.",
         "Use short string values for the enum."},
        {rule::kStoredNulls, S::Info, "Stored nulls", kQueries, {},
         "\"Prefer omitting a field to storing null, unless you need to distinguish 'not set' from "
         "'explicitly cleared'.\" Sparse and partial indexes work on absence.",
         "Omit the field instead of storing null (make it optional)."},
        {rule::kIdMirrorsId, S::Warning, "An id field mirroring _id", kQueries, {},
         "\"_id ... is indexed, unique, and required, so a separate id field duplicates identity and costs a "
         "second index.\"",
         "Use _id; give an external identifier its own name (orderNumber, slug)."},
        {rule::kServerRefuses, S::Error, "The server refuses it", kServerIndexSource, {},
         "createIndexes fails on an index specification the server refuses (a hashed key over an array, "
         "unique with hashed, sparse with a partial filter, a partial filter outside equality, $exists: "
         "true, $gt, $gte, $lt, $lte, $type, $in and top-level $and/$or, a collation on a text index, two "
         "parallel arrays), and every insert fails when _id is an array or a regex: a deployment that runs "
         "the export stops there.",
         "Change the index or the _id type as the message says; export refuses the model until then."},
        {rule::kServerIgnores, S::Warning, "The server ignores an index option", kTtlManual, {},
         "TTL indexes are single-field indexes: on a compound index expireAfterSeconds is ignored and "
         "documents never expire.",
         "Put expireAfterSeconds on its own single-field index over the date."},
        {rule::kIndexesOverAtlas, S::Warning, "More indexes than Atlas recommends", kAtlas, {kAtlasIndexes},
         "Unnecessary indexes consume disk and memory and slow every write.",
         "Remove indexes no access pattern uses; merge prefixes into compound indexes."},
        {rule::kIndexesOverCompass, S::Info, "More indexes than Compass recommends", kCompass, {kCompassIndexes},
         "Compass shows a performance insight for collections with many indexes: each one costs writes.",
         "Review the indexes against the access patterns."},
        {rule::kTooManyCollections, S::Warning, "Too many collections", kAtlas, {kAtlasCollections},
         "A large number of collections decreases storage engine performance (Atlas schema suggestions).",
         "Merge collections of one concept (polymorphic pattern, shared collection per tenant)."},
        {rule::kUnusedIndex, S::Info, "Index no access pattern uses", kAtlas, {},
         "An index serves no stated access pattern but costs disk, cache and a key update on every write.",
         "Drop it, or add the access pattern it exists for."},
        {rule::kMissingIndex, S::Warning, "Frequent read served by a collection scan", kEsr,
         {kFrequentPerSecond, kScanDocuments},
         "No index serves the pattern's filter, so every execution examines every document.",
         "Create the suggested index: equality fields, then sort fields, then range fields."},
        {rule::kInMemorySort, S::Warning, "Frequent read sorted in memory", kEsr, {kFrequentPerSecond},
         "The index serves the filter but not the sort, so every matching document is fetched and sorted "
         "before the limit applies.",
         "Put the sort fields right after the equality fields in the index (Equality-Sort-Range)."},
        {rule::kOverLatencyBudget, S::Warning, "Read implausible within its latency budget", kQueries,
         {kRoundTripMs, kDocumentExaminedMs, kCacheBytesPerMs},
         "The estimated time of one execution (round trips, documents examined, bytes read, all from cache) "
         "exceeds the stated budget.",
         "Serve it with an index, embed what it reads together, or return less (subset pattern)."},
        {rule::kPathNamesNoField, S::Warning, "Path names no field", kMissingFields, {},
         "A query on a field the documents do not have is not an error: \"The { item : null } query matches "
         "documents that either contain the item field whose value is null or that do not contain the item "
         "field\". An access pattern or index that names no field of its collection's documents costs nothing "
         "in the model and does nothing in the database; a field renamed or moved without its paths is the "
         "usual cause.",
         "Name the field by its dotted path in the collection's documents (an embedded entity's fields under "
         "its embedding key), or remove the path."},
        {rule::kWorkingSet, S::Warning, "Working set exceeds the cache", kWiredTiger, {kHotWindowSeconds},
         "\"MongoDB's performance cliff is the moment the working set stops fitting\" "
         "(start-from-the-queries.txt). The WiredTiger cache is 50% of (RAM - 1 GB), at least 256 MB.",
         "Add RAM, shrink hot documents (subset, extended reference) or drop unused indexes."},
        {rule::kWorksheetMismatch, S::Warning, "Worksheet states something the model does not", kLesson,
         {kWorksheetMismatchRatio},
         "The designer's worksheet and the model disagree: one of them is wrong, and the review should "
         "find out which.",
         "Correct the model's parameters or the stated worksheet value."},
        {rule::kEmbeddedShouldReference, S::Warning, "Embedded although the workload points to referencing",
         kPatterns, {kFewChildren, kManyChildren},
         "The decision matrix (read pattern, write pattern, size and bound, duplication, atomicity, "
         "relationship size, volatility) points to referencing for this relationship.",
         "Reference from the child (child holds the parent id, indexed), or the subset pattern when the "
         "parent's main read needs a few children."},
        {rule::kPatternRecommended, S::Info, "A pattern fits this relationship", kQueries,
         {kOutlierRatio, kEventInsertsPerSecond, kEventsPerParentPerDay},
         "The workload matches a named pattern of the seeds (subset, extended reference, bucket or "
         "time-series, outlier).",
         "Apply the named pattern."},
    };
}

} // namespace

const std::vector<Rule> &ruleCatalogue() {
    static const std::vector<Rule> catalogue = makeCatalogue();
    return catalogue;
}

const Rule *findRule(std::string_view id) {
    // The catalogue is ordered by id.
    const auto &rules = ruleCatalogue();
    auto it = std::lower_bound(rules.begin(), rules.end(), id, [](const Rule &r, std::string_view v) { return r.id < v; });
    return it != rules.end() && it->id == id ? &*it : nullptr;
}

} // namespace docshape
