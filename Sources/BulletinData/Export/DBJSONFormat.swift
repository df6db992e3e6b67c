import Foundation

/// A json-server `db.json` as json-server writes it: `{"comments": [...], "posts": [...],
/// "users": [...]}`, keys sorted, two-space indent, `"key": value`, non-ASCII kept as is,
/// `/` not escaped, and a final newline.
public enum DBJSONFormat {
    private struct File: Encodable {
        var users: [User]
        var posts: [Post]
        var comments: [Comment]
    }

    /// The whole file, UTF-8.
    /// - Throws: ``DataError/malformedJSON(path:location:reason:)`` only if a record cannot be encoded.
    public static func encode(_ data: ExportData) throws(DataError) -> Data {
        let value: JSONValue
        do {
            let compact = try JSONEncoder().encode(File(users: data.users, posts: data.posts, comments: data.comments))
            value = try JSONDecoder().decode(JSONValue.self, from: compact)
        } catch {
            throw .malformedJSON(path: "$", location: "export", reason: "cannot encode: \(error)")
        }
        var text = ""
        value.write(to: &text, indent: 0)
        text += "\n"
        return Data(text.utf8)
    }
}

/// Any JSON value, written with sorted keys and two-space indentation (as `JSON.stringify(value, null, 2)`).
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: JSONValue] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
            self = .object(members)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let value = try? single.decode(Bool.self) { self = .bool(value) }
        else if let value = try? single.decode(Int.self) { self = .integer(value) }
        else if let value = try? single.decode(Double.self) { self = .number(value) }
        else { self = .string(try single.decode(String.self)) }
    }

    func write(to text: inout String, indent: Int) {
        switch self {
        case .null: text += "null"
        case let .bool(value): text += value ? "true" : "false"
        case let .integer(value): text += String(value)
        case let .number(value): text += value.isFinite ? "\(value)" : "null"
        case let .string(value): Self.quote(value, into: &text)
        case let .array(items): writeArray(items, to: &text, indent: indent)
        case let .object(members): writeObject(members, to: &text, indent: indent)
        }
    }

    private func writeArray(_ items: [JSONValue], to text: inout String, indent: Int) {
        guard !items.isEmpty else { return text += "[]" }
        let inner = String(repeating: " ", count: indent + 2)
        text += "[\n"
        for (index, item) in items.enumerated() {
            text += inner
            item.write(to: &text, indent: indent + 2)
            text += index == items.count - 1 ? "\n" : ",\n"
        }
        text += String(repeating: " ", count: indent) + "]"
    }

    private func writeObject(_ members: [String: JSONValue], to text: inout String, indent: Int) {
        guard !members.isEmpty else { return text += "{}" }
        let inner = String(repeating: " ", count: indent + 2)
        let keys = members.keys.sorted()
        text += "{\n"
        for (index, key) in keys.enumerated() {
            text += inner
            Self.quote(key, into: &text)
            text += ": "
            members[key]?.write(to: &text, indent: indent + 2)
            text += index == keys.count - 1 ? "\n" : ",\n"
        }
        text += String(repeating: " ", count: indent) + "}"
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\n`-style or `\u00XX` escapes.
    static func quote(_ value: String, into text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
