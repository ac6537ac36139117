#include "advisor/Advice.h"

namespace docshape {

namespace {

using advisor::appendBytes;
using advisor::appendNumber;

void sentence(std::string &out, std::string_view text) {
    if (!out.empty())
        out += ' ';
    out += text;
}

} // namespace

std::string AccessCost::assumptions() const {
    if (notes.notStored)
        return "The entity is not stored in any collection.";
    std::string out;
    if (notes.assumedSelectivity) {
        sentence(out, "An equality on a field with no stated cardinality matches ");
        appendNumber(out, notes.unknownEquality * 100);
        out += "% of documents.";
    }
    if (notes.range) {
        sentence(out, "A range matches ");
        appendNumber(out, notes.rangeSelectivity * 100);
        out += "% of documents.";
    }
    if (notes.wholeDocuments)
        sentence(out, "Whole documents enter the cache even when a projection returns less: bytes read are "
                      "documents examined times their average size.");
    if (notes.unstatedUpdateFields)
        sentence(out, "The update's written fields are not stated (fieldsReturned), so every secondary index "
                      "is assumed to change.");
    if (notes.embedded) {
        sentence(out, "The entity is embedded: the write rewrites the whole ");
        out += collections.empty() ? std::string() : collections.front();
        out += " document.";
    }
    if (notes.eventualCopies)
        sentence(out, "Copies with eventual semantics are updated afterwards by their owner, outside this write.");
    sentence(out, "Time assumes the working set is in cache: ");
    appendNumber(out, notes.roundTripMs);
    out += " ms per round trip, ";
    appendNumber(out, notes.documentExaminedMs * 1000);
    out += " us per document examined, ";
    // In the unit of the threshold that sets it (docshape.cacheBytesPerMs).
    appendNumber(out, notes.bytesPerMs);
    out += " bytes per ms read from cache.";
    return out;
}

std::vector<MatrixFactor> RelationshipAdvice::factors() const {
    std::vector<MatrixFactor> out;
    out.reserve(votes.size());
    for (const auto &v : votes)
        if (!v.factor.empty())
            out.push_back({v.factor, v.points, words.render(v.why)});
    return out;
}

std::vector<std::string> RelationshipAdvice::reasons() const {
    std::vector<std::string> out;
    out.reserve(votes.size() + 1);
    for (const auto &v : votes) {
        if (v.factor.empty())
            continue;
        std::string line(v.factor);
        line += " -> ";
        line += v.points;
        line += ": ";
        words.renderTo(line, v.why);
        out.push_back(std::move(line));
    }
    std::string line = "recommendation: ";
    line += inWords(recommended);
    line += ", ";
    words.renderTo(line, summary);
    line += "; the current ";
    line += inWords(current);
    line += agrees ? " agrees" : " does not agree";
    out.push_back(std::move(line));
    return out;
}

std::string SuggestedIndex::reason() const {
    std::string out = "Equality-Sort-Range for '";
    out += accessPatterns.empty() ? std::string() : accessPatterns.front();
    out += "'";
    if (tenantFirst)
        out += ", the tenant field first";
    out += "; ";
    if (partlyServedBy.empty()) {
        out += "no existing index serves it (collection scan)";
    } else {
        out += "the best existing index, ";
        out += partlyServedBy;
        out += ", serves it only in part";
    }
    out += ".";
    for (std::size_t i = 1; i < accessPatterns.size(); ++i) {
        out += " Also serves '";
        out += accessPatterns[i];
        out += "'.";
    }
    return out;
}

std::uint32_t Worksheet::valueOf(Section section, std::size_t i) const {
    std::uint32_t first = 0;
    for (int s = 0; s < section; ++s)
        first += counts[static_cast<std::size_t>(s)] * kValuesPer[s];
    return first + static_cast<std::uint32_t>(i) * kValuesPer[section];
}

namespace {
std::vector<std::string> rows(const Worksheet &w, Worksheet::Section section, std::string_view form) {
    std::vector<std::string> out;
    out.reserve(w.counts[section]);
    for (std::size_t i = 0; i < w.counts[section]; ++i)
        out.push_back(w.words.render({form, w.valueOf(section, i)}));
    return out;
}
} // namespace

std::vector<std::string> Worksheet::topReads() const { return rows(*this, Reads, "{0} ({1})"); }

std::vector<std::string> Worksheet::topWrites() const { return rows(*this, Writes, "{0} ({1})"); }

std::vector<std::string> Worksheet::filterFields() const { return rows(*this, Filters, "{0}"); }

std::vector<std::string> Worksheet::sortFields() const { return rows(*this, Sorts, "{0}{1}"); }

std::vector<std::string> Worksheet::indexes() const { return rows(*this, Indexes, "{0}"); }

std::vector<std::string> Worksheet::arrayBounds() const {
    std::vector<std::string> out;
    out.reserve(counts[Arrays]);
    for (std::size_t i = 0; i < counts[Arrays]; ++i) {
        const std::uint32_t first = valueOf(Arrays, i);
        std::string row = words.render({"{0}: avg {1}", first});
        if (words.number(first + 2) != 0)
            words.renderTo(row, {", max {3} (enforced by {4})", first});
        else
            row += ", unbounded";
        if (words.number(first + 5) > 0)
            words.renderTo(row, {", +{5} per document per day", first});
        out.push_back(std::move(row));
    }
    return out;
}

std::string Worksheet::atomicUpdateBoundary() const {
    std::string out = "one " + collection + " document";
    if (junction) {
        out += ": one pair";
    } else if (deletionPolicy) { // set exactly when the collection has a root entity
        out += ": ";
        for (std::size_t i = 0; i < counts[Boundary]; ++i) {
            if (i)
                out += i == 1 ? " with " : ", ";
            out += words.text(valueOf(Boundary, i));
        }
    }
    return out;
}

std::string_view RelationshipAdvice::inWords(std::string_view representationOrPattern) {
    if (const auto r = representationFromString(representationOrPattern))
        return wordsOf(*r);
    return representationOrPattern == "outlier" ? std::string_view("outlier pattern") : representationOrPattern;
}

std::string Worksheet::deletion() const {
    if (junction)
        return "pairs are deleted when either side is";
    if (!deletionPolicy)
        return {};
    std::string out(wordsOf(*deletionPolicy));
    if (embedsEntities)
        out += "; embedded data goes with its document";
    return out;
}

std::string Worksheet::tenantScope() const {
    std::string out;
    switch (tenancy) {
    case Tenancy::None:
        out = "single tenant";
        break;
    case Tenancy::SharedCollection:
        if (tenantScoped) {
            out = "shared collection, scoped by ";
            if (counts[Tenant])
                out += words.text(valueOf(Tenant, 0));
            if (tenantFieldMissing)
                out += " (field missing)";
        } else {
            out = "shared by all tenants (not tenant-scoped)";
        }
        break;
    case Tenancy::DatabasePerTenant:
        out = "one database per tenant (";
        appendNumber(out, tenantCount);
        out += ")";
        break;
    case Tenancy::CollectionPerTenant:
        out = "one collection per tenant (";
        appendNumber(out, tenantCount);
        out += ")";
        break;
    }
    return out;
}

std::string Worksheet::retention() const {
    std::string out;
    if (retentionDays) {
        appendNumber(out, *retentionDays);
        out += " days";
    } else {
        out = "kept forever";
    }
    for (std::size_t i = 0; i < counts[Ttls]; ++i)
        words.renderTo(out, {"; TTL index {0} expires documents after {1} s", valueOf(Ttls, i)});
    if (timeSeriesExpireAfterSeconds) {
        out += "; time-series expireAfterSeconds ";
        appendNumber(out, *timeSeriesExpireAfterSeconds);
    }
    return out;
}

std::vector<std::string> Worksheet::mismatches() const {
    std::vector<std::string> out;
    if (documentSizeMismatch && statedDocumentBytes) {
        std::string text = "expected document size: stated ";
        appendBytes(text, *statedDocumentBytes);
        text += ", computed ";
        appendBytes(text, documentBytes);
        out.push_back(std::move(text));
    }
    if (arrayBoundsMismatch && statedMaxArrayCount) {
        std::string text = "expected array bounds: stated ";
        if (hasArrays && !largestArrayBound) {
            text += "at most ";
            appendNumber(text, *statedMaxArrayCount);
            text += ", but an array has no maximum in the model";
        } else if (!hasArrays) {
            appendNumber(text, *statedMaxArrayCount);
            text += ", but the documents have no arrays";
        } else {
            appendNumber(text, *statedMaxArrayCount);
            text += ", the model's largest bound is ";
            appendNumber(text, *largestArrayBound);
        }
        out.push_back(std::move(text));
    }
    return out;
}

std::string WorkingSet::assumptions() const {
    Wording words;
    return words.render(sayAssumptions(words));
}

Phrase WorkingSet::sayAssumptions(Wording &words) const {
    return words.say("WiredTiger cache = max(50% of ({0} GiB RAM - 1 GB), 256 MB) = {1}. Hot documents: the "
                     "distinct documents the access patterns examine or write within {2} s, at their average "
                     "size, assuming uniform access over the values of each pattern's equality fields (a "
                     "limited query reaches only its first documents per value); every insert is hot; indexes: "
                     "every index an access pattern uses, whole (estimated size).",
                     Wording::Num{ramGiB}, Wording::Bytes{cacheBytes}, Wording::Num{hotWindowSeconds});
}

} // namespace docshape
