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

// A value of a metadata file the model does not take as written: the
// server would refuse it or read it otherwise. It is dropped, or kept as
// the server reads it, and said in the import summary.
struct MetadataWarning {
    std::string where;   // "index 'email_1'", "options.expireAfterSeconds", "$jsonSchema properties.total"
    std::string message; // the option and its value, what the server does with it, what the model keeps
};

// What mongodump writes beside COLLECTION.bson in COLLECTION.metadata.json:
// the indexes, the collection options (validator, validation level and
// action, time series, TTL) and the type ("collection" or "view").
struct CollectionMetadata {
    std::string file; // as named in messages
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
    std::vector<MetadataWarning> warnings;
};

// Reads the text of a metadata file (canonical or relaxed Extended JSON, as
// mongodump 100.x and the legacy tools wrote it). `file` names the file in
// messages. Only text that is not a metadata document is an error: a value
// the server would refuse or read otherwise becomes a warning, and the
// index or option is dropped or kept as the server reads it. Every index
// kept passes the model's own index rules (validateProject), and no two
// share a name (the first is kept).
Result<CollectionMetadata> parseCollectionMetadata(std::string_view text, const std::string &file);

} // namespace docshape::import
