// The outer scanner of the index pass (json_index.h): walks the top-level structure of a
// db.json, skipping strings and counting brackets. Internal to CJSONIndex.
#ifndef BULLETIN_JSON_INDEX_SCANNER_H
#define BULLETIN_JSON_INDEX_SCANNER_H

#include "json_index.h"

#include <cstring>

namespace {

const uint64_t kAbsent = UINT64_MAX;

ji_text absent_text() { return ji_text{kAbsent, 0, 0}; }

bool is_blank(uint8_t c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

/// The outer scanner: walks the top-level object and the collection arrays, skipping strings
/// (a quote ends a string unless an odd number of backslashes precede it) and counting brackets.
struct Scanner {
    const uint8_t *data;
    size_t length;
    size_t at = 0;

    void skip_blanks() {
        while (at < length && is_blank(data[at])) at++;
    }
    bool at_end() const { return at >= length; }
    uint8_t peek() const { return data[at]; }

    /// Moves past the string whose opening quote is at `at`; false at the end of the data.
    bool skip_string() {
        size_t from = at + 1;
        for (;;) {
            const void *found = from < length ? memchr(data + from, '"', length - from) : nullptr;
            if (!found) return false;
            size_t quote = static_cast<const uint8_t *>(found) - data;
            size_t backslashes = 0;
            while (quote - backslashes > at + 1 && data[quote - backslashes - 1] == '\\') backslashes++;
            if (backslashes % 2 == 0) {
                at = quote + 1;
                return true;
            }
            from = quote + 1;
        }
    }

    /// Moves past one JSON value starting at `at` (an object or array with everything in it, a
    /// string, or a scalar up to the next `,` `]` `}` or blank). Not a validation: simdjson
    /// parses the range afterwards. False when the data ends first.
    bool skip_value() {
        if (at_end()) return false;
        uint8_t first = peek();
        if (first == '"') return skip_string();
        if (first != '{' && first != '[') {
            while (at < length) {
                uint8_t c = data[at];
                if (c == ',' || c == ']' || c == '}' || is_blank(c)) break;
                at++;
            }
            return true;
        }
        size_t depth = 0;
        while (at < length) {
            uint8_t c = data[at];
            if (c == '"') {
                if (!skip_string()) return false;
                continue;
            }
            if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
                if (depth == 0) {
                    at++;
                    return true;
                }
            }
            at++;
        }
        return false;
    }
};

/// Parses records with simdjson and fills `ji_record`s.

}  // namespace

#endif
