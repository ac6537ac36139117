// Issue 42: application types from the model. The toolchains themselves
// (tsc, Zod, pydantic) check the output in the ctests types_typescript_zod
// and types_pydantic; these tests hold the naming and escaping rules and
// what one example's types must say, rule by rule, against its validator.
#include "support/TestPaths.h"

#include "derive/DeriveCollections.h"
#include "export/types/ApplicationTypes.h"
#include "export/types/Identifiers.h"
#include "export/types/PydanticTypes.h"
#include "export/types/TypeModel.h"
#include "export/types/TypeScriptTypes.h"
#include "export/types/TypesChanges.h"
#include "io/ProjectFile.h"
#include "util/PythonText.h"

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <utility>

using namespace docshape;
using namespace docshape::types;

namespace {

Project example(const std::string &name) {
    auto p = loadProject(test::examplesDir() + "/" + name + ".docshape");
    REQUIRE(p);
    return std::move(*p);
}

const ExportFile &fileNamed(const std::vector<ExportFile> &files, const std::string &name) {
    for (const auto &f : files)
        if (f.relativePath == name)
            return f;
    FAIL("no file " << name);
    return files.front();
}

} // namespace

TEST_CASE("type identifiers are ASCII words of the name, never its other characters", "[types]") {
    CHECK(typeIdentifier("LineItem") == "LineItem");
    CHECK(typeIdentifier("line items") == "LineItems");
    CHECK(typeIdentifier("Order items") == "OrderItems");
    CHECK(typeIdentifier("order-2024") == "Order2024");
    CHECK(typeIdentifier("2fa codes") == "T2faCodes");
    CHECK(typeIdentifier("\"; drop() //") == "Drop");
    CHECK(typeIdentifier("") == "Type");
    CHECK(typeIdentifier("\xe2\x80\xa8<>") == "Type");
    CHECK(typeIdentifier("HTMLBody") == "HTMLBody");
}

TEST_CASE("python attributes are snake_case, public and never start with a digit", "[types]") {
    CHECK(pythonAttribute("_id") == "id");
    CHECK(pythonAttribute("shippingAddress") == "shipping_address");
    CHECK(pythonAttribute("HTMLBody") == "html_body");
    CHECK(pythonAttribute("Total (INR)") == "total_inr");
    CHECK(pythonAttribute("2fa") == "f_2fa");
    CHECK(pythonAttribute("\n\"") == "field");
}

TEST_CASE("an identifier set hands each name out once", "[types]") {
    IdentifierSet names{"Date"};
    CHECK(names.claim("Date") == "Date2");
    CHECK(names.claim("Order") == "Order");
    CHECK(names.claim("Order") == "Order2");
    CHECK(names.claim("Order2") == "Order22");
    CHECK(names.claim("Order") == "Order3");
}

TEST_CASE("python text: literals and comments are printable ASCII with the value kept", "[types]") {
    CHECK(python::stringLiteral("plain") == "\"plain\"");
    CHECK(python::stringLiteral("a\"b\\c") == "\"a\\\"b\\\\c\"");
    CHECK(python::stringLiteral("line\nnext\r") == "\"line\\x0anext\\x0d\"");
    CHECK(python::stringLiteral("\xe2\x80\xa8") == "\"\\u2028\"");
    CHECK(python::stringLiteral("caf\xc3\xa9") == "\"caf\\xe9\"");
    CHECK(python::stringLiteral("\xf0\x9f\x98\x80") == "\"\\U0001f600\"");
    CHECK(python::stringLiteral("\xff") == "\"\\ufffd\"");
    CHECK(python::commentText("a\nimport os") == "a import os");
    CHECK(python::commentText("x\xe2\x80\xa8y") == "x\\u2028y");
    CHECK(python::commentText("\xc2\x85") == " ");
}

