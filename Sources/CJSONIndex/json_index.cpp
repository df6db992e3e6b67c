// The db.json index pass behind json_index.h: an outer scanner over the top-level structure
// and simdjson On-Demand over each record. See json_index.h for the contract.
#include "json_index.h"

#include <simdjson.h>

#include <immintrin.h>

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

using namespace simdjson;

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
struct RecordReader {
    const uint8_t *data = nullptr;
    size_t readable = 0;
    ondemand::parser parser;
    dom::parser dom;
    std::string copy;
    std::string arena;
    char message[96] = {0};

    /// The padded bytes simdjson reads for [start, end): the file itself when the padding is
    /// readable there, else a copy.
    const char *padded(uint64_t start, uint64_t end) {
        if (end + SIMDJSON_PADDING <= readable) return reinterpret_cast<const char *>(data + start);
        copy.assign(reinterpret_cast<const char *>(data + start), end - start);
        copy.append(SIMDJSON_PADDING, ' ');
        return copy.data();
    }

    void note(error_code error) {
        snprintf(message, sizeof message, "%s", error_message(error));
    }

    /// A string member's text: its bytes in the file when it has no escapes, else unescaped
    /// into the arena. False when it is not a string (or not valid).
    bool text(ondemand::value &value, const char *base, uint64_t start, ji_text &out) {
        std::string_view token = value.raw_json_token();
        if (token.empty() || token[0] != '"') return false;
        size_t close = token.size();
        while (close > 1 && token[close - 1] != '"') close--;
        if (close < 2) return false;
        std::string_view inner = token.substr(1, close - 2);
        if (memchr(inner.data(), '\\', inner.size()) == nullptr) {
            out = ji_text{start + static_cast<uint64_t>(inner.data() - base), static_cast<uint32_t>(inner.size()), 0};
            return true;
        }
        std::string_view unescaped;
        if (value.get_string().get(unescaped)) return false;
        out = ji_text{arena.size(), static_cast<uint32_t>(unescaped.size()), 1};
        arena.append(unescaped);
        return true;
    }

    /// An id member: an integer (fits int64) or a string.
    bool id(ondemand::value &value, const char *base, uint64_t start, uint16_t &kind, int64_t &number, ji_text &out) {
        ondemand::json_type type;
        if (value.type().get(type)) return false;
        if (type == ondemand::json_type::number) {
            ondemand::number_type number_type;
            if (value.get_number_type().get(number_type) || number_type != ondemand::number_type::signed_integer) {
                return false;
            }
            std::string_view token = value.raw_json_token();
            // Plain integers only ("1", "-3"); "1e3", "1.0" and "-0" are left to the full decoder.
            size_t digits = 0;
            while (digits < token.size() && !is_blank(static_cast<uint8_t>(token[digits]))) digits++;
            std::string_view spelled = token.substr(0, digits);
            if (spelled == "-0") return false;
            for (size_t i = (spelled[0] == '-') ? 1 : 0; i < spelled.size(); i++) {
                if (spelled[i] < '0' || spelled[i] > '9') return false;
            }
            if (value.get_int64().get(number)) return false;
            kind = JI_ID_NUMBER;
            return true;
        }
        if (type == ondemand::json_type::string) {
            if (!text(value, base, start, out)) return false;
            kind = JI_ID_STRING;
            return true;
        }
        return false;
    }

    /// True when `value` is a string or null (an optional text member).
    static bool optional_text(ondemand::value &value) {
        ondemand::json_type type;
        if (value.type().get(type)) return false;
        return type == ondemand::json_type::string || type == ondemand::json_type::null;
    }

