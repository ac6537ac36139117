// An embedded relationship that only some parents hold (Relationship::
// presence; FORMAT.md, "Relationship"): its bytes count presence times in
// the average document and in full in the largest, against documents
// libbson builds, as the public data test (issue 35) measures real ones.
#include "estimate/Analysis.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <numeric>
#include <string>
#include <vector>

using namespace docshape;

namespace {

// {_id, label: "<10 bytes>", skins?: [{tone: int32} x skins]}, as libbson
// lays it out; `skins` < 0: no key.
std::uint32_t emojiBytes(int skins) {
    bson_t d;
    bson_init(&d);
    bson_oid_t id;
    bson_oid_init_from_string(&id, "65f0a0a0a0a0a0a0a0a0a0a0");
    bson_append_oid(&d, "_id", -1, &id);
    bson_append_utf8(&d, "label", -1, "grinning!!", -1);
    if (skins >= 0) {
        bson_t array, skin;
        bson_append_array_begin(&d, "skins", -1, &array);
        for (int i = 0; i < skins; ++i) {
            bson_append_document_begin(&array, std::to_string(i).c_str(), -1, &skin);
            bson_append_int32(&skin, "tone", -1, i);
            bson_append_document_end(&array, &skin);
        }
        bson_append_array_end(&d, &array);
    }
    const std::uint32_t length = d.len;
    bson_destroy(&d);
    return length;
}

Field field(std::string id, std::string name, BsonType type, double bytes = 0) {
    Field f;
    f.id = std::move(id);
    f.name = std::move(name);
    f.type = type;
    f.avgBytes = bytes;
    f.maxBytes = static_cast<std::uint64_t>(bytes);
    return f;
}

// 4 emojis, the skins of one of them (or of all, `presence` 1) embedded:
// avgChildren is per emoji over all of them, as the importer states it.
Project emojis(double presence, double avgChildren, std::uint64_t maxChildren) {
    Project p;
    Entity emoji;
    emoji.id = "e1";
    emoji.name = "Emoji";
    emoji.collectionName = "emojis";
    emoji.count = 4;
    emoji.fields.push_back(field("f1", "label", BsonType::String, 10));
    Entity skin;
    skin.id = "e2";
    skin.name = "Skin";
    skin.fields.push_back(field("f2", "tone", BsonType::Int));
    p.entities = {emoji, skin};
    Relationship r;
    r.id = "r1";
    r.name = "skins";
    r.parentId = "e1";
    r.childId = "e2";
    r.representation = Representation::EmbedArray;
    r.fieldName = "skins";
    r.presence = presence;
    r.avgChildren = avgChildren;
    r.maxChildren = maxChildren;
    p.relationships.push_back(r);
    return p;
}

CollectionStat statOf(const Project &p) {
    const Analysis analysis = analyze(p);
    REQUIRE(analysis.collections.size() == 1);
    return analysis.collections[0];
}

} // namespace

TEST_CASE("an embedded array in a quarter of the documents counts a quarter of its bytes, to the byte",
          "[estimate][size][presence]") {
    // One emoji of four has 5 skins, the others no key: 1.25 skins an emoji.
    const std::vector<std::uint32_t> documents = {emojiBytes(5), emojiBytes(-1), emojiBytes(-1), emojiBytes(-1)};
    const double exact = std::accumulate(documents.begin(), documents.end(), 0.0) / double(documents.size());
    const CollectionStat s = statOf(emojis(0.25, 1.25, 5));
    INFO("libbson: average " << exact << ", largest " << documents[0] << "; model: average " << s.avgDocumentBytes);
    CHECK(s.avgDocumentBytes == Approx(exact).margin(1e-9));
    // The largest holds the array at its maximum.
    REQUIRE(s.maxDocumentBytes);
    CHECK(*s.maxDocumentBytes == documents[0]);
}

TEST_CASE("an embedded array in every document counts in every document", "[estimate][size][presence]") {
    // Each emoji with 2 skins.
    const CollectionStat s = statOf(emojis(1, 2, 3));
    CHECK(s.avgDocumentBytes == Approx(double(emojiBytes(2))).margin(1e-9));
    REQUIRE(s.maxDocumentBytes);
    CHECK(*s.maxDocumentBytes == emojiBytes(3));
}

TEST_CASE("an optional embedded subdocument counts its presence", "[estimate][size][presence]") {
    // {_id, label, skin?: {tone}}: in one emoji of four (presence and
    // avgChildren say the same for one subdocument).
    Project p = emojis(0.25, 0.25, 1);
    p.relationships[0].representation = Representation::EmbedOne;
    p.relationships[0].fieldName = "skin";
    bson_t d;
    bson_init(&d);
    bson_oid_t id;
    bson_oid_init_from_string(&id, "65f0a0a0a0a0a0a0a0a0a0a0");
    bson_append_oid(&d, "_id", -1, &id);
    bson_append_utf8(&d, "label", -1, "grinning!!", -1);
    bson_t skin;
    bson_append_document_begin(&d, "skin", -1, &skin);
    bson_append_int32(&skin, "tone", -1, 1);
    bson_append_document_end(&d, &skin);
    const std::uint32_t with = d.len;
    bson_destroy(&d);
    const double exact = (with + 3.0 * emojiBytes(-1)) / 4;
    const CollectionStat s = statOf(p);
    CHECK(s.avgDocumentBytes == Approx(exact).margin(1e-9));
    REQUIRE(s.maxDocumentBytes);
    CHECK(*s.maxDocumentBytes == with);

    // No children stated (avgChildren 0 reads as a subdocument in every
    // parent): the stated presence alone says it is in one of four.
    p.relationships[0].avgChildren = 0;
    CHECK(statOf(p).avgDocumentBytes == Approx(exact).margin(1e-9));
}
