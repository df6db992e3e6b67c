// ts_search (text_search.h): folds each searched member's string into a scratch buffer, 32
// bytes at a time (AVX2) between the bytes that need a look (quote, backslash, non-ASCII,
// control characters), and looks for the needle there (first and last bytes, 32 at a time). A record is judged only
// when Foundation's JSONDecoder would decode its strings: the index pass (simdjson On-Demand)
// does not read every string, so raw control characters, unknown escapes and lone surrogate
// escapes anywhere in the record leave it undecided (the caller's decode then skips it).
#include "text_search.h"

#include "scanner.h"

#include <immintrin.h>

#include <cstring>
#include <vector>

namespace {

/// The outcome of folding one string.
enum class Folded { done, undecided };

int hex_digit(uint8_t c) {
    if (c >= '0' && c <= '9') return c - '0';
    c |= 0x20;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

/// Folds the string whose opening quote is at `at` (moved past its closing quote when done)
/// into `out`, which must have room for 32 bytes more than 4 times the string's length.
struct StringFolder {
    const uint8_t *data;
    size_t end;
    const uint8_t *table;

    /// Appends the folded form of code point `cp`; false when the table leaves it out.
    bool fold_point(uint32_t cp, uint8_t *&out) const {
        if (cp < 0x80) {
            *out++ = static_cast<uint8_t>(cp - 'A' < 26 ? cp | 0x20 : cp);
            return true;
        }
        size_t index;
        if (cp <= 0xFFFF) {
            index = cp - 0x80;
        } else if (cp >= TS_FOLD_EMOJI_FIRST && cp < TS_FOLD_EMOJI_FIRST + TS_FOLD_EMOJI_COUNT) {
            index = TS_FOLD_BMP + (cp - TS_FOLD_EMOJI_FIRST);
        } else {
            return false;
        }
        const uint8_t *entry = table + index * 8;
        if (entry[0] == 0xFF) return false;
        memcpy(out, entry + 1, entry[0]);
        out += entry[0];
        return true;
    }

    Folded fold(size_t &at, uint8_t *&out) const {
        const __m256i quote = _mm256_set1_epi8('"');
        const __m256i backslash = _mm256_set1_epi8('\\');
        const __m256i below_a = _mm256_set1_epi8('A' - 1);
        const __m256i above_z = _mm256_set1_epi8('Z' + 1);
        const __m256i case_bit = _mm256_set1_epi8(0x20);
        const __m256i control = _mm256_set1_epi8(0x1F);
        size_t i = at + 1;
        for (;;) {
            if (i + 32 <= end) {
                __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(data + i));
                __m256i upper = _mm256_and_si256(_mm256_cmpgt_epi8(bytes, below_a), _mm256_cmpgt_epi8(above_z, bytes));
                _mm256_storeu_si256(reinterpret_cast<__m256i *>(out),
                                    _mm256_or_si256(bytes, _mm256_and_si256(upper, case_bit)));
                __m256i controls = _mm256_cmpeq_epi8(_mm256_max_epu8(bytes, control), control);
                uint32_t special = static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_or_si256(
                    _mm256_or_si256(_mm256_cmpeq_epi8(bytes, quote), _mm256_cmpeq_epi8(bytes, backslash)),
                    _mm256_or_si256(controls, bytes))));
                if (!special) {
                    i += 32;
                    out += 32;
                    continue;
                }
                unsigned skip = __builtin_ctz(special);
                i += skip;
                out += skip;
            } else {
                while (i < end && data[i] != '"' && data[i] != '\\' && data[i] < 0x80 && data[i] >= 0x20) {
                    uint8_t c = data[i++];
                    *out++ = static_cast<uint8_t>(c - 'A' < 26u ? c | 0x20 : c);
                }
                if (i >= end) return Folded::undecided;
            }
            uint8_t c = data[i];
            if (c == '"') {
                at = i + 1;
                return Folded::done;
            }
            if (c == '\\') {
                if (i + 1 >= end) return Folded::undecided;
                uint8_t e = data[i + 1];
                uint8_t plain = e == '"' ? '"' : e == '\\' ? '\\' : e == '/' ? '/' : e == 'b' ? '\b' : e == 'f' ? '\f'
                              : e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : 0;
                if (plain) {
                    *out++ = plain;
                    i += 2;
                    continue;
                }
                if (e != 'u' || i + 6 > end) return Folded::undecided;
                uint32_t cp = 0;
                for (size_t k = 2; k < 6; k++) {
                    int digit = hex_digit(data[i + k]);
                    if (digit < 0) return Folded::undecided;
                    cp = cp * 16 + static_cast<uint32_t>(digit);
                }
                if ((cp >= 0xD800 && cp <= 0xDFFF) || !fold_point(cp, out)) return Folded::undecided;
                i += 6;
                continue;
            }
            if (c < 0x20) return Folded::undecided;
            // A non-ASCII byte: the UTF-8 sequence it starts (the index pass validated the bytes).
            size_t length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
            if (c < 0xC2 || c > 0xF4 || i + length > end) return Folded::undecided;
            uint32_t cp = c & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07);
            for (size_t k = 1; k < length; k++) {
                if ((data[i + k] & 0xC0) != 0x80) return Folded::undecided;
                cp = (cp << 6) | (data[i + k] & 0x3F);
            }
            if (!fold_point(cp, out)) return Folded::undecided;
            i += length;
        }
    }
};

