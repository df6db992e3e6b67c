@testable import BulletinData
import CJSONIndex
import Foundation
import Testing

/// The streamed export's record scanner (``rf_scan``): which records it copies as they are,
/// which it rebuilds from their members (unescaped), and which it leaves to Swift's decoder.
struct RecordFieldsTests {
    /// The status and the members' texts (and whether each id is written as a number).
    static func scan(_ text: String) -> (status: Int32, texts: [String], integers: [Bool]) {
        let bytes = Array(text.utf8)
        let keys: [UnsafePointer<CChar>?] = ExportKind.post.keys.map { UnsafePointer(strdup($0)) }
        defer { keys.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        var fields = [rf_field](repeating: rf_field(), count: keys.count)
        var scratch = [UInt8](repeating: 0, count: bytes.count)
        let status = rf_scan(bytes, bytes.count, keys, ExportKind.post.idMembers, keys.count,
                             DBJSONFormat.memberIndent, DBJSONFormat.closeIndent, &fields, &scratch)
        guard status != RF_FALLBACK.rawValue else { return (status, [], []) }
        // Copied out while `bytes` and `scratch` live.
        let texts = fields.map { String(decoding: UnsafeBufferPointer(start: $0.bytes, count: Int($0.length)), as: UTF8.self) }
        return (status, texts, fields.map { $0.is_integer != 0 })
    }

    static let canonical = "{\n      \"body\": \"b \\\"q\\\" \\\\ \\n\\u001f\",\n      \"id\": 1,\n      \"title\": \"東京 🙂 é\",\n      \"userId\": -2\n    }"

    @Test("a record in the export's own layout is copied; its members are read all the same")
    func copied() {
        let result = Self.scan(Self.canonical)
        #expect(result.status == RF_CANONICAL.rawValue)
        #expect(result.texts == ["b \"q\" \\ \n\u{1F}", "1", "東京 🙂 é", "-2"])
        #expect(result.integers == [false, true, false, true])
        // What the export writes for those members is those very bytes.
        let post = Post(userId: -2, id: 1, title: "東京 🙂 é", body: "b \"q\" \\ \n\u{1F}")
        let written = String(decoding: try! DBJSONFormat.encode(ExportData(users: [], posts: [post], comments: [])), as: UTF8.self)
        #expect(written.contains(Self.canonical))
    }

    @Test("other layouts and escapes are rebuilt from their members, unescaped", arguments: [
        ("{\"body\": \"b\", \"id\": 1, \"title\": \"t\", \"userId\": 2}", ["b", "1", "t", "2"]),
        ("{\n      \"id\": 1,\n      \"body\": \"b\",\n      \"title\": \"t\",\n      \"userId\": 2\n    }", ["b", "1", "t", "2"]),
        ("{\"body\": \"a\\/b \\u00e9 \\u00C9 \\uD83D\\uDE00\", \"id\": 1, \"title\": \"\\t\", \"userId\": 2}", ["a/b é É 😀", "1", "\t", "2"]),
        ("{\"body\": \"b\", \"id\": \"42\", \"title\": \"t\", \"userId\": \"+8\", \"x\": {\"y\": [1, \"}\"]}}", ["b", "42", "t", "+8"]),
        ("{\r\n  \"userId\": 0,\r\n  \"id\": 9,\r\n  \"title\": \"\",\r\n  \"body\": \"\"\r\n}", ["", "9", "", "0"]),
    ])
    func rebuilt(text: String, texts: [String]) {
        let result = Self.scan(text)
        #expect(result.status == RF_FIELDS.rawValue)
        #expect(result.texts == texts)
    }

    @Test("ids: written as numbers only when their text is an integer as Swift spells it")
    func ids() {
        let text = "{\"body\": \"b\", \"id\": \"42\", \"title\": \"t\", \"userId\": \"+8\"}"
        #expect(Self.scan(text).integers == [false, true, false, false])
        #expect(Self.scan(text.replacingOccurrences(of: "\"42\"", with: "\"007\"")).integers == [false, false, false, false])
        #expect(ExportRecord.isInteger(RecordID("42")) && !ExportRecord.isInteger(RecordID("+8")) && !ExportRecord.isInteger("007"))
    }

    @Test("left to Swift: a member missing, given twice, of another type, a fraction id, a lone surrogate, not an object", arguments: [
        "{\"body\": \"b\", \"id\": 1, \"userId\": 2}",
        "{\"body\": \"b\", \"id\": 1, \"title\": \"t\", \"title\": \"u\", \"userId\": 2}",
        "{\"body\": \"b\", \"id\": 1, \"title\": 7, \"userId\": 2}",
        "{\"body\": \"b\", \"id\": 1, \"title\": null, \"userId\": 2}",
        "{\"body\": \"b\", \"id\": 1.5, \"title\": \"t\", \"userId\": 2}",
        "{\"body\": \"b\", \"id\": 12345678901234567890, \"title\": \"t\", \"userId\": 2}",
        "{\"body\": \"\\uD800 x\", \"id\": 1, \"title\": \"t\", \"userId\": 2}",
        "{\"body\": \"b\", \"i\\u0064\": 1, \"title\": \"t\", \"userId\": 2}",
        "[1, 2]",
    ])
    func fallback(text: String) {
        #expect(Self.scan(text).status == RF_FALLBACK.rawValue)
    }
}
