#pragma once

#include "advisor/Finding.h"

#include <string_view>
#include <vector>

namespace docshape {

// One rule of the advisor: its stable id, severity, what it looks for, where
// the rule comes from, the thresholds it reads (Thresholds.h), and the
// default reasoning and fix of its findings (a finding may add specifics).
// `source` is a citation a reader can follow: a document's title and
// section, or a manual page with its address; never a file name. For a
// rule from the course texts, `passage` is the text it rests on, quoted.
struct Rule {
    std::string_view id;
    Severity severity;
    std::string_view title;
    std::string_view source;
    std::vector<std::string_view> thresholds;
    std::string_view reason;
    std::string_view fix;
    std::string_view passage = {};
};

// The whole catalogue, ordered by id. Ids are never reused or renumbered.
const std::vector<Rule> &ruleCatalogue();
const Rule *findRule(std::string_view id);

namespace rule {
inline constexpr std::string_view kUnknownThreshold = "DS001";
inline constexpr std::string_view kUnboundedArray = "DS101";
inline constexpr std::string_view kBoundNotEnforced = "DS102";
inline constexpr std::string_view kArrayOverAtlas = "DS103";
inline constexpr std::string_view kArrayOverCompass = "DS104";
inline constexpr std::string_view kAuditHistoryArray = "DS105";
inline constexpr std::string_view kDocumentOverTarget = "DS110";
inline constexpr std::string_view kDocumentOverAtlas = "DS111";
inline constexpr std::string_view kDocumentOverLimit = "DS112";
inline constexpr std::string_view kValueWithoutMaximum = "DS113";
inline constexpr std::string_view kStatedSizeContradicts = "DS114";
inline constexpr std::string_view kCollectionPerTenant = "DS120";
inline constexpr std::string_view kTenantFieldMissing = "DS121";
inline constexpr std::string_view kIndexNotTenantFirst = "DS122";
inline constexpr std::string_view kPatternNotTenantScoped = "DS123";
inline constexpr std::string_view kRelationalCopy = "DS130";
inline constexpr std::string_view kReferenceShouldEmbed = "DS131";
inline constexpr std::string_view kDuplicateWithoutPlan = "DS132";
inline constexpr std::string_view kTransactionsEverywhere = "DS133";
inline constexpr std::string_view kWriteSpansCollections = "DS134";
inline constexpr std::string_view kFrequentLookup = "DS135";
inline constexpr std::string_view kSnapshotReadAsCurrent = "DS136";
inline constexpr std::string_view kHistoryRewritten = "DS137";
inline constexpr std::string_view kDeletionUnspecified = "DS140";
inline constexpr std::string_view kNoSchemaVersion = "DS141";
inline constexpr std::string_view kSoftDeleteUnique = "DS142";
inline constexpr std::string_view kCascadeOutlivesRecord = "DS143";
inline constexpr std::string_view kCascadeCrossesTenant = "DS144";
inline constexpr std::string_view kHotDocument = "DS150";
inline constexpr std::string_view kMoneyAsFloat = "DS160";
inline constexpr std::string_view kDateAsString = "DS161";
inline constexpr std::string_view kEnumAsInteger = "DS162";
inline constexpr std::string_view kStoredNulls = "DS163";
inline constexpr std::string_view kIdMirrorsId = "DS164";
inline constexpr std::string_view kKeysAreData = "DS165";
inline constexpr std::string_view kGeoWithoutIndex = "DS166";
inline constexpr std::string_view kServerRefuses = "DS170";
inline constexpr std::string_view kServerIgnores = "DS171";
inline constexpr std::string_view kIndexesOverAtlas = "DS180";
inline constexpr std::string_view kIndexesOverCompass = "DS181";
inline constexpr std::string_view kTooManyCollections = "DS182";
inline constexpr std::string_view kUnusedIndex = "DS183";
inline constexpr std::string_view kMissingIndex = "DS184";
inline constexpr std::string_view kInMemorySort = "DS185";
inline constexpr std::string_view kOverLatencyBudget = "DS186";
inline constexpr std::string_view kPathNamesNoField = "DS187";
inline constexpr std::string_view kWorkingSet = "DS190";
inline constexpr std::string_view kWorksheetMismatch = "DS195";
inline constexpr std::string_view kEmbeddedShouldReference = "DS200";
inline constexpr std::string_view kPatternRecommended = "DS201";
} // namespace rule

} // namespace docshape
