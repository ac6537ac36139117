#include "core/Thresholds.h"

#include <cassert>

namespace docshape {

namespace {
constexpr std::string_view kSeedQueries = "Data modeling, Start from the queries, \"The bounded test\"";
constexpr std::string_view kManualLimits =
    "MongoDB manual, MongoDB Limits and Thresholds (https://www.mongodb.com/docs/manual/reference/limits/)";
constexpr std::string_view kAtlas = "Atlas schema suggestions "
                                    "(https://www.mongodb.com/docs/atlas/performance-advisor/schema-suggestions/)";
constexpr std::string_view kCompass = "Compass performance insights "
                                      "(https://www.mongodb.com/docs/compass/current/manage-data/performance-insights/)";
constexpr std::string_view kDocShape = "DocShape cost-model assumption";

std::vector<ThresholdSetting> makeCatalogue() {
    using namespace threshold;
    return {
        {kDocumentTargetBytes, 100000, "bytes", kSeedQueries,
         "Practical target: keep the common documents well under 100 KB."},
        {kMaxDocumentBytes, 16777216, "bytes", kManualLimits, "The BSON document size limit, 16 MiB."},
        {kAtlasDocumentBytes, 2000000, "bytes", kAtlas, "Atlas flags documents over 2 MB as too large."},
        {kAtlasArrayEntries, 10000, "elements", kAtlas, "Atlas flags arrays over 10,000 entries."},
        {kAtlasIndexes, 30, "indexes", kAtlas, "Atlas flags collections with more than 30 indexes."},
        {kAtlasCollections, 100, "collections", kAtlas,
         "Atlas flags databases with more than 100 collections."},
        {kCompassIndexes, 10, "indexes", kCompass, "Compass flags collections with more than 10 indexes."},
        {kCompassArrayEntries, 250, "elements", kCompass, "Compass flags arrays of more than 250 elements."},
        {kFrequentPerSecond, 1, "per second", kDocShape,
         "A pattern run at least this often is on a hot path (the 'high' and 'very high' of Start from the queries)."},
        {kScanDocuments, 1000, "documents", kDocShape,
         "A collection scan over fewer documents than this is cheap enough to ignore."},
        {kHotDocumentWrites, 100, "writes per second", kDocShape,
         "Writes per second to one document above which it is a contention point (Lesson 135, "
         "\"Hot documents\", gives no number)."},
        {kRelationalMinRelationships, 3, "relationships", kDocShape,
         "Fewest relationships for 'every relationship a reference' to read as a relational copy."},
        {kMultiCollectionWriteShare, 0.5, "share", kDocShape,
         "Share of write patterns spanning collections above which transactions are the rule, not the "
         "exception."},
        {kLongLivedDays, 365, "days", kDocShape,
         "Retention above which a collection is long-lived and needs a schema-evolution plan."},
        {kFewChildren, 100, "children", kDocShape,
         "Upper end of 'few-to-many' in the decision matrix of Data Modeling, \"Embedding vs Referencing\"."},
        {kManyChildren, 10000, "children", kDocShape,
         "Lower end of 'many-to-millions' in the decision matrix of Data Modeling, \"Embedding vs Referencing\"."},
        {kOutlierRatio, 10, "ratio", kDocShape,
         "Maximum over average children at which a few outliers dominate the bound (outlier pattern)."},
        {kEventInsertsPerSecond, 10, "inserts per second", kDocShape,
         "Insert rate of a dated, never-updated child at which it is a high-frequency event stream "
         "(bucket pattern)."},
        {kEventsPerParentPerDay, 24, "per parent per day", kDocShape,
         "Events per parent per day (one an hour) above which grouping them per time window pays "
         "(bucket pattern)."},
        {kWorksheetMismatchRatio, 2, "ratio", kDocShape,
         "Factor between the stated and the estimated worksheet value that counts as a mismatch."},
        {kRoundTripMs, 1, "ms", kDocShape, "Cost of one round trip or $lookup stage inside a data centre."},
        {kDocumentExaminedMs, 0.005, "ms", kDocShape, "Cost of examining one cached document (5 us)."},
        {kCacheBytesPerMs, 1000000, "bytes per ms", kDocShape, "Bytes read per millisecond from the cache (1 GB/s)."},
        {kUnknownEqualitySelectivity, 0.01, "share", kDocShape,
         "Share of documents an equality matches when the model states no cardinality for the field."},
        {kRangeSelectivity, 0.1, "share", kDocShape, "Share of documents a range predicate matches."},
        {kHotWindowSeconds, 3600, "seconds", kDocShape,
         "Documents touched within this window count as hot in the working set."},
    };
}
} // namespace

const std::vector<ThresholdSetting> &thresholdCatalogue() {
    static const std::vector<ThresholdSetting> catalogue = makeCatalogue();
    return catalogue;
}

const ThresholdSetting *findThreshold(std::string_view name) {
    for (const auto &t : thresholdCatalogue())
        if (t.name == name)
            return &t;
    return nullptr;
}

Thresholds::Thresholds(const Project &project) {
    const auto &catalogue = thresholdCatalogue();
    m_values.reserve(catalogue.size());
    for (const auto &t : catalogue)
        m_values.push_back(t.defaultValue);
    m_overridden.assign(catalogue.size(), false);
    for (const auto &[name, value] : project.thresholds) {
        bool known = false;
        for (std::size_t i = 0; i < catalogue.size(); ++i) {
            if (catalogue[i].name == name) {
                m_values[i] = value;
                m_overridden[i] = true;
                known = true;
            }
        }
        if (!known)
            m_unknown.push_back(name);
    }
}

double Thresholds::get(std::string_view name) const {
    const auto &catalogue = thresholdCatalogue();
    for (std::size_t i = 0; i < catalogue.size(); ++i)
        if (catalogue[i].name == name)
            return m_values[i];
    assert(false && "threshold not in the catalogue");
    return 0;
}

bool Thresholds::overridden(std::string_view name) const {
    const auto &catalogue = thresholdCatalogue();
    for (std::size_t i = 0; i < catalogue.size(); ++i)
        if (catalogue[i].name == name)
            return m_overridden[i];
    return false;
}

} // namespace docshape
