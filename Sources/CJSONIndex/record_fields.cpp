// The record scanner of record_fields.h: a hand-written pass over one flat object. The index
// pass has already validated the record (structure, UTF-8), so this one only has to find the
// members, unescape their strings and check the layout; whatever it is unsure of it leaves
// to Swift (RF_FALLBACK).
#include "include/record_fields.h"

#include <string.h>

namespace {

struct Scanner {
    const uint8_t *p;
    const uint8_t *end;

    bool at_end() const { return p >= end; }

    void skip_blanks() {
        while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p;
    }

    /// Skips a string whose opening quote is at p; false when it does not end.
    bool skip_string() {
        ++p;
        while (p < end) {
            const uint8_t *quote = static_cast<const uint8_t *>(memchr(p, '"', end - p));
            if (!quote) return false;
            // Count the backslashes before the quote: an odd number escapes it.
            const uint8_t *back = quote;
            while (back > p && back[-1] == '\\') --back;
            p = quote + 1;
            if (((quote - back) & 1) == 0) return true;
        }
        return false;
    }

    /// Skips any JSON value (nested ones by counting brackets outside strings).
    bool skip_value() {
        if (at_end()) return false;
        if (*p == '"') return skip_string();
        if (*p == '{' || *p == '[') {
            int depth = 0;
            while (p < end) {
                uint8_t c = *p;
                if (c == '"') {
                    if (!skip_string()) return false;
                    continue;
                }
                if (c == '{' || c == '[') ++depth;
                if (c == '}' || c == ']') {
                    --depth;
                    if (depth == 0) {
                        ++p;
                        return true;
                    }
                }
                ++p;
            }
            return false;
        }
        while (p < end && *p != ',' && *p != '}' && *p != ' ' && *p != '\n' && *p != '\r' && *p != '\t') ++p;
        return true;
    }
};

int hex_value(uint8_t c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/// The four hex digits at p as a number, or -1.
int hex4(const uint8_t *p) {
    int value = 0;
    for (int i = 0; i < 4; ++i) {
        int digit = hex_value(p[i]);
        if (digit < 0) return -1;
        value = value * 16 + digit;
    }
    return value;
}

/// Whether `\uXXXX` at p (p at the `u`) is how the export escapes that code: `\u00xx` in
/// lower case for a control character that has no short escape.
bool canonical_unicode_escape(const uint8_t *p, int code) {
    if (code >= 0x20 || code == 0x08 || code == 0x09 || code == 0x0A || code == 0x0C || code == 0x0D) return false;
    static const char hex[] = "0123456789abcdef";
    return p[1] == '0' && p[2] == '0' && p[3] == (uint8_t)hex[code >> 4] && p[4] == (uint8_t)hex[code & 15];
}

uint8_t *put_utf8(uint8_t *out, uint32_t scalar) {
    if (scalar < 0x80) {
        *out++ = (uint8_t)scalar;
    } else if (scalar < 0x800) {
        *out++ = (uint8_t)(0xC0 | (scalar >> 6));
        *out++ = (uint8_t)(0x80 | (scalar & 0x3F));
    } else if (scalar < 0x10000) {
        *out++ = (uint8_t)(0xE0 | (scalar >> 12));
        *out++ = (uint8_t)(0x80 | ((scalar >> 6) & 0x3F));
        *out++ = (uint8_t)(0x80 | (scalar & 0x3F));
    } else {
        *out++ = (uint8_t)(0xF0 | (scalar >> 18));
        *out++ = (uint8_t)(0x80 | ((scalar >> 12) & 0x3F));
        *out++ = (uint8_t)(0x80 | ((scalar >> 6) & 0x3F));
        *out++ = (uint8_t)(0x80 | (scalar & 0x3F));
    }
    return out;
}

/// Reads the string at s.p (its opening quote) into `field`: the bytes in place when it has no
/// escapes, else unescaped at `*scratch` (advanced). `canonical` is cleared when an escape is
/// not the export's own. False when the string is not one Swift would decode the same way.
bool read_string(Scanner &s, rf_field &field, uint8_t **scratch, bool &canonical) {
    const uint8_t *start = s.p + 1;
    const uint8_t *p = start;
    while (p < s.end && *p != '"' && *p != '\\') {
        if (*p < 0x20) return false;
        ++p;
    }
    if (p >= s.end) return false;
    if (*p == '"') {
        field.bytes = start;
        field.length = (uint32_t)(p - start);
        field.is_string = 1;
        s.p = p + 1;
        return true;
    }
    uint8_t *out = *scratch;
    memcpy(out, start, p - start);
    out += p - start;
    while (p < s.end) {
        uint8_t c = *p;
        if (c == '"') break;
        if (c < 0x20) return false;
        if (c != '\\') {
            *out++ = c;
            ++p;
            continue;
        }
        if (p + 1 >= s.end) return false;
        uint8_t e = p[1];
        switch (e) {
        case '"': *out++ = '"'; break;
        case '\\': *out++ = '\\'; break;
        case '/': *out++ = '/'; canonical = false; break;
        case 'b': *out++ = 0x08; break;
        case 'f': *out++ = 0x0C; break;
        case 'n': *out++ = 0x0A; break;
        case 'r': *out++ = 0x0D; break;
        case 't': *out++ = 0x09; break;
        case 'u': {
            if (p + 6 > s.end) return false;
            int code = hex4(p + 2);
            if (code < 0) return false;
            if (!canonical_unicode_escape(p + 1, code)) canonical = false;
            uint32_t scalar = (uint32_t)code;
            if (code >= 0xD800 && code <= 0xDBFF) {
                if (p + 12 > s.end || p[6] != '\\' || p[7] != 'u') return false;
                int low = hex4(p + 8);
                if (low < 0xDC00 || low > 0xDFFF) return false;
                scalar = 0x10000 + (((uint32_t)code - 0xD800) << 10) + ((uint32_t)low - 0xDC00);
                p += 6;
            } else if (code >= 0xDC00 && code <= 0xDFFF) {
                return false;
            }
            out = put_utf8(out, scalar);
            p += 6;
            continue;
        }
        default: return false;
        }
        p += 2;
    }
    if (p >= s.end) return false;
    field.bytes = *scratch;
    field.length = (uint32_t)(out - *scratch);
    field.is_string = 1;
    *scratch = out;
    s.p = p + 1;
    return true;
}

/// Whether `text` is an integer as Swift's `String(Int)` spells it: `-?(0|[1-9][0-9]*)`, not
/// `-0`, at most 18 digits (19 could overflow: such text is left to Swift, `ok` cleared).
bool is_integer_text(const uint8_t *text, size_t length, bool &ok) {
    size_t i = (length > 0 && text[0] == '-') ? 1 : 0;
    if (i == length) return false;
    for (size_t j = i; j < length; ++j) {
        if (text[j] < '0' || text[j] > '9') return false;
    }
    if (text[i] == '0' && length > 1) return false;
    if (length - i > 18) ok = false;
    return true;
}

/// Reads an id at s.p: an integer number `-?(0|[1-9][0-9]*)` of at most 18 digits (not `-0`),
/// or a string. False for anything else (Swift decides).
bool read_id(Scanner &s, rf_field &field, uint8_t **scratch, bool &canonical) {
    if (s.at_end()) return false;
    if (*s.p == '"') {
        if (!read_string(s, field, scratch, canonical)) return false;
        bool ok = true;
        field.is_integer = is_integer_text(field.bytes, field.length, ok) ? 1 : 0;
        canonical = false; // the export writes a string id its own way (a number when it reads as one)
        return ok;
    }
    const uint8_t *start = s.p;
    const uint8_t *p = start;
    if (p < s.end && *p == '-') ++p;
    const uint8_t *digits = p;
    while (p < s.end && *p >= '0' && *p <= '9') ++p;
    size_t count = p - digits;
    if (count == 0 || count > 18) return false;
    if (digits[0] == '0' && (count > 1 || digits != start)) return false;
    if (p < s.end && (*p == '.' || *p == 'e' || *p == 'E')) return false;
    field.bytes = start;
    field.length = (uint32_t)(p - start);
    field.is_string = 0;
    field.is_integer = 1;
    s.p = p;
    return true;
}

bool matches(const uint8_t *p, const uint8_t *end, const char *text) {
    size_t n = strlen(text);
    return (size_t)(end - p) >= n && memcmp(p, text, n) == 0;
}

} // namespace

extern "C" int rf_scan(const uint8_t *record, size_t length, const char *const *keys, const uint8_t *id_members,
                       size_t count, const char *member_indent, const char *close_indent, rf_field *fields,
                       uint8_t *scratch) {
    Scanner s{record, record + length};
    if (length < 2 || record[0] != '{' || record[length - 1] != '}' || count > 16) return RF_FALLBACK;
    uint32_t seen = 0;
    size_t order = 0;
    bool canonical = true;
    ++s.p;
    bool first = true;
    while (true) {
        const uint8_t *before = s.p;
        s.skip_blanks();
        if (s.at_end()) return RF_FALLBACK;
        if (*s.p == '}') {
            if (first) canonical = false; // an empty object: not a record the export writes
            if (canonical && !(s.p - before == (long)strlen(close_indent) && matches(before, s.p, close_indent)))
                canonical = false;
            ++s.p;
            break;
        }
        if (!first) {
            if (*s.p != ',') return RF_FALLBACK;
            if (s.p != before) canonical = false;
            ++s.p;
            before = s.p;
            s.skip_blanks();
        }
        if (canonical && !(s.p - before == (long)strlen(member_indent) && matches(before, s.p, member_indent)))
            canonical = false;
        first = false;
        if (s.at_end() || *s.p != '"') return RF_FALLBACK;
        const uint8_t *key = s.p + 1;
        const uint8_t *key_end = static_cast<const uint8_t *>(memchr(key, '"', s.end - key));
        if (!key_end) return RF_FALLBACK;
        if (memchr(key, '\\', key_end - key)) return RF_FALLBACK;
        size_t key_length = key_end - key;
        s.p = key_end + 1;
        const uint8_t *colon = s.p;
        s.skip_blanks();
        if (s.at_end() || *s.p != ':') return RF_FALLBACK;
        if (s.p != colon) canonical = false;
        ++s.p;
        if (!(s.p < s.end && *s.p == ' ')) canonical = false;
        const uint8_t *value = s.p;
        s.skip_blanks();
        if (s.p - value != 1) canonical = false;
        size_t member = count;
        for (size_t i = 0; i < count; ++i) {
            if (strlen(keys[i]) == key_length && memcmp(keys[i], key, key_length) == 0) {
                member = i;
                break;
            }
        }
        if (member == count) {
            canonical = false; // a member the export leaves out
            if (!s.skip_value()) return RF_FALLBACK;
            continue;
        }
        if (seen & (1u << member)) return RF_FALLBACK; // given twice: Swift knows which one wins
        seen |= 1u << member;
        if (member != order) canonical = false;
        ++order;
        fields[member].is_integer = 0;
        if (id_members[member]) {
            if (!read_id(s, fields[member], &scratch, canonical)) return RF_FALLBACK;
        } else {
            if (s.at_end() || *s.p != '"') return RF_FALLBACK;
            if (!read_string(s, fields[member], &scratch, canonical)) return RF_FALLBACK;
        }
    }
    if (seen != (count == 32 ? 0xFFFFFFFFu : ((1u << count) - 1))) return RF_FALLBACK;
    if (s.p != s.end) return RF_FALLBACK;
    return canonical ? RF_CANONICAL : RF_FIELDS;
}
