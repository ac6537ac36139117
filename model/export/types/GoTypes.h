#pragma once

#include "export/types/Identifiers.h"
#include "export/types/TypeModel.h"

#include <string>
#include <vector>

namespace docshape::types {

// The collections as one Go package (`models`), a file per collection, for
// the MongoDB Go driver (go.mongodb.org/mongo-driver, v1): a struct per
// object with `bson` tags, required keys as values, optional and nullable
// ones as pointers (slices and maps too; optional ones `omitempty`), arrays
// as slices, maps as map[string]T, BSON types as the driver decodes them (int32, int64,
// float64, time.Time, primitive.ObjectID, primitive.Decimal128,
// primitive.Binary, ...), a polymorphic object as one struct holding every
// variant's fields (each optional, its comment naming the variant). Go
// carries no rules: each key's comment states the bounds, lengths, patterns
// and enums. Per file: `<Name>Collection` (the collection's name) and
// `<Name>Document` (an alias of the document's struct). Names are unique
// across the package, so one GoPackage writes all of a model's files.
class GoPackage {
public:
    GoPackage();
    // The file's name (`<snake>.go`, never one Go would skip or build only
    // for some platform) and content.
    std::string fileName(const std::string &collection);
    std::string module(const TypeModule &module, const std::vector<std::string> &header);

private:
    IdentifierSet m_names;
    IdentifierSet m_files;
};

} // namespace docshape::types
