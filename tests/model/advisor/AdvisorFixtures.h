#pragma once

#include "advisor/Advisor.h"
#include "core/Project.h"
#include "estimate/Analysis.h"
#include "support/ModelBuilders.h"

#include <algorithm>
#include <string>
#include <vector>

namespace docshape::test {

// A small shop designed by the seeds' rules, on which the advisor has
// nothing to say: customers referenced from orders (unbounded, read on
// their own), line items embedded in the order (bounded at 50 by the
// validator), money in minor units, dates as dates, every read indexed.
// Each rule test changes one thing of it.
inline Project cleanShop() {
    Project p;
    p.name = "Shop";
    p.ramGiB = 8;

    Entity customer;
    customer.id = "e1";
    customer.name = "Customer";
    customer.collectionName = "customers";
    customer.count = 100000;
    customer.growthPerDay = 10;
    customer.deletion = DeletionPolicy::Restrict;
    customer.fields = {field("f1", "name", BsonType::String, 14, 100), field("f2", "email", BsonType::String, 24, 254),
                       field("f3", "createdAt", BsonType::Date)};

    Entity order;
    order.id = "e2";
    order.name = "Order";
    order.collectionName = "orders";
    order.count = 1000000;
    order.growthPerDay = 1000;
    order.deletion = DeletionPolicy::Restrict;
    Field status = field("f4", "status", BsonType::String, 6, 7);
    status.details.edit().enumValues = {"placed", "paid", "shipped"};
    order.fields = {status, field("f5", "createdAt", BsonType::Date), field("f6", "totalMinor", BsonType::Long)};

    Entity item;
    item.id = "e3";
    item.name = "LineItem";
    item.count = 3000000;
    item.deletion = DeletionPolicy::Cascade;
    item.fields = {field("f7", "sku", BsonType::String, 10, 20), field("f8", "quantity", BsonType::Int),
                   field("f9", "priceMinor", BsonType::Long)};

    p.entities = {customer, order, item};

    Relationship items;
    items.id = "r1";
    items.name = "Order items";
    items.parentId = "e2";
    items.childId = "e3";
    items.cardinality = Cardinality::OneToFew;
    items.avgChildren = 3;
    items.maxChildren = 50;
    items.maxEnforcedBy = BoundEnforcer::Validator;
    items.representation = Representation::EmbedArray;
    items.fieldName = "items";

    Relationship orders;
    orders.id = "r2";
    orders.name = "Customer orders";
    orders.parentId = "e1";
    orders.childId = "e2";
    orders.cardinality = Cardinality::OneToMany;
    orders.avgChildren = 10;
    orders.growthPerParentPerDay = 0.01;
    orders.representation = Representation::ReferenceFromChild;
    orders.fieldName = "customerId";
    p.relationships = {items, orders};

    AccessPattern page = readPattern("q1", "Order page", "e2", Operation::FindOneById, 100);
    page.latencyBudgetMs = 50;
    AccessPattern list = readPattern("q2", "A customer's orders", "e2", Operation::FindMany, 20);
    list.equality = {"customerId"};
    list.sort = {{"createdAt", -1}};
    list.limit = 20;
    list.latencyBudgetMs = 100;
    AccessPattern byEmail = readPattern("q3", "Customer by email", "e1", Operation::FindMany, 10);
    byEmail.equality = {"email"};
    byEmail.limit = 1;
    AccessPattern place = writePattern("q4", "Place order", "e2", Operation::Insert, 2);
    place.consistency = "strong";
    p.accessPatterns = {page, list, byEmail, place};

    p.indexes = {index("i1", "e2", {{"customerId", "1"}, {"createdAt", "-1"}}),
                 index("i2", "e1", {{"email", "1"}}, true)};
    return p;
}

inline Advice adviceFor(const Project &p) { return advise(p, analyze(p)); }

inline std::vector<const Finding *> findingsOf(const Advice &a, std::string_view id) {
    std::vector<const Finding *> out;
    for (const auto &f : a.findings)
        if (f.id == id)
            out.push_back(&f);
    return out;
}

inline bool has(const Advice &a, std::string_view id) { return !findingsOf(a, id).empty(); }

inline const AccessCost &costOf(const Advice &a, std::string_view patternId) {
    auto it = std::find_if(a.accessPatterns.begin(), a.accessPatterns.end(),
                           [&](const AccessCost &c) { return c.patternId == patternId; });
    return *it;
}

inline const RelationshipAdvice &relationshipOf(const Advice &a, std::string_view id) {
    auto it = std::find_if(a.relationships.begin(), a.relationships.end(),
                           [&](const RelationshipAdvice &r) { return r.relationshipId == id; });
    return *it;
}

inline Entity &entityNamed(Project &p, std::string_view name) {
    return *std::find_if(p.entities.begin(), p.entities.end(), [&](const Entity &e) { return e.name == name; });
}

} // namespace docshape::test
