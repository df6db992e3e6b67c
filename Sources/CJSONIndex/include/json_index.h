// CJSONIndex: one pass over a json-server db.json (or one top-level collection array) that
// records each record's byte range and the few members the lists show, using simdjson
// On-Demand (Debian libsimdjson-dev) record by record. A C API, so no C++ reaches Swift.
//
// The outer structure (the top-level object, its members, the arrays' commas and brackets)
// is walked here by a small scanner that only skips strings and counts brackets; each record
// of `users`, `posts` and `comments` is then parsed by simdjson on its own byte range, which
// validates it (structure, UTF-8) and reads the members of interest. Other top-level members
// (`albums`, …) are validated with simdjson's DOM parser and otherwise skipped. Memory stays
// small: simdjson's buffers hold one record at a time.
#ifndef BULLETIN_JSON_INDEX_H
#define BULLETIN_JSON_INDEX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The three collections a db.json holds.
enum ji_collection { JI_USERS = 0, JI_POSTS = 1, JI_COMMENTS = 2 };

/// What the pass made of one record.
enum ji_status {
    /// Every member the lists need was read, and every member the model requires has the
    /// right JSON type: `id`, `owner` and the texts are filled in.
    JI_REGULAR = 0,
    /// Valid JSON, but not the plain shape (a missing or null member, a wrong type, an id that
    /// is not an integer or a string, a member given twice, a non-object): the caller decodes
    /// the record itself to learn exactly what is wrong (or right) with it.
    JI_IRREGULAR = 1,
    /// The record's bytes are not valid UTF-8: `error_offset` is the file offset of the record.
    JI_BAD_UTF8 = 2,
};

/// How an id member was given.
enum ji_id_kind { JI_ID_NONE = 0, JI_ID_NUMBER = 1, JI_ID_STRING = 2 };

/// A string member: `length` bytes at `offset`, in the file (`in_arena` 0) or, when the
/// JSON text had escapes, unescaped in the batch's arena (`in_arena` 1). UTF-8, not NUL-ended.
typedef struct ji_text {
    uint64_t offset;
    uint32_t length;
    uint32_t in_arena;
} ji_text;

/// One record of a collection.
typedef struct ji_record {
    /// The record's JSON value is the bytes [start, end) of the file (`{` … `}` for objects).
    uint64_t start;
    uint64_t end;
    /// A `ji_status`.
    uint32_t status;
    /// `ji_id_kind`s of `id` and of the owner member (`userId` for posts, `postId` for comments).
    uint16_t id_kind;
    uint16_t owner_kind;
    /// The numbers, for JI_ID_NUMBER.
    int64_t id_number;
    int64_t owner_number;
    /// The strings, for JI_ID_STRING.
    ji_text id_text;
    ji_text owner_text;
    /// users: name, username, email (length 0 and offset UINT64_MAX when absent or null);
    /// posts: title; comments: none.
    ji_text texts[3];
} ji_record;

/// Called with each batch of records of one collection, in file order. `arena` holds the
/// unescaped strings the batch's `ji_text`s point at with `in_arena` set; it and `records`
/// are valid only during the call. `bytes_done` is how far into the file the pass has got.
/// Return 0 to go on, anything else to stop (the pass then ends with JI_CANCELLED).
typedef int (*ji_batch_fn)(void *context, int collection, const ji_record *records, size_t count,
                           const char *arena, uint64_t bytes_done);

/// How the pass ended.
enum ji_result_status {
    /// The file was indexed; every batch was delivered.
    JI_OK = 0,
    /// Not a db.json this pass can read (not JSON, a wrong shape, garbage after the end, a
    /// structural error inside a record): `error_offset` is where it noticed. The caller
    /// asks its full decoder for the exact error.
    JI_BROKEN = 1,
    /// A shape this pass leaves to the full decoder although it may be valid (a top-level key
    /// with escapes, a collection given twice, a collection that is not an array or null).
    JI_UNSUPPORTED = 2,
    /// The callback asked to stop.
    JI_CANCELLED = 3,
};

