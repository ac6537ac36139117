#include "model/advisor/AdvisorFixtures.h"

#include "advisor/RuleCatalog.h"

#include <catch2/catch.hpp>

// Deletion and retention as one rule set (seed lesson-135, "Deletion"): "A
// cleanup job should not remove records that must remain available for
// audit, and a cascade should not cross a tenant boundary because of an
// unchecked reference."
using namespace docshape;
using namespace docshape::test;

namespace {

// Employees and the audit events that reference them, kept seven years.
Project employees(DeletionPolicy onDelete) {
    Project p;
    p.name = "HR";
    Entity employee = entity("e1", "Employee", 5000);
    employee.deletion = onDelete;
    employee.fields = {field("f1", "name", BsonType::String, 16, 100)};
    Entity event = entity("e2", "AuditEvent", 2000000);
    event.deletion = DeletionPolicy::AllowOrphans;
    event.retentionDays = 2555;
    event.fields = {field("f2", "at", BsonType::Date)};
    p.entities = {employee, event};
    Relationship events;
    events.id = "r1";
    events.name = "Events of an employee";
    events.parentId = "e1";
    events.childId = "e2";
    events.avgChildren = 400;
    events.fieldName = "employeeId";
    p.relationships = {events};
    return p;
}

} // namespace

TEST_CASE("a cascade into records that must outlive their parent is an error", "[advisor][deletion]") {
    Project p = employees(DeletionPolicy::Cascade);
    const Advice advice = adviceFor(p);
    auto found = findingsOf(advice, rule::kCascadeOutlivesRecord);
    REQUIRE(found.size() == 1);
    CHECK(found[0]->severity == Severity::Error);
    CHECK(found[0]->target.id == "r1");
    CHECK(found[0]->message() ==
          "a deleted Employee takes its AuditEvent documents with it through 'Events of an employee' (Employee "
          "--cascade--> AuditEvent), but AuditEvent must outlive it");
    CHECK(found[0]->reason().find("A cleanup job should not remove records that must remain available for audit") !=
          std::string::npos);
    CHECK(found[0]->reason().find("AuditEvent is kept 2,555 days") != std::string::npos);

    // A cleanup job removes them as surely.
    p.entities[0].deletion = DeletionPolicy::CleanupJob;
    CHECK(has(adviceFor(p), rule::kCascadeOutlivesRecord));

    // Restricted, soft-deleted or orphaned: the events stay.
    for (DeletionPolicy kept : {DeletionPolicy::Restrict, DeletionPolicy::SoftDelete, DeletionPolicy::AllowOrphans}) {
        p.entities[0].deletion = kept;
        CHECK_FALSE(has(adviceFor(p), rule::kCascadeOutlivesRecord));
    }

    // A parent kept longer than its events does not cut their retention.
    p.entities[0].deletion = DeletionPolicy::Cascade;
    p.entities[0].retentionDays = 3650;
    CHECK_FALSE(has(adviceFor(p), rule::kCascadeOutlivesRecord));

    // Without a stated retention the name decides: an audit record, or not.
    p.entities[0].retentionDays.reset();
    p.entities[1].retentionDays.reset();
    CHECK(has(adviceFor(p), rule::kCascadeOutlivesRecord));
    p.entities[1].name = "Comment";
    CHECK_FALSE(has(adviceFor(p), rule::kCascadeOutlivesRecord));
}

TEST_CASE("a cascade is followed through further cascades", "[advisor][deletion]") {
    // Department -> Employee -> AuditEvent, each cascading.
    Project p = employees(DeletionPolicy::Cascade);
    Entity department = entity("e3", "Department", 50);
    department.deletion = DeletionPolicy::Cascade;
    department.fields = {field("f3", "title", BsonType::String, 10, 60)};
    p.entities.insert(p.entities.begin(), department);
    Relationship staff;
    staff.id = "r2";
    staff.name = "Staff";
    staff.parentId = "e3";
    staff.childId = "e1";
    staff.avgChildren = 100;
    staff.fieldName = "departmentId";
    p.relationships.push_back(staff);
    const Advice advice = adviceFor(p);
    auto found = findingsOf(advice, rule::kCascadeOutlivesRecord);
    // Reported once, from the first entity whose deletion reaches it.
    REQUIRE(found.size() == 1);
    CHECK(found[0]->target.id == "r1");
    CHECK(found[0]->message().find("Department --cascade--> Employee --cascade--> AuditEvent") != std::string::npos);

    // The chain stops where a deletion is restricted.
    p.entities[1].deletion = DeletionPolicy::Restrict;
    CHECK_FALSE(has(adviceFor(p), rule::kCascadeOutlivesRecord));
}

TEST_CASE("a cascade across a tenant boundary is an error", "[advisor][deletion][tenancy]") {
    // Shared plans referenced by every tenant's subscriptions.
    Project p;
    p.name = "SaaS";
    p.tenancy = Tenancy::SharedCollection;
    p.tenantCount = 400;
    Entity plan = entity("e1", "Plan", 5);
    plan.deletion = DeletionPolicy::Cascade;
    plan.fields = {field("f1", "name", BsonType::String, 10, 40)};
    Entity subscription = entity("e2", "Subscription", 400);
    subscription.tenantScoped = true;
    subscription.deletion = DeletionPolicy::Restrict;
    subscription.fields = {field("f2", "tenantId", BsonType::ObjectId), field("f3", "since", BsonType::Date)};
    p.entities = {plan, subscription};
    Relationship on;
    on.id = "r1";
    on.name = "Subscriptions to a plan";
    on.parentId = "e1";
    on.childId = "e2";
    on.avgChildren = 80;
    on.fieldName = "planId";
    p.relationships = {on};
    const Advice advice = adviceFor(p);
    auto found = findingsOf(advice, rule::kCascadeCrossesTenant);
    REQUIRE(found.size() == 1);
    CHECK(found[0]->severity == Severity::Error);
    CHECK(found[0]->target.id == "r1");
    CHECK(found[0]->message().find("across the tenant boundary: Subscription is tenant-scoped and Plan is not") != std::string::npos);
    CHECK(found[0]->reason().find("cascade should not cross a tenant boundary because of an unchecked reference") !=
          std::string::npos);

    // Both sides in the tenant: the cascade stays inside it.
    p.entities[0].tenantScoped = true;
    p.entities[0].fields.push_back(field("f4", "tenantId", BsonType::ObjectId));
    CHECK_FALSE(has(adviceFor(p), rule::kCascadeCrossesTenant));

    // Restricted: nothing crosses.
    p.entities[0].tenantScoped = false;
    p.entities[0].fields.pop_back();
    p.entities[0].deletion = DeletionPolicy::Restrict;
    CHECK_FALSE(has(adviceFor(p), rule::kCascadeCrossesTenant));
}
