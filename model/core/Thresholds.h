#pragma once

#include "core/Project.h"

#include <string>
#include <string_view>
#include <vector>

namespace docshape {

// A named number the analysis and the advisor compare the model with, and
// where it comes from: each is declared once, in the catalogue, with its
// default, unit and source, and a project may override it by name. Names are grouped by origin: "seed." (the seed texts), "bson." and
// "mongodb." (the MongoDB manual), "atlas." (Atlas schema suggestions),
// "compass." (Compass performance insights) and "docshape." (assumptions of
// DocShape's own cost model, stated so that a reader can disagree).
struct ThresholdSetting {
    std::string_view name;
    double defaultValue;
    std::string_view unit;
    std::string_view source;
    std::string_view description;
};

// Every setting, in a stable order.
const std::vector<ThresholdSetting> &thresholdCatalogue();
const ThresholdSetting *findThreshold(std::string_view name);

namespace threshold {
inline constexpr std::string_view kDocumentTargetBytes = "seed.documentTargetBytes";
inline constexpr std::string_view kMaxDocumentBytes = "bson.maxDocumentBytes";
inline constexpr std::string_view kAtlasDocumentBytes = "atlas.maxDocumentBytes";
inline constexpr std::string_view kAtlasArrayEntries = "atlas.maxArrayEntries";
inline constexpr std::string_view kAtlasIndexes = "atlas.maxIndexes";
inline constexpr std::string_view kAtlasCollections = "atlas.maxCollections";
inline constexpr std::string_view kCompassIndexes = "compass.maxIndexes";
inline constexpr std::string_view kCompassArrayEntries = "compass.maxArrayEntries";
inline constexpr std::string_view kFrequentPerSecond = "docshape.frequentPerSecond";
inline constexpr std::string_view kScanDocuments = "docshape.collectionScanDocuments";
inline constexpr std::string_view kHotDocumentWrites = "docshape.hotDocumentWritesPerSecond";
inline constexpr std::string_view kRelationalMinRelationships = "docshape.relationalMinRelationships";
inline constexpr std::string_view kMultiCollectionWriteShare = "docshape.multiCollectionWriteShare";
inline constexpr std::string_view kLongLivedDays = "docshape.longLivedDays";
inline constexpr std::string_view kFewChildren = "docshape.fewChildren";
inline constexpr std::string_view kManyChildren = "docshape.manyChildren";
inline constexpr std::string_view kOutlierRatio = "docshape.outlierRatio";
inline constexpr std::string_view kEventInsertsPerSecond = "docshape.eventInsertsPerSecond";
inline constexpr std::string_view kEventsPerParentPerDay = "docshape.eventsPerParentPerDay";
inline constexpr std::string_view kWorksheetMismatchRatio = "docshape.worksheetMismatchRatio";
inline constexpr std::string_view kRoundTripMs = "docshape.roundTripMs";
inline constexpr std::string_view kDocumentExaminedMs = "docshape.documentExaminedMs";
inline constexpr std::string_view kCacheBytesPerMs = "docshape.cacheBytesPerMs";
inline constexpr std::string_view kUnknownEqualitySelectivity = "docshape.unknownEqualitySelectivity";
inline constexpr std::string_view kRangeSelectivity = "docshape.rangeSelectivity";
inline constexpr std::string_view kHotWindowSeconds = "docshape.hotWindowSeconds";
} // namespace threshold

// The settings in force for one project: the catalogue's defaults, with
// Project::thresholds overriding them by name. Names the catalogue does not
// know are kept in `unknownNames` so that the advisor can report them.
class Thresholds {
public:
    explicit Thresholds(const Project &project);

    // The value in force; the name must be in the catalogue.
    double get(std::string_view name) const;
    bool overridden(std::string_view name) const;
    const std::vector<std::string> &unknownNames() const { return m_unknown; }

private:
    std::vector<double> m_values; // parallel to thresholdCatalogue()
    std::vector<bool> m_overridden;
    std::vector<std::string> m_unknown;
};

} // namespace docshape
