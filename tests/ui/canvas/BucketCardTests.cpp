// Issue 17 item 18: an entity stored by the bucket pattern is drawn as the
// bucket document it lives in (seed data-modeling-patterns.txt, "Bucket
// Pattern": readings grouped into one document per sensor and period, with
// the readings in an array), not as one document per reading.
#include "support/TestPaths.h"

#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "document/Document.h"

#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;

TEST_CASE("a bucketed entity's card shows the bucket document with its items array", "[ui][canvas]") {
    Document doc;
    REQUIRE(doc.load(QString::fromStdString(test::examplesDir() + "/iot-readings.docshape")));
    canvas::DocumentScene scene(&doc);
    const canvas::EntityItem *reading = scene.cardOf("e2");
    REQUIRE(reading);
    // Relationship r1 buckets Readings 288 to a document of reading_buckets,
    // keyed by sensorId; a reading's fields are the array's elements.
    CHECK(reading->rowTexts() == QStringList{QStringLiteral("_id objectId"), QStringLiteral("sensorId → Sensor"),
                                             QStringLiteral("bucketStart date"), QStringLiteral("count int"),
                                             QStringLiteral("readings [object] [0..288]"),
                                             QStringLiteral("  time date"), QStringLiteral("  temp double"),
                                             QStringLiteral("  humidity? double")});
    // The edge from Sensor ends at the key that holds the sensor's id.
    CHECK(reading->edgeRowRect("sensorId").top() > reading->edgeRowRect("no-such-key").bottom());

    // The same reading stored one per document (time series, Measurement)
    // keeps the plain card.
    const canvas::EntityItem *measurement = scene.cardOf("e3");
    REQUIRE(measurement);
    CHECK(measurement->rowTexts().first() == QStringLiteral("_id objectId"));
    CHECK_FALSE(measurement->rowTexts().contains(QStringLiteral("bucketStart date")));

    // A new bucket size redraws the array's bound.
    Relationship r = *doc.project().findRelationship("r1");
    r.bucketSize = 144;
    REQUIRE(doc.changeRelationship(r, QStringLiteral("bucket size"), QString()));
    CHECK(scene.cardOf("e2")->rowTexts().contains(QStringLiteral("readings [object] [0..144]")));
}