/// Where each collection's array is, for splicing saves.
typedef struct ji_result {
    /// A `ji_result_status`.
    int status;
    /// For JI_BROKEN and JI_UNSUPPORTED: the byte offset where the pass stopped.
    uint64_t error_offset;
    /// simdjson's words for a record it refused, or a few words of the scanner's ("expected , or ]").
    char message[96];
    /// 1 when the collection's array is in the file (for a top-level array: only its collection).
    int present[3];
    /// Offsets of the collection array's `[` and of its `]` (when present).
    uint64_t array_open[3];
    uint64_t array_close[3];
    /// For a db.json object: offset of the `{` and of the `}` (0 and 0 for a top-level array).
    uint64_t object_open;
    uint64_t object_close;
    /// JSONPlaceholder's other collections (`ji_extra`: albums, photos, todos), validated and
    /// skipped like any other member: 1 when the db.json object has that member as an array
    /// (the last one when given twice), with the offsets of its `[` and `]`.
    int extra_present[3];
    uint64_t extra_open[3];
    uint64_t extra_close[3];
} ji_result;

/// The db.json members whose arrays `ji_result.extra_*` locate (not indexed record by record).
enum ji_extra { JI_ALBUMS = 0, JI_PHOTOS = 1, JI_TODOS = 2 };

/// Arrays already indexed (by ji_index_array): for each collection, the offsets of its `[` and
/// `]`, or UINT64_MAX for none. When ji_index meets that collection's array at exactly that
/// offset it jumps past it (no batches) and sets `skipped`.
typedef struct ji_known {
    uint64_t open[3];
    uint64_t close[3];
    int skipped[3];
    /// When set: asked for a collection's `]` when the pass meets its `[` at `open` while its
    /// `close` is UINT64_MAX (another thread is indexing that array). Blocks until it is known;
    /// UINT64_MAX when that indexing failed, and the pass then indexes the array itself.
    uint64_t (*wait_close)(void *context, int collection);
    void *wait_context;
} ji_known;

/// Indexes the `length` bytes at `data`. `readable` (>= length) is how many bytes at `data`
/// may be read: records closer than simdjson's padding (64 bytes) to `readable` are copied
/// before parsing. `top_array` is the collection a top-level array holds (a file named
/// `users….json`), or -1 when the file must be a db.json object. `batch` is how many records
/// a batch holds at most (at least 1); the pass's first batch holds at most 256 (first rows). Returns `result->status`.
int ji_index(const uint8_t *data, size_t length, size_t readable, int top_array, size_t batch,
             ji_known *known, ji_batch_fn callback, void *context, ji_result *result);

/// Indexes only the array whose `[` is at offset `open`, as records of `collection` (batches as
/// for ji_index); `result->array_open`/`array_close` say where it was. Used to index a
/// collection first when its place was guessed (ji_find_array), before the full pass.
int ji_index_array(const uint8_t *data, size_t length, size_t readable, uint64_t open, int collection, size_t batch,
                   ji_batch_fn callback, void *context, ji_result *result);

/// The offset of the `[` of the first (with `from_end`: the last) `\n  "NAME": [` in the data
/// (json-server's layout: two spaces of indent, one space after the colon), or UINT64_MAX. A
/// guess only (nothing says the line is at depth 1): ji_index confirms it. AVX2.
uint64_t ji_find_array(const uint8_t *data, size_t length, const char *name, int from_end);

/// ji_find_array's answer for `collection`'s member `name`, found without reading the file up
/// to it: records sampled at evenly spaced offsets (in json-server's layout every record starts
/// on a line `\n    {` and its keys tell its collection: a user has `username`, a post `userId`
/// and `body`, a comment `postId`), then a binary search to the array's first record and
/// ji_find_array over a window of 256 KiB there. Reads about 1,000 records' bytes whatever the
/// file's size. UINT64_MAX when the file is not in that layout, is under 512 KiB, or no probe
/// lands in the array (a small one): the caller then scans with ji_find_array. A guess only.
/// `from_end`: the probes are tried from the last one back (an array near the end, as
/// json-server puts `users`), so fewer are read.
uint64_t ji_probe_array(const uint8_t *data, size_t length, const char *name, int collection, int from_end);

/// 1 when this CPU (and its OS) can run the pass, compiled for simdjson's "haswell" level:
/// AVX2 with the OS saving its registers, BMI1, PCLMULQDQ and LZCNT, read with `cpuid`; 0 elsewhere.
int ji_cpu_supported(void);

/// The padding simdjson needs after a buffer it parses (SIMDJSON_PADDING).
size_t ji_padding(void);

#ifdef __cplusplus
}
#endif

#endif
