// The db.json index pass behind json_index.h: the outer scanner (scanner.h) over the top-level
// structure and simdjson On-Demand over each record (record_reader.h). See json_index.h.
#include "json_index.h"

#include "record_reader.h"

#include <vector>

namespace {

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

    /// Whether a batch was handed over yet: the first is at most `kFirstBatch` records, so a
    /// list's first rows arrive before a whole batch is read.
    bool flushed = false;
    static constexpr size_t kFirstBatch = 256;

    bool flush(int collection) {
        if (records.empty()) return true;
        flushed = true;
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
            size_t limit = flushed || batch < kFirstBatch ? batch : kFirstBatch;
            if (records.size() >= limit && !flush(collection)) return fail(JI_CANCELLED, nullptr);
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
            uint64_t close = UINT64_MAX;
            if (collection >= 0 && known && known->open[collection] == scanner.at) {
                close = known->close[collection];
                if (close == UINT64_MAX && known->wait_close) close = known->wait_close(known->wait_context, collection);
            }
            if (close != UINT64_MAX) {
                // Indexed already, by ji_index_array: jump over it.
                result->present[collection] = 1;
                result->array_open[collection] = scanner.at;
                result->array_close[collection] = close;
                known->skipped[collection] = 1;
                scanner.at = close + 1;
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
                int extra = key == "albums" ? JI_ALBUMS : key == "photos" ? JI_PHOTOS : key == "todos" ? JI_TODOS : -1;
                if (extra >= 0 && scanner.data[start] == '[') {
                    result->extra_present[extra] = 1;
                    result->extra_open[extra] = start;
                    result->extra_close[extra] = scanner.at - 1;
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

extern "C" size_t ji_padding(void) { return SIMDJSON_PADDING; }