TEST_CASE("the order aggregate's types hold its validator's rules", "[types]") {
    const Project project = example("order-aggregate");
    const Derived derived = deriveCollections(project);
    const CollectionShape *orders = nullptr;
    for (const auto &c : derived.collections)
        if (c.name == "orders")
            orders = &c;
    REQUIRE(orders);
    auto module = typeModule(project, *orders, derived.collections);
    REQUIRE(module);
    REQUIRE(module->document().name == "Order");

    const auto field = [&](const ObjectType &o, const std::string &key) -> const TypeField & {
        for (const auto &f : o.fields)
            if (f.key == key)
                return f;
        FAIL("no field " << key);
        return o.fields.front();
    };
    const ObjectType &order = module->document();
    CHECK(field(order, "status").type.enumValues.size() == 4);
    CHECK(field(order, "status").required);
    CHECK(*field(order, "orderNumber").type.pattern == "^ORD-[0-9]{8}$");
    const TypeNode &items = field(order, "items").type;
    REQUIRE(items.isArray());
    CHECK(items.maxItems == 50u);
    REQUIRE(items.items);
    REQUIRE(items.items->object >= 0);
    const ObjectType &line = module->objects[static_cast<std::size_t>(items.items->object)];
    CHECK(line.name == "LineItem");
    CHECK(field(line, "quantity").type.minimum->text == "1");
    CHECK(field(line, "quantity").type.maximum->text == "99");
    CHECK(field(line, "productId").type.referenceTo == "products._id (Product)");
    CHECK_FALSE(field(field(order, "shippingAddress").type.object >= 0
                          ? module->objects[static_cast<std::size_t>(field(order, "shippingAddress").type.object)]
                          : order,
                      "line2")
                    .required);

    const std::vector<std::string> header = {"header"};
    const std::string ts = typeScriptModule(*module, header);
    CHECK_THAT(ts, Catch::Contains("  status: \"draft\" | \"placed\" | \"completed\" | \"cancelled\";\n"));
    CHECK_THAT(ts, Catch::Contains("  items: LineItem[];\n"));
    CHECK_THAT(ts, Catch::Contains("  // maxItems 50.\n"));
    CHECK_THAT(ts, Catch::Contains("  // References products._id (Product).\n  productId: ObjectId;\n"));
    CHECK_THAT(ts, Catch::Contains("  line2?: string;\n"));
    CHECK_THAT(ts, Catch::Contains("import type { Long, ObjectId } from \"bson\";"));

    const std::string zod = zodModule(*module, header);
    CHECK_THAT(zod, Catch::Contains("quantity: z.number().int().gte(1).lte(99),"));
    CHECK_THAT(zod, Catch::Contains("items: z.array(LineItem).max(50),"));
    CHECK_THAT(zod, Catch::Contains("orderNumber: z.string().regex(new RegExp(\"^ORD-[0-9]{8}$\", \"u\")),"));
    CHECK_THAT(zod, Catch::Contains("line2: z.string().optional(),"));
    CHECK_THAT(zod, Catch::Contains("export const documentSchema = Order;"));

    const std::string py = pydanticModule(*module, header);
    CHECK_THAT(py, Catch::Contains("    quantity: conint(strict=True, ge=1, le=99) = Field(..., alias=\"quantity\")\n"));
    CHECK_THAT(py, Catch::Contains("    items: conlist(LineItem, max_items=50) = Field(..., alias=\"items\")\n"));
    CHECK_THAT(py, Catch::Contains("    id: ObjectId = Field(..., alias=\"_id\")\n"));
    CHECK_THAT(py, Catch::Contains("regex=\"(?s:.*?)(?a:^ORD-[0-9]{8}$)\""));
    CHECK_THAT(py, Catch::Contains("    line2: StrictStr = Field(None, alias=\"line2\")\n"));
    CHECK_THAT(py, Catch::Contains("_not_null = frozenset({\"line2\"})"));
    CHECK_THAT(py, Catch::Contains("DOCUMENT_MODEL = Order\n"));
}

TEST_CASE("variants become a discriminated union in each language", "[types]") {
    const Project project = example("saas-multitenant");
    auto files = applicationTypes(project, TypesLanguage::Zod);
    REQUIRE(files);
    const std::string &zod = fileNamed(*files, "notifications.ts").content;
    // Laid out as prettier lays it out (the array hugged as the last argument).
    CHECK_THAT(zod, Catch::Contains("z.discriminatedUnion(\"type\", [\n  NotificationEmail,\n  NotificationSms,\n]);"));
    CHECK_THAT(zod, Catch::Contains("type: z.literal(\"email\"),"));
    CHECK_THAT(zod, Catch::Contains("htmlBody: z\n      .string()\n      .refine((s) => codePoints(s) <= 50000, \"maxLength 50000\"),"));

    auto py = applicationTypes(project, TypesLanguage::Pydantic);
    REQUIRE(py);
    const std::string &notifications = fileNamed(*py, "notifications.py").content;
    CHECK_THAT(notifications, Catch::Contains("Notification = Union[NotificationEmail, NotificationSms]"));
    CHECK_THAT(notifications, Catch::Contains("type: Literal[\"sms\"] = Field(..., alias=\"type\")"));
    CHECK_THAT(notifications, Catch::Contains("message: constr(strict=True, max_length=160)"));

    auto ts = applicationTypes(project, TypesLanguage::TypeScript);
    REQUIRE(ts);
    CHECK_THAT(fileNamed(*ts, "notifications.ts").content,
               Catch::Contains("export type Notification = NotificationEmail | NotificationSms;"));
}