    /// True when `value` is null, or an object whose members named in `texts` are strings or
    /// null and whose `nested` member (if any) passes the same check with `nested_texts`.
    static bool optional_object(ondemand::value &value, std::initializer_list<std::string_view> texts,
                                std::string_view nested = {},
                                std::initializer_list<std::string_view> nested_texts = {}) {
        ondemand::json_type type;
        if (value.type().get(type)) return false;
        if (type == ondemand::json_type::null) return true;
        if (type != ondemand::json_type::object) return false;
        ondemand::object object;
        if (value.get_object().get(object)) return false;
        std::vector<std::string_view> seen;
        for (auto field : object) {
            std::string_view key;
            if (field.unescaped_key().get(key)) return false;
            ondemand::value member;
            if (field.value().get(member)) return false;
            bool known = false;
            for (auto name : texts) {
                if (key == name) {
                    known = true;
                    if (!optional_text(member)) return false;
                }
            }
            if (!nested.empty() && key == nested) {
                known = true;
                if (!optional_object(member, nested_texts)) return false;
            }
            if (known) {
                for (auto name : seen) {
                    if (name == key) return false;
                }
                seen.push_back(key);  // keys live in the parser's string buffer until the next iterate
            }
        }
        return true;
    }

    /// Reads one record of `collection` at [start, end). Returns false (with `message`) when
    /// simdjson finds the record broken in a way other than bad UTF-8.
    bool read(int collection, uint64_t start, uint64_t end, ji_record &record) {
        record = ji_record{};
        record.start = start;
        record.end = end;
        record.status = JI_IRREGULAR;
        record.id_text = record.owner_text = absent_text();
        for (auto &text : record.texts) text = absent_text();
        if (data[start] != '{') {
            // Not an object: valid JSON? Then the full decoder names the problem.
            return validate(start, end);
        }
        const char *base = padded(start, end);
        ondemand::document document;
        error_code error = parser.iterate(base, end - start, end - start + SIMDJSON_PADDING).get(document);
        if (error == UTF8_ERROR) {
            record.status = JI_BAD_UTF8;
            return true;
        }
        if (error) {
            note(error);
            return false;
        }
        ondemand::object object;
        if ((error = document.get_object().get(object))) {
            note(error);
            return false;
        }
        bool regular = true;
        unsigned seen = 0;  // bit per member of interest, to catch one given twice
        auto mark = [&](unsigned bit) {
            if (seen & bit) regular = false;
            seen |= bit;
        };
        for (auto field : object) {
            std::string_view key;
            if ((error = field.unescaped_key().get(key))) {
                if (error == UTF8_ERROR) {
                    record.status = JI_BAD_UTF8;
                    return true;
                }
                note(error);
                return false;
            }
            ondemand::value value;
            if ((error = field.value().get(value))) {
                note(error);
                return false;
            }
            if (!regular) continue;
            if (key == "id") {
                mark(1);
                if (!id(value, base, start, record.id_kind, record.id_number, record.id_text)) regular = false;
                continue;
            }
            switch (collection) {
            case JI_POSTS:
                if (key == "userId") {
                    mark(2);
                    if (!id(value, base, start, record.owner_kind, record.owner_number, record.owner_text)) regular = false;
                } else if (key == "title") {
                    mark(4);
                    if (!text(value, base, start, record.texts[0])) regular = false;
                } else if (key == "body") {
                    mark(8);
                    ondemand::json_type type;
                    if (value.type().get(type) || type != ondemand::json_type::string) regular = false;
                }
                break;
            case JI_COMMENTS:
                if (key == "postId") {
                    mark(2);
                    if (!id(value, base, start, record.owner_kind, record.owner_number, record.owner_text)) regular = false;
                } else if (key == "name" || key == "email" || key == "body") {
                    mark(key == "name" ? 4 : key == "email" ? 8 : 16);
                    ondemand::json_type type;
                    if (value.type().get(type) || type != ondemand::json_type::string) regular = false;
                }
                break;
            case JI_USERS:
                if (key == "name") {
                    mark(4);
                    if (!text(value, base, start, record.texts[0])) regular = false;
                } else if (key == "username") {
                    mark(8);
                    if (!text(value, base, start, record.texts[1])) regular = false;
                } else if (key == "email") {
                    mark(16);
                    if (!optional_text(value)) {
                        regular = false;
                    } else {
                        ondemand::json_type type;
                        if (!value.type().get(type) && type == ondemand::json_type::string &&
                            !text(value, base, start, record.texts[2])) {
                            regular = false;
                        }
                    }
                } else if (key == "phone" || key == "website") {
                    mark(key == "phone" ? 32 : 64);
                    if (!optional_text(value)) regular = false;
                } else if (key == "address") {
                    mark(128);
                    if (!optional_object(value, {"street", "suite", "city", "zipcode"}, "geo", {"lat", "lng"})) {
                        regular = false;
                    }
                } else if (key == "company") {
                    mark(256);
                    if (!optional_object(value, {"name", "catchPhrase", "bs"})) regular = false;
                }
                break;
            }
        }
        unsigned required = collection == JI_POSTS ? (1 | 2 | 4 | 8) : collection == JI_COMMENTS ? (1 | 2 | 4 | 8 | 16) : (1 | 4 | 8);
        if (regular && (seen & required) == required) record.status = JI_REGULAR;
        if (record.status != JI_REGULAR) {
            // The caller decodes it: a syntax error anywhere in it (which On-Demand skipped over)
            // fails the file, as it does for the full decoder; bad string contents (a lone
            // surrogate) leave the record to be skipped.
            dom::element element;
            error_code invalid = dom.parse(padded(start, end), end - start, false).get(element);
            if (invalid && invalid != STRING_ERROR && invalid != UTF8_ERROR) {
                note(invalid);
                return false;
            }
            record.id_kind = record.owner_kind = JI_ID_NONE;
            for (auto &text : record.texts) text = absent_text();
        }
        return true;
    }

