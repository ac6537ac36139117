#include "model/advisor/AdvisorFixtures.h"

#include "advisor/RuleCatalog.h"

#include <catch2/catch.hpp>

// An index counts as used when any access pattern uses it, the inner side
// of a join included. The MongoDB manual, $lookup, Performance
// Considerations: "$lookup operations that perform equality matches with
// a single join typically perform better when the foreign collection
// contains an index on the foreignField"
// (https://www.mongodb.com/docs/manual/reference/operator/aggregation/lookup/#performance-considerations);
// a join whose outer documents hold the reference finds the inner ones by
// _id, served by the _id index.
using namespace docshape;
using namespace docshape::test;

namespace {

std::vector<std::string> unusedIndexes(const Project &p) {
    std::vector<std::string> out;
    for (const auto &f : adviceFor(p).findings)
        if (f.id == rule::kUnusedIndex)
            out.push_back(f.target.id);
    return out;
}

// Students, courses and enrollments that reference both; the course
// roster reads a course and its enrollments (a $lookup on courseId), a few
// times a minute.
Project enrollments() {
    Project p;
    p.name = "School";
    Entity student = entity("e1", "Student", 30000);
    student.deletion = DeletionPolicy::Restrict;
    student.fields = {field("f1", "name", BsonType::String, 16, 100)};
    Entity course = entity("e2", "Course", 2000);
    course.deletion = DeletionPolicy::Restrict;
    course.fields = {field("f2", "title", BsonType::String, 30, 120)};
    Entity enrollment = entity("e3", "Enrollment", 720000);
    enrollment.deletion = DeletionPolicy::Restrict;
    enrollment.fields = {field("f3", "enrolledAt", BsonType::Date)};
    p.entities = {student, course, enrollment};
    Relationship ofStudent;
    ofStudent.id = "r1";
    ofStudent.parentId = "e1";
    ofStudent.childId = "e3";
    ofStudent.avgChildren = 24;
    ofStudent.fieldName = "studentId";
    Relationship ofCourse = ofStudent;
    ofCourse.id = "r2";
    ofCourse.parentId = "e2";
    ofCourse.avgChildren = 360;
    ofCourse.fieldName = "courseId";
    p.relationships = {ofStudent, ofCourse};
    AccessPattern roster = readPattern("q1", "Course roster", "e2", Operation::FindOneById, 0.1);
    roster.alsoReads = {"e3"};
    p.accessPatterns = {roster};
    p.indexes = {index("i1", "e3", {{"courseId", "1"}, {"enrolledAt", "-1"}})};
    return p;
}

} // namespace

TEST_CASE("an index that serves only the inner side of a $lookup is used", "[advisor][indexes]") {
    Project p = enrollments();
    CHECK(unusedIndexes(p).empty());

    // Without the join nothing uses it.
    p.accessPatterns[0].alsoReads.clear();
    CHECK(unusedIndexes(p) == std::vector<std::string>{"i1"});
}

TEST_CASE("the inner side uses one index: the one its reference leads", "[advisor][indexes]") {
    Project p = enrollments();
    // Led by another field: the join cannot use it.
    p.indexes.push_back(index("i2", "e3", {{"enrolledAt", "1"}, {"courseId", "1"}}));
    // A second index the reference leads: the planner takes one of the two
    // (the shorter); the other serves nothing.
    p.indexes.push_back(index("i3", "e3", {{"courseId", "1"}}));
    CHECK(unusedIndexes(p) == std::vector<std::string>{"i1", "i2"});
}

TEST_CASE("a reference the outer documents hold is resolved by _id", "[advisor][indexes]") {
    Project p = enrollments();
    // The roster read from the enrollments: each enrollment holds courseId,
    // so the course is found by its _id, and i1 serves neither side.
    p.accessPatterns[0] = readPattern("q1", "Enrollment with its course", "e3", Operation::FindOneById, 0.1);
    p.accessPatterns[0].alsoReads = {"e2"};
    CHECK(unusedIndexes(p) == std::vector<std::string>{"i1"});
}

TEST_CASE("a tenant-scoped join uses the tenant-first index", "[advisor][indexes]") {
    Project p = enrollments();
    p.tenancy = Tenancy::SharedCollection;
    p.tenantCount = 50;
    for (auto &e : p.entities) {
        e.tenantScoped = true;
        e.fields.insert(e.fields.begin(), field("t-" + e.id, "tenantId", BsonType::ObjectId));
    }
    p.indexes = {index("i1", "e3", {{"tenantId", "1"}, {"courseId", "1"}}),
                 index("i2", "e3", {{"tenantId", "1"}, {"studentId", "1"}})};
    p.accessPatterns[0].tenantScoped = true;
    CHECK(unusedIndexes(p) == std::vector<std::string>{"i2"});

    // A join without the tenant constraint binds no leading key of either.
    p.accessPatterns[0].tenantScoped = false;
    CHECK(unusedIndexes(p) == std::vector<std::string>{"i1", "i2"});
}

TEST_CASE("an array of references in the inner documents is matched through its multikey index",
          "[advisor][indexes]") {
    Project p = enrollments();
    // Students hold the ids of their courses; a course page lists its
    // students by the array.
    p.entities.pop_back();
    p.relationships = {};
    Relationship courses;
    courses.id = "r1";
    courses.parentId = "e1";
    courses.childId = "e2";
    courses.cardinality = Cardinality::ManyToMany;
    courses.avgChildren = 6;
    courses.maxChildren = 12;
    courses.maxEnforcedBy = BoundEnforcer::Validator;
    courses.representation = Representation::ReferenceArrayInParent;
    courses.fieldName = "courseIds";
    p.relationships = {courses};
    p.accessPatterns[0].alsoReads = {"e1"};
    p.indexes = {index("i1", "e1", {{"courseIds", "1"}})};
    CHECK(unusedIndexes(p).empty());
}

TEST_CASE("a join into embedded documents uses the index on the embedded reference", "[advisor][indexes]") {
    // The clean shop's line items name their product; a product page also
    // reads the orders that contain it.
    Project p = cleanShop();
    Entity product = entity("e4", "Product", 5000);
    product.deletion = DeletionPolicy::Restrict;
    product.fields = {field("f40", "title", BsonType::String, 20, 100)};
    p.entities.push_back(product);
    Relationship ofItem;
    ofItem.id = "r3";
    ofItem.parentId = "e4";
    ofItem.childId = "e3";
    ofItem.avgChildren = 600;
    ofItem.fieldName = "productId";
    p.relationships.push_back(ofItem);
    AccessPattern page = readPattern("q5", "Product sales", "e4", Operation::FindOneById, 0.2);
    page.alsoReads = {"e3"};
    p.accessPatterns.push_back(page);
    p.indexes.push_back(index("i3", "e2", {{"items.productId", "1"}}));
    CHECK(unusedIndexes(p).empty());
    p.accessPatterns.pop_back();
    CHECK(unusedIndexes(p) == std::vector<std::string>{"i3"});
}
