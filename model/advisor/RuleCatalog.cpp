#include "advisor/RuleCatalog.h"

#include "core/Thresholds.h"

#include <algorithm>

namespace docshape {

namespace {

// The course texts the rules come from, cited by title and section, each
// with the passage a rule rests on (as the texts say it).
#define DOCSHAPE_LESSON "Lesson 135, MongoDB Data Modeling"
#define DOCSHAPE_QUERIES "Data modeling, Start from the queries"
#define DOCSHAPE_PATTERNS "Data Modeling"
constexpr std::string_view kBoundedTest = DOCSHAPE_QUERIES ", \"The bounded test\"";
constexpr std::string_view kBoundedTestText =
    "Ask: what is the maximum, and who enforces it? \"A user has at most about 5 addresses, and the UI caps it "
    "at 10\" is bounded. \"A post has comments\" is not, and no amount of optimism makes it so. The 16MB document "
    "limit is a hard ceiling, but treat it as a disaster line, not a budget. ... A practical target: keep the "
    "common documents well under 100KB.";
constexpr std::string_view kStartFromQueries = DOCSHAPE_QUERIES ", \"Start from the queries\"";
constexpr std::string_view kStartFromQueriesText =
    "Write this table before designing anything. It is the whole design process. ... Two things fall straight "
    "out of it. Anything read together on a hot path wants to be in one document. Anything only an admin touches "
    "once an hour does not deserve a denormalized copy that every write has to maintain.";
constexpr std::string_view kPatternsKnown = DOCSHAPE_QUERIES ", \"The patterns worth knowing\"";
constexpr std::string_view kPatternsKnownText =
    "Subset. Embed the hot slice, reference the tail. ... Bucket. For time series and high-frequency events, "
    "group many readings into one document per time window instead of one document per reading. ... Extended "
    "reference. Copy the two or three fields you actually display alongside the reference, so the common read "
    "needs no join. ... Outlier. When 99% of documents are small and a handful are enormous, give the outliers a "
    "flag and a spill-over collection rather than modeling everything for the worst case.";
constexpr std::string_view kFieldConventions = DOCSHAPE_QUERIES ", \"Field conventions\"";
constexpr std::string_view kFieldConventionsText =
    "_id. Use it. It is indexed, unique, and required, so a separate id field duplicates identity and costs a "
    "second index on every collection. ... Money as integers in minor units. ... Floating point currency produces "
    "rounding disputes that are painful to unwind after the fact. ... Dates as BSON Date, never strings. ... "
    "Enums as short strings, not integers. ... Nulls. Prefer omitting a field to storing null, unless you need to "
    "distinguish \"not set\" from \"explicitly cleared\".";
constexpr std::string_view kTransactions = DOCSHAPE_QUERIES ", \"Transactions\"";
constexpr std::string_view kTransactionsText =
    "Multi-document transactions exist and work, and are the wrong first reach. A correctly embedded document "
    "gives atomicity for free, since a single document update is always atomic. ... If you find yourself "
    "wanting transactions everywhere, the model is too normalized.";
constexpr std::string_view kAudit = DOCSHAPE_LESSON ", \"Audit history\"";
constexpr std::string_view kAuditText =
    "Do not allow an audit history array to grow forever inside the main record ... Use a separate audit "
    "collection or event store instead. That keeps the primary document bounded and lets audit retention, "
    "querying, and access control be managed independently.";
constexpr std::string_view kTenants = DOCSHAPE_LESSON ", \"Multi-tenant modeling\"";
constexpr std::string_view kTenantsText =
    "Every tenant-scoped query must include the tenant constraint. Indexes usually begin with tenantId when that "
    "matches the query patterns ... Do not trust a tenantId supplied in a client request body. ... A collection "
    "per tenant is often operationally painful for similar reasons, especially as tenant count grows.";
constexpr std::string_view kAntiPatterns = DOCSHAPE_LESSON ", \"Anti-patterns\"";
constexpr std::string_view kAntiPatternsText =
    "Watch for these recurring problems: one collection per tenant/user; huge unbounded arrays; arbitrary "
    "key/value mega-document; relational schema copied 1:1 without reason; embedding a canonical mutable object "
    "everywhere with no synchronization plan; referencing everything solely because SQL did; using a transaction "
    "for every basic write; having no tenant field or index plan; having no deletion or schema-evolution "
    "strategy.";
constexpr std::string_view kDecisionMatrix = DOCSHAPE_PATTERNS ", \"Embedding vs Referencing\"";
constexpr std::string_view kDecisionMatrixText =
    "Embed data when: - Data is accessed together frequently (read optimization) - Relationship is one-to-few or "
    "one-to-many (bounded) - Data has a natural parent-child relationship - Data does not need to be accessed "
    "independently - Atomicity is required (single document updates are atomic) - Embedded data is relatively "
    "small ... Reference data when: - Data is accessed independently - Relationship is one-to-many (unbounded) or "
    "many-to-many - Data is shared across multiple documents - Document size would exceed 16 MB limit - Data "
    "changes frequently and independently - Unbounded growth of arrays";
constexpr std::string_view kDuplication = DOCSHAPE_LESSON ", \"Data duplication consistency\"";
constexpr std::string_view kDuplicationText =
    "When mutable data is duplicated, choose and document the consistency semantics. ... Document which "
    "semantics apply to each duplicated field. Otherwise, a future developer cannot tell whether a mismatch is a "
    "bug or an expected snapshot. Consistency is part of the contract exposed by the read model.";
constexpr std::string_view kTradeOff = DOCSHAPE_LESSON ", \"Duplication is a trade-off\"";
constexpr std::string_view kTradeOffText =
    "The distinction to make is whether the duplicated value is a: snapshot or a: cached canonical field ... A "
    "historical field should not be \"fixed\" by an automatic synchronization job, while a cached canonical "
    "field should have an owner, an update path, and a way to detect or repair lag.";
constexpr std::string_view kTransactionSignal = DOCSHAPE_LESSON ", \"Transactions as design signal\"";
constexpr std::string_view kTransactionSignalText =
    "Multi-document transactions are valid and sometimes necessary. ... Still, if a basic aggregate update always "
    "needs eight documents, ask whether the aggregate boundary is too normalized.";
constexpr std::string_view kLookupSignal = DOCSHAPE_LESSON ", \"$lookup as design signal\"";
constexpr std::string_view kLookupSignalText =
    "However, if every primary query performs several complex lookups across heavily normalized collections, "
    "revisit the document model. ... Do not ban $lookup. Treat frequent, expensive joins as a signal to re-examine the access "
    "patterns and document boundaries.";
constexpr std::string_view kDeletion = DOCSHAPE_LESSON ", \"Deletion\"";
constexpr std::string_view kDeletionText =
    "When a referenced document is deleted, MongoDB does not automatically enforce a foreign-key cascade. ... "
    "Possible policies include: restrict delete; soft delete; cascade; allow orphans; run a cleanup job. ... A "
    "cleanup job should not remove records that must remain available for audit, and a cascade should not cross "
    "a tenant boundary because of an unchecked reference.";
constexpr std::string_view kSchemaVersion = DOCSHAPE_LESSON ", \"Schema version field\"";
constexpr std::string_view kSchemaVersionText =
    "This is useful for complex, long-lived polymorphic migrations where the application needs to select the "
    "correct interpretation. It is not required for every simple collection.";
constexpr std::string_view kSoftDelete = DOCSHAPE_LESSON ", \"Soft delete\"";
constexpr std::string_view kSoftDeleteText =
    "Costs include: every query must exclude deleted documents; unique indexes need a partial strategy; data "
    "continues to grow; accidental leakage is possible.";
constexpr std::string_view kHotDocuments = DOCSHAPE_LESSON ", \"Hot documents\"";
constexpr std::string_view kHotDocumentsText =
    "Consider sharded counters, bucketing, or an event-oriented design. MongoDB supports atomic updates, but a "
    "single document still has finite write throughput and cannot absorb unlimited concurrent updates.";
constexpr std::string_view kWorksheet = DOCSHAPE_LESSON ", \"Access-pattern worksheet\"";
constexpr std::string_view kWorksheetText =
    "For each collection, write down the workload before finalizing the schema ... The worksheet is also useful "
    "during review. If nobody can state the top reads, update boundary, expected size, or retention behavior, the "
    "model is still based on abstract entities rather than on the workload.";
constexpr std::string_view kAttributePattern = DOCSHAPE_PATTERNS ", \"Attribute Pattern\"";
constexpr std::string_view kAttributePatternText =
    "Attribute Pattern - Convert many fields to key-value pairs ... Use Case: Many similar fields that need to be "
    "searched/indexed. ... One compound index: { \"attributes.key\": 1, \"attributes.value\": 1 } ... Benefits: "
    "Single index covers all attributes, flexible schema";
#undef DOCSHAPE_LESSON
#undef DOCSHAPE_QUERIES
#undef DOCSHAPE_PATTERNS
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
constexpr std::string_view kTwoDSphere =
    "MongoDB manual, 2dsphere Indexes (https://www.mongodb.com/docs/manual/core/indexes/index-types/geospatial/"
    "2dsphere/); GeoJSON Objects (https://www.mongodb.com/docs/manual/reference/geojson/)";
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
        {rule::kUnboundedArray, S::Warning, "Unbounded array", kBoundedTest, {},
         "\"What is the maximum, and who enforces it?\" An array with no stated maximum can grow without "
         "limit: larger reads and writes, index expansion, and eventually the 16 MiB limit. \"If you cannot "
         "identify a meaningful upper bound, avoid unbounded embedding\" (Lesson 135, \"Boundedness test\").",
         "State a maximum and have the validator enforce it, or reference from the child (child holds the "
         "parent id, indexed), or use the subset or bucket pattern.",
         kBoundedTestText},
        {rule::kBoundNotEnforced, S::Info, "Array bound enforced by nobody", kBoundedTest, {},
         "The bounded test asks who enforces the maximum; a bound nobody enforces is an estimate, not a "
         "domain guarantee (Lesson 135, \"Boundedness test\").",
         "Encode the bound as maxItems in the validator, or cap it in the UI and say so.",
         kBoundedTestText},
        {rule::kArrayOverAtlas, S::Warning, "Array over Atlas's array threshold", kAtlas, {kAtlasArrayEntries},
         "Atlas flags arrays with this many entries: they degrade query and index performance, and every "
         "element is a multikey index entry.",
         "Move the elements to their own collection (reference from the child), or bucket them."},
        {rule::kArrayOverCompass, S::Info, "Array over Compass's array threshold", kCompass, {kCompassArrayEntries},
         "Compass shows a performance insight for arrays of this size: 'avoid unbounded arrays'.",
         "Check the bound; consider the subset pattern for the part that is read with the parent."},
        {rule::kAuditHistoryArray, S::Warning, "Audit history as an array in the main record", kAudit, {},
         "\"Do not allow an audit history array to grow forever inside the main record\": it makes the primary "
         "document unbounded and ties audit retention, querying and access control to it.",
         "Use a separate audit collection (or event store) that references the record.",
         kAuditText},
        {rule::kDocumentOverTarget, S::Warning, "Documents over the 100 KB target", kBoundedTest,
         {kDocumentTargetBytes},
         "The whole document is read and rewritten on every update, and large documents crowd the working "
         "set out of RAM: \"keep the common documents well under 100KB\".",
         "Move what grows or is rarely read out of the document: subset, outlier or a referenced collection.",
         kBoundedTestText},
        {rule::kDocumentOverAtlas, S::Warning, "Documents over Atlas's 2 MB threshold", kAtlas,
         {kAtlasDocumentBytes},
         "Atlas flags documents this large: they degrade the performance of the most common queries, and a "
         "2 MB document makes a one-field update expensive (Start from the queries, \"The bounded test\").",
         "Split the document: reference the large or growing part from its own collection."},
        {rule::kDocumentOverLimit, S::Error, "Documents reach the 16 MiB limit", kLimits, {kMaxDocumentBytes},
         "A BSON document cannot exceed 16 MiB; the insert or update that crosses it fails. Treat the limit "
         "\"as a disaster line, not a budget\" (Start from the queries, \"The bounded test\").",
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
        {rule::kCollectionPerTenant, S::Warning, "One collection per tenant", kTenants, {kAtlasCollections},
         "\"A collection per tenant is often operationally painful\": every collection carries its indexes "
         "and files, migrations run per tenant, and the count grows with the customer base.",
         "Use a shared collection with a tenantId field and indexes that start with it.",
         kTenantsText},
        {rule::kTenantFieldMissing, S::Error, "Tenant-scoped entity without the tenant field", kTenants, {},
         "In a shared collection \"every tenant-scoped query must include the tenant constraint\"; without "
         "the field in the document there is nothing to constrain.",
         "Add the tenant field (objectId, required) to the collection's root entity.",
         kTenantsText},
        {rule::kIndexNotTenantFirst, S::Warning, "Index on a tenant-scoped collection not led by the tenant", kTenants,
         {},
         "\"Indexes usually begin with tenantId\" in a shared collection, so that every tenant-scoped query "
         "finds its range by equality first.",
         "Put the tenant field first: { tenantId: 1, ... } (Equality-Sort-Range).",
         kTenantsText},
        {rule::kPatternNotTenantScoped, S::Error, "Access pattern without the tenant constraint", kTenants, {},
         "A query on a shared, tenant-scoped collection that does not carry the tenant constraint can read "
         "or modify another tenant's data. Derive the tenant from the server-side auth context.",
         "Scope the pattern to the tenant (mark it tenant-scoped, with the tenant field in the equality).",
         kTenantsText},
        {rule::kRelationalCopy, S::Warning, "Relational schema copied 1:1", kAntiPatterns, {kRelationalMinRelationships},
         "Every relationship is a reference and every entity is its own collection: a relational schema "
         "copied without reason. Reads need $lookup or several round trips and writes need transactions.",
         "Start from the queries: embed what is read and written together and bounded.",
         kAntiPatternsText},
        {rule::kReferenceShouldEmbed, S::Warning, "Referenced although read together and bounded", kDecisionMatrix,
         {kFewChildren},
         "\"Referencing everything solely because SQL did\" is an anti-pattern (Lesson 135): the decision "
         "matrix points to embedding here, so the reference costs a join on every read for nothing.",
         "Embed the child (an embedded array or subdocument) with its bound enforced by the validator.",
         kDecisionMatrixText},
        {rule::kDuplicateWithoutPlan, S::Warning, "Duplicated data without a synchronization plan", kDuplication, {},
         "\"Document which semantics apply to each duplicated field\": snapshot, synchronous or eventual. A "
         "cached canonical field needs an owner, an update path and a way to repair lag.",
         "State the semantics (snapshot, synchronous, eventual) and, unless it is a snapshot, its owner and "
         "update path.",
         kDuplicationText},
        {rule::kTransactionsEverywhere, S::Warning, "A transaction for every basic write", kTransactions,
         {kMultiCollectionWriteShare},
         "\"If you find yourself wanting transactions everywhere, the model is too normalized.\"",
         "Re-draw the aggregate boundary so that ordinary writes touch one document.",
         kTransactionsText},
        {rule::kWriteSpansCollections, S::Info, "Write spans collections", kTransactionSignal, {},
         "A write touching several collections needs a transaction (synchronous) or a consistency plan "
         "(eventual); a single-document write is atomic for free.",
         "Keep it if a genuine invariant spans collections; otherwise embed what is written together.",
         kTransactionSignalText},
        {rule::kFrequentLookup, S::Warning, "Frequent $lookup on a primary read", kLookupSignal, {kFrequentPerSecond},
         "\"If every primary query performs several complex lookups across heavily normalized collections, "
         "revisit the document model.\"",
         "Embed what is read together, or copy the displayed fields (extended reference).",
         kLookupSignalText},
        {rule::kSnapshotReadAsCurrent, S::Warning, "Snapshot or eventual copy read as current data", kDuplication, {},
         "\"Consistency is part of the contract exposed by the read model. A caller that requires current "
         "profile data should not silently depend on a projection whose documented behavior is eventual.\" A "
         "snapshot is never updated at all: \"a customer's current phone number duplicated in an account "
         "dashboard where the value is expected to stay current ... may be better modeled by referencing or "
         "querying the canonical customer record instead.\"",
         "Read the canonical record (a reference the pattern also reads), or keep the copy synchronous, with an "
         "owner and an update path.",
         kDuplicationText},
        {rule::kHistoryRewritten, S::Warning, "Historical record kept in sync with its source", kTradeOff, {},
         "\"An historical order should preserve what the customer bought, including the name and price "
         "represented at that time. A later product rename should not silently rewrite the history of an "
         "already placed order.\" \"A historical field should not be 'fixed' by an automatic synchronization "
         "job.\"",
         "Make the copy a snapshot: written with the record, never synchronized.",
         kTradeOffText},
        {rule::kDeletionUnspecified, S::Warning, "No deletion policy on a referenced entity", kDeletion, {},
         "MongoDB does not cascade deletes; the application must define what happens to references (restrict, "
         "soft delete, cascade, allow orphans, cleanup job).",
         "Choose and state a deletion policy for the entity.",
         kDeletionText},
        {rule::kNoSchemaVersion, S::Warning, "Long-lived polymorphic collection without schemaVersion", kSchemaVersion,
         {kLongLivedDays},
         "A schemaVersion field \"is useful for complex, long-lived polymorphic migrations where the "
         "application needs to select the correct interpretation\".",
         "Add a schemaVersion to the entity (and the field to its documents).",
         kSchemaVersionText},
        {rule::kSoftDeleteUnique, S::Warning, "Soft delete with a unique index that is not partial", kSoftDelete, {},
         "With soft delete \"unique indexes need a partial strategy\": a deleted document still holds its "
         "unique key and blocks re-creating it.",
         "Make the unique index partial on the live documents: partialFilterExpression { deletedAt: null } "
         "(an equality; $exists: false is a negation the server refuses in a partial filter).",
         kSoftDeleteText},
        {rule::kCascadeOutlivesRecord, S::Error, "Deletion removes records that must outlive their parent", kDeletion,
         {},
         "\"Deletion also needs to account for authorization and retention. A cleanup job should not remove "
         "records that must remain available for audit.\" Audit, history and financial records are kept for "
         "their own retention, not for as long as what they describe exists.",
         "Restrict the delete, soft-delete the parent, or let these records outlive it (allow orphans: they keep "
         "the id of what was deleted) and expire them by their own retention (a TTL index).",
         kDeletionText},
        {rule::kCascadeCrossesTenant, S::Error, "Cascade across a tenant boundary", kDeletion, {},
         "\"A cascade should not cross a tenant boundary because of an unchecked reference\": deleting a "
         "document of one scope removes documents of another, so one tenant's action deletes other tenants' "
         "data, or shared data disappears with one tenant.",
         "Restrict the delete across the boundary, or scope both sides to the tenant and carry the tenant "
         "constraint in the cascade's filter.",
         kDeletionText},
        {rule::kHotDocument, S::Warning, "Hot document", kHotDocuments, {kHotDocumentWrites},
         "\"A single document still has finite write throughput and cannot absorb unlimited concurrent "
         "updates\"; every writer queues on the same document.",
         "Shard the counter, bucket the writes, or record events and aggregate them.",
         kHotDocumentsText},
        {rule::kMoneyAsFloat, S::Warning, "Money as floating point", kFieldConventions, {},
         "\"Floating point currency produces rounding disputes that are painful to unwind.\"",
         "Store integers in minor units (priceMinor as long), or decimal when decimal arithmetic is needed.",
         kFieldConventionsText},
        {rule::kDateAsString, S::Warning, "Date stored as a string", kFieldConventions, {},
         "\"String dates sort correctly only by accident and cannot use date operators.\"",
         "Store a BSON date.",
         kFieldConventionsText},
        {rule::kEnumAsInteger, S::Info, "Enum stored as integers", kFieldConventions, {},
         "\"status: 3 requires a lookup table that lives in someone's head\"; short strings are greppable and "
         "self-documenting.",
         "Use short string values for the enum.",
         kFieldConventionsText},
        {rule::kStoredNulls, S::Info, "Stored nulls", kFieldConventions, {},
         "\"Prefer omitting a field to storing null, unless you need to distinguish 'not set' from "
         "'explicitly cleared'.\" Sparse and partial indexes work on absence.",
         "Omit the field instead of storing null (make it optional).",
         kFieldConventionsText},
        {rule::kIdMirrorsId, S::Warning, "An id field mirroring _id", kFieldConventions, {},
         "\"_id ... is indexed, unique, and required, so a separate id field duplicates identity and costs a "
         "second index.\"",
         "Use _id; give an external identifier its own name (orderNumber, slug).",
         kFieldConventionsText},
        {rule::kKeysAreData, S::Info, "Keys that are data (a map)", kAttributePattern, {},
         "A map's keys are values (ids, days, numbers): each key is a path of its own, which no one index covers "
         "and a query can name only by its value. The course texts list an \"arbitrary key/value mega-document\" "
         "among the anti-patterns (Lesson 135, \"Anti-patterns\").",
         "When the keys are queried, use the Attribute Pattern: an array of {k, v} subdocuments with one compound "
         "index on k and v. A map read and written whole, never queried by key, can stay.",
         kAttributePatternText},
        {rule::kGeoWithoutIndex, S::Info, "GeoJSON without a 2dsphere index", kTwoDSphere, {},
         "$near and $nearSphere need a geospatial index and fail without one; $geoWithin and $geoIntersects "
         "without one read every document of the collection.",
         "If the application queries by location, create a 2dsphere index on the field (compound with the "
         "equality fields that come first)."},
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
        {rule::kOverLatencyBudget, S::Warning, "Read implausible within its latency budget", kStartFromQueries,
         {kRoundTripMs, kDocumentExaminedMs, kCacheBytesPerMs},
         "The estimated time of one execution (round trips, documents examined, bytes read, all from cache) "
         "exceeds the stated budget.",
         "Serve it with an index, embed what it reads together, or return less (subset pattern).",
         kStartFromQueriesText},
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
         "(Start from the queries, \"The bounded test\"). The WiredTiger cache is 50% of (RAM - 1 GB), at least 256 MB.",
         "Add RAM, shrink hot documents (subset, extended reference) or drop unused indexes."},
        {rule::kWorksheetMismatch, S::Warning, "Worksheet states something the model does not", kWorksheet,
         {kWorksheetMismatchRatio},
         "The designer's worksheet and the model disagree: one of them is wrong, and the review should "
         "find out which.",
         "Correct the model's parameters or the stated worksheet value.",
         kWorksheetText},
        {rule::kEmbeddedShouldReference, S::Warning, "Embedded although the workload points to referencing",
         kDecisionMatrix, {kFewChildren, kManyChildren},
         "The decision matrix (read pattern, write pattern, size and bound, duplication, atomicity, "
         "relationship size, volatility) points to referencing for this relationship.",
         "Reference from the child (child holds the parent id, indexed), or the subset pattern when the "
         "parent's main read needs a few children.",
         kDecisionMatrixText},
        {rule::kPatternRecommended, S::Info, "A pattern fits this relationship", kPatternsKnown,
         {kOutlierRatio, kEventInsertsPerSecond, kEventsPerParentPerDay},
         "The workload matches a named pattern of the course texts (subset, extended reference, bucket or "
         "time-series, outlier).",
         "Apply the named pattern.",
         kPatternsKnownText},
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
