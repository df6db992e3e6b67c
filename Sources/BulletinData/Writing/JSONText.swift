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

    /// `value` encoded (`JSONEncoder`) and pretty-printed as ``prettyPrinted(_:)`` does, its
    /// top-level members in the order its type declares its stored properties (`Mirror`), as
    /// the source sent them (a todo: `userId`, `id`, `title`, `completed`): the encoder's own
    /// order is a dictionary's, different from run to run.
    public static func prettyPrinted(_ value: some Encodable) -> String {
        let data = (try? JSONEncoder().encode(value)) ?? Data("null".utf8)
        guard case let .object(members)? = try? JSONValue.parse(data) else {
            return (try? prettyPrinted(data)) ?? String(decoding: data, as: UTF8.self)
        }
        let order = Mirror(reflecting: value).children.compactMap(\.label)
        let ranked = members.sorted { (order.firstIndex(of: $0.key) ?? order.count) < (order.firstIndex(of: $1.key) ?? order.count) }
        return String(decoding: JSONValue.object(ranked).printed(), as: UTF8.self)
    }

    /// A record Bulletin holds as a model (the embedded data set's), pretty-printed as
    /// ``prettyPrinted(_:)`` does, members in the model's order.
    static func prettyPrinted(_ record: Record) -> String {
        String(decoding: RecordJSON.value(of: record).printed(), as: UTF8.self)
    }
}
