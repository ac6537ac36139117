#pragma once

#include "core/Entity.h"
#include "core/IndexSpec.h"
#include "util/Result.h"
#include "validate/ExtendedJson.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace docshape::import {

// What mongodump writes beside COLLECTION.bson in COLLECTION.metadata.json:
// the indexes, the collection options (validator, validation level and
// action, time series, TTL) and the type ("collection" or "view").
struct CollectionMetadata {
    std::string collectionName;
    std::string type = "collection";
    std::vector<IndexSpec> indexes; // without _id_, ids and entity unset
    std::optional<TimeSeriesOptions> timeSeries;
    std::optional<ValidationLevel> validationLevel;
    std::optional<ValidationAction> validationAction;
    bool hasValidator = false;
    validate::BsonDocument jsonSchema; // the validator's $jsonSchema, empty when none
    std::string otherValidator;        // query operators beside or instead of $jsonSchema (canonical JSON)
    std::vector<std::string> notes;    // what could not be carried into the model, for the summary
};

// Reads the text of a metadata file (canonical or relaxed Extended JSON, as
// mongodump 100.x and the legacy tools wrote it). `file` names the file in
// messages.
Result<CollectionMetadata> parseCollectionMetadata(std::string_view text, const std::string &file);

} // namespace docshape::import
