// CJSONIndex record fields: a light scanner for one flat JSON object (a post or a comment of a
// db.json, as the index pass found its bytes) that hands back the members an export needs,
// unescaped, and says whether the record's bytes are already exactly what Bulletin's db.json
// export writes for it (so the export can copy them). Used by the streamed export
// (BulletinData/Export/RecordStream.swift); anything unusual is left to Swift's decoder.
#ifndef BULLETIN_RECORD_FIELDS_H
#define BULLETIN_RECORD_FIELDS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What `rf_scan` made of a record.
enum rf_status {
    /// Not read here (not an object, a member missing, given twice or of another type, an id
    /// that is not an integer or a string, a key with escapes, a lone surrogate escape, …):
    /// decode the record in Swift.
    RF_FALLBACK = 0,
    /// Every member was read into `fields`.
    RF_FIELDS = 1,
    /// As RF_FIELDS, and the bytes are exactly what the db.json export writes for the record
    /// (the members in the order given, and nothing else; the layout given; strings escaped
    /// only where the export escapes them, the same way; ids as integer numbers).
    RF_CANONICAL = 2,
};

/// One member's value. Strings: their text, unescaped (in the record's bytes when it had no
/// escapes, else in `scratch`). Ids: the integer's digits as written, or the string's text.
typedef struct rf_field {
    const uint8_t *bytes;
    uint32_t length;
    /// 1 when the JSON value was a string, 0 for a number.
    uint8_t is_string;
    /// For ids: 1 when the text is an integer as Swift spells one (`-?(0|[1-9][0-9]*)`, not
    /// `-0`, at most 18 digits), so the export writes it as a number.
    uint8_t is_integer;
} rf_field;

/// Scans the JSON object `record[0..<length]` for the `count` members named by `keys` (ASCII,
/// NUL-ended). `id_members[i]` is 1 for members read as ids (an integer or a string), 0 for
/// strings. `member_indent` (NUL-ended: "\n      ") is what precedes each member in the
/// canonical layout and `close_indent` ("\n    ") what precedes the closing brace.
/// `scratch` must hold at least `length` bytes; `fields` at least `count` entries.
/// Returns an `rf_status`.
int rf_scan(const uint8_t *record, size_t length, const char *const *keys, const uint8_t *id_members,
            size_t count, const char *member_indent, const char *close_indent, rf_field *fields,
            uint8_t *scratch);

#ifdef __cplusplus
}
#endif

#endif
