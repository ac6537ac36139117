// Copy, paste and duplicate (issue 17 item 15): what a fragment takes, the
// ids and names a paste gives, and clipboard text that is checked like a
// file before anything is pasted.
#include "support/TestPaths.h"

#include "derive/DeriveCollections.h"
#include "edit/Fragment.h"
#include "io/ProjectFile.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <set>

using namespace docshape;

namespace {

Project orderExample() {
    auto loaded = loadProject(test::sourceDir() + "/resources/examples/order-aggregate.docshape");
    REQUIRE(loaded.ok());
    return *loaded;
}

std::vector<std::string> namesOf(const std::vector<Entity> &entities) {
    std::vector<std::string> names;
    for (const auto &e : entities)
        names.push_back(e.name);
    return names;
}

const Field *fieldNamed(const std::vector<Field> &fields, const std::string &name) {
    const auto it = std::find_if(fields.begin(), fields.end(), [&](const Field &f) { return f.name == name; });
    return it == fields.end() ? nullptr : &*it;
}

std::set<std::string> allIds(const Project &p) {
    std::set<std::string> ids;
    std::function<void(const std::vector<Field> &)> walk = [&](const std::vector<Field> &fields) {
        for (const auto &f : fields) {
            ids.insert(f.id);
            walk(f.fields);
        }
    };
    for (const auto &e : p.entities) {
        ids.insert(e.id);
        walk(e.fields);
    }
    for (const auto &r : p.relationships)
        ids.insert(r.id);
    return ids;
}

} // namespace

TEST_CASE("copying an entity takes what it embeds, the relationships among them and its references as context",
          "[edit][fragment]") {
    const Project p = orderExample();
    // Order (e3) embeds LineItem (e4) and ShippingAddress (e5), holds an
    // extended reference to Customer (e1, r3); each LineItem holds its
    // Product's id (e2, r4) and snapshots of its name and price (f6, f7).
    const edit::Fragment f = edit::copyEntities(p, {"e3", "unknown"});
    CHECK(f.kind == edit::Fragment::Kind::Entities);
    CHECK(namesOf(f.project.entities) ==
          std::vector<std::string>{"Order", "LineItem", "ShippingAddress", "Customer", "Product"});
    CHECK(f.contextIds == std::vector<std::string>{"e1", "e2"});
    CHECK(f.isContext("e2"));
    CHECK_FALSE(f.isContext("e3"));
    std::vector<std::string> relationships;
    for (const auto &r : f.project.relationships)
        relationships.push_back(r.id);
    CHECK(relationships == std::vector<std::string>{"r1", "r2", "r3", "r4"});
    CHECK(validateProject(f.project).ok());

    // Copying Product alone: LineItem holds the reference, so it stays behind.
    const edit::Fragment product = edit::copyEntities(p, {"e2"});
    CHECK(namesOf(product.project.entities) == std::vector<std::string>{"Product"});
    CHECK(product.project.relationships.empty());
    CHECK(product.contextIds.empty());
}

TEST_CASE("a pasted copy gets fresh ids and free names, and its references follow it", "[edit][fragment]") {
    Project p = orderExample();
    const std::set<std::string> before = allIds(p);
    const edit::Fragment f = edit::copyEntities(p, {"e3", "e1"}); // Order and Customer
    const edit::PastedEntities pasted = edit::pasteEntities(p, f, 40, 30);
    CHECK(namesOf(pasted.entities) ==
          std::vector<std::string>{"CustomerCopy", "OrderCopy", "LineItemCopy", "ShippingAddressCopy"});
    CHECK(pasted.entities[0].collectionName == "customersCopy");
    CHECK(pasted.entities[1].collectionName == "ordersCopy");
    CHECK(pasted.entities[1].position.x == p.findEntity("e3")->position.x + 40);
    CHECK(pasted.entities[1].position.y == p.findEntity("e3")->position.y + 30);
    REQUIRE(pasted.relationships.size() == 4);
    for (const auto &e : pasted.entities)
        p.entities.push_back(e);
    for (const auto &r : pasted.relationships)
        p.relationships.push_back(r);
    // A valid model with two more collections, and no id used twice.
    REQUIRE(validateProject(p).ok());
    Project onlyPasted;
    onlyPasted.entities = pasted.entities;
    onlyPasted.relationships = pasted.relationships;
    const std::set<std::string> fresh = allIds(onlyPasted);
    CHECK(fresh.size() > 8);
    CHECK(allIds(p).size() == before.size() + fresh.size());
    CHECK(deriveCollections(p).collections.size() == 5);

    // The extended reference points from the new Order at the new Customer,
    // copying the new Customer's fields.
    const Relationship &ext = pasted.relationships[2];
    CHECK(ext.parentId == pasted.entities[1].id);
    CHECK(ext.childId == pasted.entities[0].id);
    REQUIRE(ext.copiedFieldIds.size() == 2);
    CHECK(ext.copiedFieldIds[0] == fieldNamed(pasted.entities[0].fields, "name")->id);
    CHECK(ext.copiedFieldIds[1] == fieldNamed(pasted.entities[0].fields, "email")->id);
    // The new LineItem still names its Product (context, in this model), and
    // its snapshots still copy Product's fields.
    const Relationship &productRef = pasted.relationships[3];
    CHECK(productRef.parentId == "e2");
    CHECK(productRef.childId == pasted.entities[2].id);
    const Field *name = fieldNamed(pasted.entities[2].fields, "name");
    REQUIRE(name);
    CHECK(name->details->duplicatedFrom == "f6");
    CHECK(name->details->duplication == Duplication::Snapshot);

    // A second paste takes the next free names.
    const edit::PastedEntities again = edit::pasteEntities(p, f, 80, 60);
    CHECK(namesOf(again.entities) ==
          std::vector<std::string>{"CustomerCopy2", "OrderCopy2", "LineItemCopy2", "ShippingAddressCopy2"});
}

