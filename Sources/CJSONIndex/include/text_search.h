// Search's scan of a db.json's records (issue 23): which records hold a folded needle in the
// string values of some members, judged on the file's bytes without decoding the records.
// Separate from the index pass (json_index.h); shares its outer scanner for skipping values.
#ifndef BULLETIN_TEXT_SEARCH_H
#define BULLETIN_TEXT_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What ts_search made of one record.
enum ts_verdict {
    /// No searched member's folded text contains the needle.
    TS_NO = 0,
    /// A searched member's folded text contains the needle.
    TS_MATCH = 1,
    /// Not judged here: a searched member's text holds a character the fold table does not
    /// cover (combining marks, most of the code points beyond U+FFFF, surrogate escapes), a
    /// key with an escape, a searched value that is not a string, a nested object or array, or
    /// bytes that are not a plain object; or a string anywhere in the record that a JSON
    /// decoder refuses (a raw control character, an unknown escape, a lone surrogate). The
    /// caller decodes it.
    TS_UNDECIDED = 2,
};

/// Entries of a fold table, 8 bytes each: the length of the code point's folded UTF-8 (0 … 7)
/// then those bytes; length 0xFF for a code point the scan must not fold itself. One entry per
/// code point U+0080 … U+FFFF (index `cp - 0x80`), then per code point of the emoji blocks
/// U+1F000 … U+1FAFF (index `TS_FOLD_BMP + cp - 0x1F000`); other code points are not folded.
#define TS_FOLD_BMP 0xFF80
#define TS_FOLD_EMOJI_FIRST 0x1F000
#define TS_FOLD_EMOJI_COUNT 0xB00
#define TS_FOLD_ENTRIES (TS_FOLD_BMP + TS_FOLD_EMOJI_COUNT)

/// For each of the `count` records whose JSON objects are the bytes [spans[2i], spans[2i+1])
/// of `data`, writes a `ts_verdict` to `verdicts[i]`. Searched are the string values of the
/// members whose raw names (no escapes) are in `members`, a NUL-ended list of names each
/// followed by a comma (`"title,body,"`); each
/// is folded (JSON escapes decoded, ASCII letters lowercased, other characters through
/// `fold_table`) and a member matches when its folded text contains the `needle_length` bytes
/// of `needle` (already folded, not empty), compared as they are. A hit in one member decides
/// the record even when another member is undecided. `data` must stay mapped during the call.
void ts_search(const uint8_t *data, const uint64_t *spans, size_t count, const char *members, const uint8_t *needle, size_t needle_length, const uint8_t *fold_table,
               uint8_t *verdicts);

#ifdef __cplusplus
}
#endif

#endif
