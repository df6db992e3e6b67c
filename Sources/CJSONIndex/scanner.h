// The outer scanner of the index pass (json_index.h): walks the top-level structure of a
// db.json, skipping strings and counting brackets. Internal to CJSONIndex.
#ifndef BULLETIN_JSON_INDEX_SCANNER_H
#define BULLETIN_JSON_INDEX_SCANNER_H

#include "json_index.h"

#include <immintrin.h>

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
        return skip_container();
    }

    /// Moves past the object or array whose `{` or `[` is at `at`, 32 bytes at a time (AVX2):
    /// each block's quotes and brackets are found at once and taken in order, a quote after
    /// an odd run of backslashes being inside its string. False when the data ends first.
    bool skip_container() {
        const __m256i quote = _mm256_set1_epi8('"');
        // `c | 0x20` is `{` for `{` and `[`, and `}` for `}` and `]` (and for no other byte).
        const __m256i case_bit = _mm256_set1_epi8(0x20);
        const __m256i opening = _mm256_set1_epi8('{');
        const __m256i closing = _mm256_set1_epi8('}');
        size_t depth = 0;
        bool in_string = false;
        size_t string_open = 0;
        for (size_t block = at; block < length; block += 32) {
            uint32_t mask = 0;
            if (block + 32 <= length) {
                __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(data + block));
                __m256i folded = _mm256_or_si256(bytes, case_bit);
                __m256i found = _mm256_or_si256(_mm256_cmpeq_epi8(bytes, quote),
                                                _mm256_or_si256(_mm256_cmpeq_epi8(folded, opening),
                                                                _mm256_cmpeq_epi8(folded, closing)));
                mask = static_cast<uint32_t>(_mm256_movemask_epi8(found));
            } else {
                for (size_t i = 0; block + i < length; i++) {
                    uint8_t c = data[block + i];
                    if (c == '"' || (c | 0x20) == '{' || (c | 0x20) == '}') mask |= 1u << i;
                }
            }
            for (; mask; mask &= mask - 1) {
                size_t position = block + __builtin_ctz(mask);
                uint8_t c = data[position];
                if (in_string) {
                    if (c != '"') continue;
                    size_t backslashes = 0;
                    while (position - backslashes > string_open + 1 && data[position - backslashes - 1] == '\\') backslashes++;
                    if (backslashes % 2 == 0) in_string = false;
                } else if (c == '"') {
                    in_string = true;
                    string_open = position;
                } else if (c == '{' || c == '[') {
                    depth++;
                } else if (--depth == 0) {
                    at = position + 1;
                    return true;
                }
            }
        }
        at = length;
        return false;
    }
};

/// Parses records with simdjson and fills `ji_record`s.

}  // namespace

#endif
