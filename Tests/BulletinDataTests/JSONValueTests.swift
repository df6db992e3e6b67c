@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// The order-keeping JSON reader and json-server-style printer behind file saves (issue 8).
struct JSONValueTests {
    private func printed(_ text: String) throws -> String {
        String(decoding: try JSONValue.parse(Data(text.utf8)).printed(), as: UTF8.self)
    }

    @Test("member order, duplicate-free text of numbers and nesting are kept; output is 2-space json-server style")
    func keepsOrderAndNumbers() throws {
        let text = #"{"z": 1.0, "a": [12345678901234567890, -0, 1e3, true, null], "m": {}, "e": [], "s": "é\u00e9\/"}"#
        #expect(try printed(text) == """
            {
              "z": 1.0,
              "a": [
                12345678901234567890,
                -0,
                1e3,
                true,
                null
              ],
              "m": {},
              "e": [],
              "s": "éé/"
            }
            """)
    }

    @Test("strings escape as JSON.stringify does: quotes, backslashes, \\n \\t and other controls as \\u00XX")
    func escapes() throws {
        let value = JSONValue.string("a\"b\\c\n\t\u{1B}[2J\u{7F}\u{2028}😀")
        #expect(String(decoding: value.printed(), as: UTF8.self) == #""a\"b\\c\n\t\u001b[2J"# + "\u{7F}\u{2028}😀\"")
        #expect(try JSONValue.parse(Data(value.printed())) == value)
    }

    @Test("surrogate pairs join; lone or reversed surrogates become U+FFFD")
    func surrogates() throws {
        #expect(try JSONValue.parse(Data(#""\ud83d\ude00""#.utf8)) == .string("😀"))
        #expect(try JSONValue.parse(Data(#""\ud83d x""#.utf8)) == .string("\u{FFFD} x"))
        #expect(try JSONValue.parse(Data(#""\ude00\ud83d""#.utf8)) == .string("\u{FFFD}\u{FFFD}"))
    }

    @Test("malformed documents are refused with the byte offset", arguments: [
        (#"{"a": }"#, 6), (#"{"a": 1"#, 7), ("[1, 2] x", 7), ("\u{0}\u{0}", 0), (#"{"a": 01}"#, 8), ("", 0),
    ])
    func malformed(text: String, offset: Int) {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(Data(text.utf8)) }
        do { _ = try JSONValue.parse(Data(text.utf8)) } catch { #expect(error.offset == offset, "\(text)") }
    }

    @Test("the shared json-server db.json prints back byte for byte",
          SharedData.needed)
    func sharedDBRoundTrip() throws {
        let data = try Data(contentsOf: SharedData.data("jsonplaceholder/db.json"))
        let printed = try JSONValue.parse(data).printed() + [UInt8(ascii: "\n")]
        #expect(Data(printed) == data)
    }

    @Test("hard inputs print to text that reads back as the same value and the same records",
          SharedData.needed,
          arguments: ["posts-escape-sequences.json", "users-escape-sequences.json", "comments-lone-surrogates.json",
                      "users-cjk-names.json", "posts-very-long-strings.json", "posts-string-ids.json"])
    func hardInputsRoundTrip(name: String) throws {
        let data = try Data(contentsOf: SharedData.input(name))
        let value = try JSONValue.parse(data)
        let printed = Data(value.printed())
        #expect(try JSONValue.parse(printed) == value)
        #expect(try JSONSerialization.jsonObject(with: printed) is [Any])
        let after = try DataSetStore.decodeDataSet(printed, location: name, fileName: name)
        // Foundation refuses lone surrogates; the printed file has U+FFFD in their place.
        if let before = try? DataSetStore.decodeDataSet(data, location: name, fileName: name) {
            #expect(after == before)
        } else {
            #expect(name == "comments-lone-surrogates.json" && !after.comments.isEmpty)
        }
    }
}
