#include "core/Relationship.h"

#include "util/EnumNames.h"

namespace docshape {

bool embedsChild(Representation r) {
    return r == Representation::EmbedOne || r == Representation::EmbedArray ||
           r == Representation::Bucket;
}

BoundEnforcer arrayBoundEnforcer(const Relationship &r) {
    return r.representation == Representation::Subset ? r.subsetEnforcedBy : r.maxEnforcedBy;
}

std::string_view toString(Cardinality c) { return detail::enumName(kCardinalityNames, c); }
std::optional<Cardinality> cardinalityFromString(std::string_view s) {
    return detail::enumFromName(kCardinalityNames, s);
}
std::string_view toString(Representation r) { return detail::enumName(kRepresentationNames, r); }
std::optional<Representation> representationFromString(std::string_view s) {
    return detail::enumFromName(kRepresentationNames, s);
}

} // namespace docshape
