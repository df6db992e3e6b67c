// Reads one record with simdjson On-Demand into a ji_record (json_index.h). Internal to CJSONIndex.
#ifndef BULLETIN_JSON_INDEX_RECORD_READER_H
#define BULLETIN_JSON_INDEX_RECORD_READER_H

#include "scanner.h"

#include <simdjson.h>

#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace simdjson;

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

}  // namespace

#endif