/// How a checked string turned out.
enum class Checked { refused, plain, escaped };

/// Moves `at` past the string whose opening quote is there, 32 bytes at a time between the
/// bytes that need a look; `refused` when the data ends first or the string holds what
/// JSONDecoder refuses (a raw control character, an unknown escape, a surrogate escape not in
/// a pair), `escaped` when it has a backslash escape, else `plain`.
Checked skip_checked_string(const uint8_t *data, size_t end, size_t &at) {
    auto code_unit = [&](size_t from, uint32_t &unit) {
        if (from + 6 > end || data[from] != '\\' || data[from + 1] != 'u') return false;
        unit = 0;
        for (size_t k = 2; k < 6; k++) {
            int digit = hex_digit(data[from + k]);
            if (digit < 0) return false;
            unit = unit * 16 + static_cast<uint32_t>(digit);
        }
        return true;
    };
    const __m256i quote = _mm256_set1_epi8('"');
    const __m256i backslash = _mm256_set1_epi8('\\');
    const __m256i control = _mm256_set1_epi8(0x1F);
    bool escaped = false;
    for (size_t i = at + 1; i < end;) {
        if (i + 32 <= end) {
            __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(data + i));
            uint32_t special = static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_or_si256(
                _mm256_or_si256(_mm256_cmpeq_epi8(bytes, quote), _mm256_cmpeq_epi8(bytes, backslash)),
                _mm256_cmpeq_epi8(_mm256_max_epu8(bytes, control), control))));
            if (!special) {
                i += 32;
                continue;
            }
            i += __builtin_ctz(special);
        }
        uint8_t c = data[i];
        if (c == '"') {
            at = i + 1;
            return escaped ? Checked::escaped : Checked::plain;
        }
        if (c < 0x20) return Checked::refused;
        if (c != '\\') {
            i++;
            continue;
        }
        escaped = true;
        if (i + 1 >= end) return Checked::refused;
        uint8_t e = data[i + 1];
        if (e != 'u') {
            if (e == 0 || !strchr("\"\\/bfnrt", e)) return Checked::refused;
            i += 2;
            continue;
        }
        uint32_t unit;
        if (!code_unit(i, unit)) return Checked::refused;
        i += 6;
        if (unit >= 0xDC00 && unit <= 0xDFFF) return Checked::refused;
        if (unit >= 0xD800 && unit <= 0xDBFF) {
            uint32_t low;
            if (!code_unit(i, low) || low < 0xDC00 || low > 0xDFFF) return Checked::refused;
            i += 6;
        }
    }
    return Checked::refused;
}

/// Whether the `length` bytes at `text` contain the `k` bytes of `needle` (k >= 1): candidates
/// whose first and last bytes match, 32 positions at a time (AVX2), each checked with memcmp.
/// `text` must be readable 32 bytes past its end (the scratch buffer's slack).
bool contains(const uint8_t *text, size_t length, const uint8_t *needle, size_t k) {
    if (length < k) return false;
    if (k == 1) return memchr(text, needle[0], length) != nullptr;
    const __m256i first = _mm256_set1_epi8(static_cast<char>(needle[0]));
    const __m256i last = _mm256_set1_epi8(static_cast<char>(needle[k - 1]));
    size_t positions = length - k + 1;
    for (size_t i = 0; i < positions; i += 32) {
        __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(text + i));
        __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(text + i + k - 1));
        uint32_t mask = static_cast<uint32_t>(
            _mm256_movemask_epi8(_mm256_and_si256(_mm256_cmpeq_epi8(a, first), _mm256_cmpeq_epi8(b, last))));
        if (positions - i < 32) mask &= (1u << (positions - i)) - 1;
        for (; mask; mask &= mask - 1) {
            size_t at = i + __builtin_ctz(mask);
            if (memcmp(text + at + 1, needle + 1, k - 2) == 0) return true;
        }
    }
    return false;
}