TEST_CASE("types are deterministic and name the model's version", "[types]") {
    Project project = example("order-aggregate");
    for (auto language : {TypesLanguage::TypeScript, TypesLanguage::Zod, TypesLanguage::Pydantic}) {
        INFO(toString(language));
        auto a = applicationTypes(project, language);
        auto b = applicationTypes(project, language);
        REQUIRE(a);
        REQUIRE(b);
        CHECK(*a == *b);
        CHECK_THAT(a->front().content, Catch::Contains("from the model \"" + project.name + "\" (fingerprint "));
    }
    auto before = applicationTypes(project, TypesLanguage::Zod);
    project.entities.front().description += " (edited)";
    auto after = applicationTypes(project, TypesLanguage::Zod);
    REQUIRE(before);
    REQUIRE(after);
    const auto firstLine = [](const std::string &s) { return s.substr(0, s.find('\n')); };
    CHECK(firstLine(before->front().content) != firstLine(after->front().content));
    CHECK(typesLanguageFromString("zod") == TypesLanguage::Zod);
    CHECK_FALSE(typesLanguageFromString("cobol"));
}

TEST_CASE("a hostile name reaches generated code only as a literal or a comment", "[types]") {
    Project project = example("order-aggregate");
    const std::string hostile = "x\"; import os\n#\xe2\x80\xa8*/ //";
    project.name = hostile;
    for (auto &e : project.entities) {
        e.description = hostile;
        for (auto &f : e.fields)
            f.details.edit().description = hostile;
    }
    // Each line that holds the name's words is a comment, or holds them in a
    // literal whose quote is escaped; no line terminator of either language
    // is written raw. (The toolchains' own tokenizers check random names in
    // the ctest hostile_names_types.)
    for (auto [language, comment] : {std::pair{TypesLanguage::Pydantic, std::string("#")},
                                     std::pair{TypesLanguage::Zod, std::string("//")},
                                     std::pair{TypesLanguage::TypeScript, std::string("//")}}) {
        auto files = applicationTypes(project, language);
        REQUIRE(files);
        for (const auto &f : *files) {
            INFO(f.relativePath);
            CHECK(f.content.find("\xe2\x80\xa8") == std::string::npos);
            std::istringstream lines(f.content);
            int seen = 0;
            for (std::string line; std::getline(lines, line);) {
                if (line.find("import os") == std::string::npos)
                    continue;
                ++seen;
                const std::string trimmed = line.substr(line.find_first_not_of(' '));
                INFO(line);
                CHECK((trimmed.rfind(comment, 0) == 0 || line.find("x\\\"; import os") != std::string::npos));
            }
            CHECK(seen > 0);
        }
    }
}

TEST_CASE("diff lists which application types change", "[types][diff]") {
    const Project before = example("order-aggregate");
    auto same = typesChanges(before, before);
    REQUIRE(same);
    CHECK(same->empty());

    // A bound on a line item's field changes LineItem, and the order that
    // holds line items only if it changes itself: it does not.
    Project after = before;
    Field *quantity = nullptr;
    for (auto &e : after.entities)
        for (auto &f : e.fields)
            if (e.name == "LineItem" && f.name == "quantity")
                quantity = &f;
    REQUIRE(quantity);
    quantity->details.edit().maximum = 12;
    auto bound = typesChanges(before, after);
    REQUIRE(bound);
    REQUIRE(bound->size() == 1);
    CHECK(bound->front().collection == "orders");
    CHECK(bound->front().changed == std::vector<std::string>{"LineItem"});
    CHECK(bound->front().added.empty());

    // Extracting comments out of posts: a type moves to a new collection.
    auto a = loadProject(test::dataPath("migrate/extract-embedded/old.docshape"));
    auto b = loadProject(test::dataPath("migrate/extract-embedded/new.docshape"));
    REQUIRE(a);
    REQUIRE(b);
    auto extracted = typesChanges(*a, *b);
    REQUIRE(extracted);
    REQUIRE(extracted->size() == 2);
    CHECK(extracted->at(0).collection == "posts");
    CHECK(extracted->at(0).removed == std::vector<std::string>{"Comment"});
    CHECK(extracted->at(1).collectionAdded);
    CHECK(extracted->at(1).added == std::vector<std::string>{"Comment"});
}