    /// Validates [start, end) as one JSON value with the DOM parser (for values nobody reads).
    bool validate(uint64_t start, uint64_t end) {
        const char *base = padded(start, end);
        dom::element element;
        error_code error = dom.parse(base, end - start, false).get(element);
        if (error) {
            note(error);
            return false;
        }
        return true;
    }
};

struct Pass {
    Scanner scanner{nullptr, 0};
    RecordReader reader;
    size_t batch = 1;
    ji_batch_fn callback = nullptr;
    void *context = nullptr;
    ji_result *result = nullptr;
    ji_known *known = nullptr;
    std::vector<ji_record> records;

    int fail(int status, const char *words) {
        result->status = status;
        result->error_offset = scanner.at;
        if (words) snprintf(result->message, sizeof result->message, "%s", words);
        return status;
    }

    bool flush(int collection) {
        if (records.empty()) return true;
        int stop = callback(context, collection, records.data(), records.size(), reader.arena.data(), scanner.at);
        records.clear();
        reader.arena.clear();
        return stop == 0;
    }

    /// The array at `scanner.at` (its `[`), record by record.
    int array(int collection) {
        result->present[collection] = 1;
        result->array_open[collection] = scanner.at;
        scanner.at++;
        scanner.skip_blanks();
        if (!scanner.at_end() && scanner.peek() == ']') {
            result->array_close[collection] = scanner.at;
            scanner.at++;
            return JI_OK;
        }
        for (;;) {
            scanner.skip_blanks();
            size_t start = scanner.at;
            if (scanner.at_end() || !scanner.skip_value()) return fail(JI_BROKEN, "the file ends inside a record");
            ji_record record;
            if (!reader.read(collection, start, scanner.at, record)) {
                scanner.at = start;
                return fail(JI_BROKEN, reader.message);
            }
            records.push_back(record);
            if (records.size() >= batch && !flush(collection)) return fail(JI_CANCELLED, nullptr);
            scanner.skip_blanks();
            if (scanner.at_end()) return fail(JI_BROKEN, "the file ends inside an array");
            uint8_t c = scanner.peek();
            if (c == ',') {
                scanner.at++;
                continue;
            }
            if (c == ']') {
                result->array_close[collection] = scanner.at;
                scanner.at++;
                if (!flush(collection)) return fail(JI_CANCELLED, nullptr);
                return JI_OK;
            }
            return fail(JI_BROKEN, "expected , or ] after a record");
        }
    }

