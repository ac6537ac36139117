#pragma once

// Data sets for the import tests that no DocShape model wrote: each is
// generated here from a published description of a real data set, or is
// shaped as the issue that asked for it describes. Documents are built with
// libbson, so their lengths (bson_t::len) are the oracle the imported
// model's numbers are checked against.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace docshape::test {

// Documents as mongodump writes them (one after the other), with the exact
// sizes libbson gave them.
struct BsonCollection {
    std::string name;
    std::vector<std::uint8_t> bytes;
    std::uint64_t documents = 0;
    std::uint64_t totalBytes = 0;
    std::uint64_t largest = 0;

    double average() const { return documents ? double(totalBytes) / double(documents) : 0; }
    std::span<const std::uint8_t> span() const { return bytes; }
};

// sample_analytics, as MongoDB's documentation describes it ("Sample
// Analytics Dataset", docs/atlas/sample-data/sample-analytics): accounts
// {account_id int, limit int, products [string]}; customers {username,
// name, address, birthdate, email, active?, accounts [int account_id],
// tier_and_details {<32-hex id>: {tier, id, active, benefits [string]}}};
// transactions {account_id, transaction_count, bucket_start_date,
// bucket_end_date, transactions [{date, amount, transaction_code, symbol,
// price and total as decimal strings}]}. Values are made up; the shapes and
// the reference customers.accounts[] -> accounts.account_id are the
// documented ones.
BsonCollection analyticsAccounts(std::uint64_t n, std::uint32_t seed = 7);
BsonCollection analyticsCustomers(std::uint64_t n, std::uint64_t accounts, std::uint32_t seed = 11);
BsonCollection analyticsTransactions(std::uint64_t n, std::uint64_t accounts, std::uint32_t seed = 13);

// A polymorphic event collection (issue 35): a `kind` discriminator with
// four variants of different shapes; some keys are shared by several
// variants with different types or subkeys (`value`, `payload`, `tags`),
// some variants nest arrays of arrays (`results`, `path`) and arrays of
// subdocuments (`items`).
BsonCollection polymorphicEvents(std::uint64_t n, std::uint32_t seed = 5);

// Objects keyed by generated keys (issue 35): hex ids, UUIDs, ISO dates,
// numbers, each holding values of one shape; one map nested in another.
BsonCollection dynamicKeys(std::uint64_t n, std::uint32_t seed = 3);

// Maps below the top level (issue 35): sensors {site, meta {owner,
// tags {<uuid>: string}}, readings [{sensor, values {<ISO date-time>:
// double}}], counters {<number>: {<16-hex>: int}}}: a map in a nested
// object, maps in the subdocuments of an array, a map of maps.
BsonCollection nestedMaps(std::uint64_t n, std::uint32_t seed = 23);

// Products with attributes as keys (the Attribute Pattern's "before",
// data-modeling-patterns.txt): attributes {<one of 120 names>: string},
// 2 to 6 of them a product, so each name is in few products; and specs
// {weight, width, height}, the same keys in every product.
BsonCollection attributeKeys(std::uint64_t n, std::uint32_t seed = 29);

// Two collections whose int fields overlap by chance: `orders.quantity`
// (1 to 9, repeated) and `orders.points` (0 to 999) against `products.rank`
// (1 to n, unique), with the real
// reference `orders.sku` (string) -> `products.sku` (unique, not _id) and
// `orders.productNo` (int) -> `products.productNo` (unique, not _id).
BsonCollection shopOrders(std::uint64_t n, std::uint64_t products, std::uint32_t seed = 17);
BsonCollection shopProducts(std::uint64_t n, std::uint32_t seed = 19);

// Data where MongoDB users recognise what a value is (issue 35, item 4),
// shaped as the published descriptions say:
// sample_restaurants.restaurants ("Sample Restaurants Dataset"): address
// {building, coord [longitude, latitude] (legacy pairs), street, zipcode},
// borough, cuisine, grades [{date, grade, score}], name, restaurant_id.
BsonCollection restaurants(std::uint64_t n, std::uint32_t seed = 23);
// sample_mflix.theaters ("Sample Mflix Dataset"): theaterId, location
// {address {street1, city, state, zipcode}, geo: a GeoJSON Point}.
BsonCollection theaters(std::uint64_t n, std::uint32_t seed = 29);
// One listing a theater, keyed by the theater's own theaterId: both
// fields are unique, so each is a reference candidate to the other (a
// mirrored pair); listings {theaterId, film, seats}.
BsonCollection theaterListings(std::uint64_t n, std::uint32_t seed = 43);
// sample_airbnb.listingsAndReviews ("Sample AirBnB Listings Dataset"):
// string _id, listing_url, name, summary, last_scraped (date), prices as
// Decimal128 (price, cleaning_fee, extra_people), host {host_id,
// host_name}, address {street, country, location: GeoJSON Point with
// is_location_exact}. `pricesAsDoubles`: the prices as a JSON tool that
// turns decimals into numbers writes them back.
BsonCollection airbnbListings(std::uint64_t n, bool pricesAsDoubles, std::uint32_t seed = 31);
// GitHub's public events (docs.github.com, "GitHub event types"; GH
// Archive): id as digits, type, actor {id, login, gravatar_id (an MD5 in
// hex, as the 2012 events carry)}, repo {id, name}, payload {ref, head
// (a SHA-1), commits [{sha, message, distinct}]}, public, created_at as
// ISO 8601 text.
BsonCollection githubEvents(std::uint64_t n, std::uint32_t seed = 37);
// Stripe charges (docs.stripe.com, "The Charge object"): prefixed ids,
// amount in integer minor units, created in seconds since the epoch,
// currency, card {brand, exp_month, exp_year, fingerprint, last4}; with a
// base64 receipt thumbnail and an `updated_ms` in milliseconds.
BsonCollection stripeCharges(std::uint64_t n, std::uint32_t seed = 41);

} // namespace docshape::test