TEST_CASE("pasted into another model, a copy keeps its own names and loses what names the first model",
          "[edit][fragment]") {
    const edit::Fragment f = edit::copyEntities(orderExample(), {"e3"});
    Project other;
    other.name = "other";
    // An entity with Product's id but another name is not Product.
    Entity stranger;
    stranger.id = "e2";
    stranger.name = "Stranger";
    other.entities.push_back(stranger);
    const edit::PastedEntities pasted = edit::pasteEntities(other, f, 0, 0);
    CHECK(namesOf(pasted.entities) == std::vector<std::string>{"Order", "LineItem", "ShippingAddress"});
    CHECK(pasted.entities[0].collectionName == "orders");
    CHECK(pasted.relationships.size() == 2); // the two embeddings
    const Field *name = fieldNamed(pasted.entities[1].fields, "name");
    REQUIRE(name);
    CHECK(name->details->duplicatedFrom.empty());
    CHECK(name->details->duplication == Duplication::None);
    for (const auto &e : pasted.entities)
        other.entities.push_back(e);
    other.relationships = pasted.relationships;
    CHECK(validateProject(other).ok());
}

TEST_CASE("copied fields paste beside others with free names and fresh ids", "[edit][fragment]") {
    Project p = orderExample();
    // LineItem's name (a snapshot of Product.name) and quantity.
    const edit::Fragment f = edit::copyFields(p, {"f19", "f20", "f19"});
    CHECK(f.kind == edit::Fragment::Kind::Fields);
    REQUIRE(f.project.entities.size() == 2); // the fields, and Product as context
    CHECK(f.project.entities[0].fields.size() == 2);
    CHECK(f.contextIds == std::vector<std::string>{"e2"});
    CHECK(validateProject(f.project).ok());
    Entity &lineItem = *p.findEntity("e4");
    const std::vector<Field> fields = edit::pasteFields(p, lineItem.fields, f);
    REQUIRE(fields.size() == 2);
    CHECK(fields[0].name == "nameCopy");
    CHECK(fields[1].name == "quantityCopy");
    CHECK(fields[0].details->duplicatedFrom == "f6");
    CHECK(fields[1].details->maximum == 99.0);
    for (const Field &field : fields) {
        CHECK_FALSE(p.findField(field.id));
        lineItem.fields.push_back(field);
    }
    CHECK(validateProject(p).ok());
    // Into another entity the names are free as they are.
    const std::vector<Field> intoCustomer = edit::pasteFields(p, p.findEntity("e1")->fields, f);
    CHECK(intoCustomer[0].name == "nameCopy"); // Customer has a name already
    CHECK(intoCustomer[1].name == "quantity");
    // Into a model without Product, the snapshot is a plain field.
    const std::vector<Field> elsewhere = edit::pasteFields(Project{}, {}, f);
    CHECK(elsewhere[0].details->duplicatedFrom.empty());
}

TEST_CASE("clipboard text reads back as the fragment, and anything else is refused with where and what",
          "[edit][fragment]") {
    const edit::Fragment f = edit::copyEntities(orderExample(), {"e3"});
    const std::string text = edit::fragmentText(f);
    auto back = edit::parseFragment(text);
    REQUIRE(back.ok());
    CHECK(*back == f);
    const edit::Fragment fields = edit::copyFields(orderExample(), {"f19"});
    auto fieldsBack = edit::parseFragment(edit::fragmentText(fields));
    REQUIRE(fieldsBack.ok());
    CHECK(*fieldsBack == fields);

    auto refused = [](const std::string &t) {
        auto r = edit::parseFragment(t);
        REQUIRE_FALSE(r.ok());
        return r.error().toString();
    };
    CHECK(refused("Order") == "clipboard: it holds no DocShape entities or fields");
    CHECK(refused("{\"docshapeFragment\": 1, ") == "clipboard: it holds no DocShape entities or fields");
    CHECK(refused(std::string(100000, '[') + "docshapeFragment") ==
          "clipboard: it holds no DocShape entities or fields");
    CHECK(refused("{\"docshapeFragment\": 2, \"kind\": \"entities\", \"project\": {}}").find("version 1") !=
          std::string::npos);
    // A name the model refuses, inside the envelope: the reader's message
    // with its path.
    std::string bad = text;
    const auto at = bad.find("\"name\": \"orderNumber\"");
    REQUIRE(at != std::string::npos);
    bad.replace(at, 21, "\"name\": \"order.number\"");
    const std::string message = refused(bad);
    INFO(message);
    CHECK(message.rfind("clipboard.project.entities[0].fields[0].name: ", 0) == 0);
    // A context id that names no entity of the fragment.
    std::string stray = text;
    const auto context = stray.find("\"e2\"");
    REQUIRE(context != std::string::npos);
    REQUIRE(context < stray.find("\"project\""));
    stray.replace(context, 4, "\"e9\"");
    CHECK(refused(stray) == "clipboard.context[1]: the id of an entity of the fragment expected");
}