    /// The top-level db.json object at `scanner.at`.
    int object() {
        result->object_open = scanner.at;
        scanner.at++;
        scanner.skip_blanks();
        if (!scanner.at_end() && scanner.peek() == '}') {
            result->object_close = scanner.at;
            scanner.at++;
            return JI_OK;
        }
        for (;;) {
            scanner.skip_blanks();
            if (scanner.at_end() || scanner.peek() != '"') return fail(JI_BROKEN, "expected a member name");
            size_t key_start = scanner.at + 1;
            if (!scanner.skip_string()) return fail(JI_BROKEN, "the file ends inside a member name");
            std::string_view key(reinterpret_cast<const char *>(scanner.data + key_start), scanner.at - 1 - key_start);
            if (key.find('\\') != std::string_view::npos) return fail(JI_UNSUPPORTED, "a member name with escapes");
            scanner.skip_blanks();
            if (scanner.at_end() || scanner.peek() != ':') return fail(JI_BROKEN, "expected :");
            scanner.at++;
            scanner.skip_blanks();
            if (scanner.at_end()) return fail(JI_BROKEN, "the file ends before a value");
            int collection = key == "users" ? JI_USERS : key == "posts" ? JI_POSTS : key == "comments" ? JI_COMMENTS : -1;
            if (collection >= 0 && result->present[collection]) return fail(JI_UNSUPPORTED, "a collection given twice");
            if (collection >= 0 && known && known->open[collection] == scanner.at) {
                // Indexed already, by ji_index_array: jump over it.
                result->present[collection] = 1;
                result->array_open[collection] = scanner.at;
                result->array_close[collection] = known->close[collection];
                known->skipped[collection] = 1;
                scanner.at = known->close[collection] + 1;
            } else if (collection >= 0 && scanner.peek() == '[') {
                int status = array(collection);
                if (status != JI_OK) return status;
            } else {
                size_t start = scanner.at;
                if (!scanner.skip_value()) return fail(JI_BROKEN, "the file ends inside a value");
                std::string_view value(reinterpret_cast<const char *>(scanner.data + start), scanner.at - start);
                if (collection >= 0 && value != "null") {
                    scanner.at = start;
                    return fail(JI_UNSUPPORTED, "a collection that is not an array");
                }
                if (!reader.validate(start, scanner.at)) {
                    scanner.at = start;
                    return fail(JI_BROKEN, reader.message);
                }
            }
            scanner.skip_blanks();
            if (scanner.at_end()) return fail(JI_BROKEN, "the file ends inside the object");
            uint8_t c = scanner.peek();
            if (c == ',') {
                scanner.at++;
                continue;
            }
            if (c == '}') {
                result->object_close = scanner.at;
                scanner.at++;
                return JI_OK;
            }
            return fail(JI_BROKEN, "expected , or } after a member");
        }
    }

    int run(int top_array) {
        scanner.skip_blanks();
        if (scanner.at_end()) return fail(JI_BROKEN, "empty");
        int status;
        if (top_array >= 0) {
            if (scanner.peek() != '[') return fail(JI_BROKEN, "expected [");
            status = array(top_array);
        } else {
            if (scanner.length >= 3 && scanner.at == 0 && memcmp(scanner.data, "\xEF\xBB\xBF", 3) == 0) {
                scanner.at = 3;
                scanner.skip_blanks();
            }
            if (scanner.at_end() || scanner.peek() != '{') return fail(JI_BROKEN, "expected {");
            status = object();
        }
        if (status != JI_OK) return status;
        scanner.skip_blanks();
        if (!scanner.at_end()) return fail(JI_BROKEN, "content after the end");
        result->status = JI_OK;
        return JI_OK;
    }
};

}  // namespace

