#pragma once

#include "export/types/Identifiers.h"
#include "export/types/TypeModel.h"

#include <string>
#include <utility>
#include <vector>

namespace docshape::types {

// The collections as Java 17 records in one package (`models`), a file per
// collection: the document's record (a sealed interface with one record per
// variant for a polymorphic document) with every other object nested in
// it, components named after the keys (@BsonId / @BsonProperty with the
// key as stored), BSON types as the Java driver's (ObjectId, Decimal128,
// Binary, Date, ...; every type fully qualified, so no model name can
// shadow one). Rules as Jakarta Bean Validation 3 annotations where one
// exists: @NotNull (required, not nullable), @Size (string lengths, which
// Java counts in UTF-16 units, and array bounds), @Pattern (the server's
// search, made a full match; a string enum as a full match of its values),
// @Min/@Max (int and long bounds), @Valid on nested records; a comment
// beside the component for the rest (other enums, double and Decimal128
// bounds, uniqueItems, map key patterns). Each
// record or interface has COLLECTION, the collection's name, at the top.
class JavaPackage {
public:
    JavaPackage();
    // The file's name, `<Type>.java` (Java's rule: the file of a public type
    // is named after it), and its content.
    std::pair<std::string, std::string> file(const TypeModule &module, const std::vector<std::string> &header);

private:
    IdentifierSet m_types; // the package's top-level types
};

} // namespace docshape::types