/// The verdict on one record, [start, end) of `data`.
uint8_t judge(const uint8_t *data, size_t start, size_t end, const char *const *members, const size_t *member_lengths,
              size_t member_count, const uint8_t *needle, size_t needle_length, const uint8_t *table,
              std::vector<uint8_t> &scratch) {
    Scanner scanner{data, end, start};
    StringFolder folder{data, end, table};
    bool matched = false;   // a searched member's folded text holds the needle
    bool unfolded = false;  // a searched member's text was left to the caller
    scanner.skip_blanks();
    if (scanner.at_end() || scanner.peek() != '{') return TS_UNDECIDED;
    scanner.at++;
    scanner.skip_blanks();
    if (!scanner.at_end() && scanner.peek() == '}') return TS_NO;
    for (;;) {
        scanner.skip_blanks();
        if (scanner.at_end() || scanner.peek() != '"') return TS_UNDECIDED;
        size_t key = scanner.at + 1;
        if (skip_checked_string(data, end, scanner.at) != Checked::plain) return TS_UNDECIDED;
        size_t key_length = scanner.at - 1 - key;
        bool searched = false;
        for (size_t m = 0; m < member_count && !searched; m++) {
            searched = member_lengths[m] == key_length && memcmp(data + key, members[m], key_length) == 0;
        }
        scanner.skip_blanks();
        if (scanner.at_end() || scanner.peek() != ':') return TS_UNDECIDED;
        scanner.at++;
        scanner.skip_blanks();
        if (scanner.at_end()) return TS_UNDECIDED;
        if (searched) {
            if (scanner.peek() != '"') return TS_UNDECIDED;
            size_t quote = scanner.at;
            size_t room = (end - quote) * 4 + 96;  // folded text, its store's 32 bytes, contains()'s reads
            if (scratch.size() < room) scratch.resize(room);
            uint8_t *out = scratch.data();
            if (!matched && folder.fold(scanner.at, out) == Folded::done) {
                size_t length = static_cast<size_t>(out - scratch.data());
                matched = contains(scratch.data(), length, needle, needle_length);
            } else {
                // Matched already, or not folded here (then the caller folds it, if it decodes).
                if (!matched) unfolded = true;
                scanner.at = quote;
                if (skip_checked_string(data, end, scanner.at) == Checked::refused) return TS_UNDECIDED;
            }
        } else if (scanner.peek() == '"') {
            if (skip_checked_string(data, end, scanner.at) == Checked::refused) return TS_UNDECIDED;
        } else if (scanner.peek() == '{' || scanner.peek() == '[') {
            // Strings inside are not checked: decide by decoding.
            return TS_UNDECIDED;
        } else if (!scanner.skip_value()) {
            return TS_UNDECIDED;
        }
        scanner.skip_blanks();
        if (scanner.at_end()) return TS_UNDECIDED;
        uint8_t next = scanner.peek();
        scanner.at++;
        if (next == '}') return matched ? TS_MATCH : unfolded ? TS_UNDECIDED : TS_NO;
        if (next != ',') return TS_UNDECIDED;
    }
}

}  // namespace

extern "C" void ts_search(const uint8_t *data, const uint64_t *spans, size_t count, const char *member_list,
                          const uint8_t *needle, size_t needle_length, const uint8_t *fold_table, uint8_t *verdicts) {
    std::vector<const char *> members;
    std::vector<size_t> member_lengths;
    for (const char *name = member_list; *name;) {
        const char *comma = strchr(name, ',');
        if (!comma) break;
        members.push_back(name);
        member_lengths.push_back(static_cast<size_t>(comma - name));
        name = comma + 1;
    }
    size_t member_count = members.size();
    std::vector<uint8_t> scratch(4096);
    for (size_t r = 0; r < count; r++) {
        verdicts[r] = judge(data, spans[2 * r], spans[2 * r + 1], members.data(), member_lengths.data(), member_count, needle,
                            needle_length, fold_table, scratch);
    }
}
