#pragma once

#include "core/AccessPattern.h"
#include "core/BsonType.h"
#include "core/Entity.h"
#include "core/Field.h"
#include "core/Project.h"
#include "core/Relationship.h"

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

// Enum <-> file spelling for every enum of the model, with the list of valid
// spellings for error messages. The spellings are the toString() names of
// model/core.
namespace docshape::io {

template <typename E> struct EnumCodec;

template <typename E, int N, std::optional<E> (*Parse)(std::string_view)> struct EnumCodecOf {
    static constexpr int kCount = N;
    static std::string_view name(E e) { return toString(e); }
    static std::optional<E> parse(std::string_view s) { return Parse(s); }
    // "one of \"a\", \"b\" or \"c\"" for messages.
    static std::string choices() {
        std::string out = "one of ";
        for (int i = 0; i < N; ++i) {
            if (i > 0)
                out += i + 1 == N ? " or " : ", ";
            out += '"';
            out += toString(static_cast<E>(i));
            out += '"';
        }
        return out;
    }
};

// clang-format off
template <> struct EnumCodec<BsonType> : EnumCodecOf<BsonType, 16, bsonTypeFromString> {};
template <> struct EnumCodec<BoundEnforcer> : EnumCodecOf<BoundEnforcer, 3, boundEnforcerFromString> {};
template <> struct EnumCodec<Duplication> : EnumCodecOf<Duplication, 4, duplicationFromString> {};
template <> struct EnumCodec<DeletionPolicy> : EnumCodecOf<DeletionPolicy, 6, deletionPolicyFromString> {};
template <> struct EnumCodec<ValidationLevel> : EnumCodecOf<ValidationLevel, 3, validationLevelFromString> {};
template <> struct EnumCodec<ValidationAction> : EnumCodecOf<ValidationAction, 2, validationActionFromString> {};
template <> struct EnumCodec<TimeSeriesGranularity> : EnumCodecOf<TimeSeriesGranularity, 3, granularityFromString> {};
template <> struct EnumCodec<AccessKind> : EnumCodecOf<AccessKind, 2, accessKindFromString> {};
template <> struct EnumCodec<Operation> : EnumCodecOf<Operation, 6, operationFromString> {};
template <> struct EnumCodec<Cardinality> : EnumCodecOf<Cardinality, 4, cardinalityFromString> {};
template <> struct EnumCodec<Representation> : EnumCodecOf<Representation, 9, representationFromString> {};
template <> struct EnumCodec<Tenancy> : EnumCodecOf<Tenancy, 4, tenancyFromString> {};
// clang-format on

} // namespace docshape::io