namespace {
void prepare(Pass &pass, const uint8_t *data, size_t length, size_t readable, size_t batch, ji_batch_fn callback,
             void *context, ji_result *result) {
    *result = ji_result{};
    pass.scanner = Scanner{data, length};
    pass.reader.data = data;
    pass.reader.readable = readable;
    pass.batch = batch < 1 ? 1 : batch;
    pass.callback = callback;
    pass.context = context;
    pass.result = result;
    pass.records.reserve(pass.batch);
}
}  // namespace

extern "C" int ji_index(const uint8_t *data, size_t length, size_t readable, int top_array, size_t batch,
                        ji_known *known, ji_batch_fn callback, void *context, ji_result *result) {
    try {
        Pass pass;
        prepare(pass, data, length, readable, batch, callback, context, result);
        pass.known = known;
        return pass.run(top_array);
    } catch (...) {
        result->status = JI_BROKEN;
        snprintf(result->message, sizeof result->message, "out of memory");
        return JI_BROKEN;
    }
}

extern "C" int ji_index_array(const uint8_t *data, size_t length, size_t readable, uint64_t open, int collection,
                              size_t batch, ji_batch_fn callback, void *context, ji_result *result) {
    try {
        Pass pass;
        prepare(pass, data, length, readable, batch, callback, context, result);
        if (open >= length || data[open] != '[' || collection < 0 || collection > 2) {
            return pass.fail(JI_BROKEN, "no array there");
        }
        pass.scanner.at = open;
        int status = pass.array(collection);
        if (status == JI_OK) result->status = JI_OK;
        return status;
    } catch (...) {
        result->status = JI_BROKEN;
        snprintf(result->message, sizeof result->message, "out of memory");
        return JI_BROKEN;
    }
}

extern "C" uint64_t ji_find_array(const uint8_t *data, size_t length, const char *name, int from_end) {
    std::string needle = std::string("\n  \"") + name + "\": [";
    size_t k = needle.size();
    if (length < k) return UINT64_MAX;
    // Wojciech Muła's SIMD substring search: 32 positions at a time whose first and last
    // bytes match, each candidate checked with memcmp.
    const __m256i first = _mm256_set1_epi8(needle[0]);
    const __m256i last = _mm256_set1_epi8(needle[k - 1]);
    auto candidates = [&](size_t i) {
        __m256i block_first = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(data + i));
        __m256i block_last = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(data + i + k - 1));
        return static_cast<uint32_t>(_mm256_movemask_epi8(
            _mm256_and_si256(_mm256_cmpeq_epi8(first, block_first), _mm256_cmpeq_epi8(last, block_last))));
    };
    size_t blocks = (length - k + 1) / 32;  // whole blocks of 32 starting positions
    if (!from_end) {
        for (size_t b = 0; b < blocks; b++) {
            size_t i = b * 32;
            for (uint32_t mask = candidates(i); mask; mask &= mask - 1) {
                unsigned bit = __builtin_ctz(mask);
                if (memcmp(data + i + bit, needle.data(), k) == 0) return i + bit + k - 1;
            }
        }
        for (size_t i = blocks * 32; i + k <= length; i++) {
            if (memcmp(data + i, needle.data(), k) == 0) return i + k - 1;
        }
        return UINT64_MAX;
    }
    for (size_t i = length - k + 1; i-- > blocks * 32;) {
        if (memcmp(data + i, needle.data(), k) == 0) return i + k - 1;
    }
    for (size_t b = blocks; b-- > 0;) {
        size_t i = b * 32;
        for (uint32_t mask = candidates(i); mask; mask &= ~(1u << (31 - __builtin_clz(mask)))) {
            unsigned bit = 31 - __builtin_clz(mask);
            if (memcmp(data + i + bit, needle.data(), k) == 0) return i + bit + k - 1;
        }
    }
    return UINT64_MAX;
}

extern "C" size_t ji_padding(void) { return SIMDJSON_PADDING; }
