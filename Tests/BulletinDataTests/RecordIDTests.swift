@testable import BulletinData
import Foundation
import Testing

struct RecordIDTests {
    private struct Holder: Codable, Equatable { var id: RecordID }

    private func decode(_ json: String) throws -> RecordID {
        try JSONDecoder().decode(Holder.self, from: Data(json.utf8)).id
    }

    @Test("an id decodes from a JSON number and from a JSON string")
    func decodesNumberAndString() throws {
        #expect(try decode(#"{"id": 3}"#) == 3)
        #expect(try decode(#"{"id": "b3e1"}"#) == "b3e1")
        #expect(try decode(#"{"id": "b3e1"}"#).number == nil)
    }

    @Test("a numeric string equals the number it spells")
    func numericStringEqualsNumber() throws {
        #expect(try decode(#"{"id": "3"}"#) == RecordID(3))
        #expect(RecordID("3") == 3)
        #expect(Set([RecordID("3"), RecordID(3)]).count == 1)
    }

    @Test("null, booleans and fractions are not ids")
    func rejectsOtherValues() {
        for json in [#"{"id": null}"#, #"{"id": true}"#, #"{"id": 1.5}"#] {
            #expect(throws: DecodingError.self) { try decode(json) }
        }
    }

    @Test("a whole number beyond Int (23 digits) is an id kept as its digits, and encodes back as that number; beyond 38 digits it is not read")
    func largeWholeNumbers() throws {
        #expect(try decode(#"{"id": 12345678901234567890123}"#) == "12345678901234567890123")
        #expect(try decode(#"{"id": -98765432109876543210987}"#) == "-98765432109876543210987")
        let data = try JSONEncoder().encode(Holder(id: "12345678901234567890123"))
        #expect(String(decoding: data, as: UTF8.self) == #"{"id":12345678901234567890123}"#)
        #expect(RecordJSON.id("12345678901234567890123") == .number("12345678901234567890123"))
        #expect(throws: DecodingError.self) { try decode(#"{"id": 123456789012345678901234567890123456789012}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"id": 12345678901234567890123.5}"#) }
    }

    @Test("numeric ids sort by value, before text ids sorted by text")
    func ordering() {
        let ids: [RecordID] = ["b", 10, "a", 2, "1"]
        #expect(ids.sorted() == ["1", 2, 10, "a", "b"])
    }

    @Test("ids encode back as numbers when numeric and as strings otherwise")
    func encodesBack() throws {
        let data = try JSONEncoder().encode([Holder(id: 7), Holder(id: "x7")])
        #expect(String(decoding: data, as: UTF8.self) == #"[{"id":7},{"id":"x7"}]"#)
        #expect(try JSONDecoder().decode([Holder].self, from: data) == [Holder(id: 7), Holder(id: "x7")])
    }
}
