import Foundation

/// JSON text for people: the raw view (`v`) shows a record through this.
public enum JSONText {
    /// `data` (UTF-8 JSON, RFC 8259) pretty-printed as json-server writes: two-space indents,
    /// `"key": value`, members in the order they came (duplicates kept), numbers as written
    /// (`1.0`, 20-digit ids stay as they are). Strings are re-escaped: control characters come
    /// out as `\u001b`-style escapes; other characters (bidi controls included) as themselves,
    /// for the screen to show harmlessly.
    /// - Throws: ``DataError/malformedJSON(path:location:reason:)`` (location `record`) naming
    ///   the byte offset where `data` stops being JSON.
    public static func prettyPrinted(_ data: Data) throws(DataError) -> String {
        do throws(JSONValue.ParseError) {
            return String(decoding: try JSONValue.parse(data).printed(capacity: data.count), as: UTF8.self)
        } catch {
            throw .malformedJSON(path: "$", location: "record", reason: error.description)
        }
    }

    /// A record Bulletin holds as a model (the embedded data set's), pretty-printed as
    /// ``prettyPrinted(_:)`` does, members in the model's order.
    static func prettyPrinted(_ record: Record) -> String {
        String(decoding: RecordJSON.value(of: record).printed(), as: UTF8.self)
    }
}
