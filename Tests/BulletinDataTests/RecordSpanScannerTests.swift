@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// The record-span scanner (issue 13): every element span it finds is exactly the text of that
/// element, whatever the formatting, and feeding it in chunks of any size finds the same spans.
struct RecordSpanScannerTests {
    /// Checks `spans` against a full parse of `bytes`: each collection's elements, in order,
    /// parse to the values the full parse holds, and each id is the element's id text.
    static func verify(_ spans: RecordSpans, against bytes: [UInt8], fileName: String) throws {
        let root = try JSONValue.parse(Array(bytes.dropFirst(spans.bomLength)))
        for kind in RecordKind.allCases {
            let expected: [JSONValue]?
            if case let .array(elements) = root {
                expected = fileName.lowercased().hasPrefix(kind.rawValue) ? elements : nil
            } else if case let .array(elements)? = root[kind.rawValue] {
                expected = elements
            } else {
                expected = nil
            }
            let found = spans.collections[kind]
            #expect((found == nil) == (expected == nil), "\(fileName): \(kind) present")
            guard let found, let expected else { continue }
            #expect(found.elements.count == expected.count, "\(fileName): \(kind) count")
            #expect(bytes[found.open] == UInt8(ascii: "[") && bytes[found.close] == UInt8(ascii: "]"))
            for (element, value) in zip(found.elements, expected) {
                let text = Array(bytes[element.start..<element.end])
                #expect(try JSONValue.parse(text) == value, "\(fileName): \(kind) element at \(element.start)")
                switch value["id"] {
                case let .string(id)?: #expect(element.id == id && element.idIsString)
                case let .number(text)?: #expect(element.id == RecordSpans.integerText(ofNumber: Array(text.utf8)))
                default: #expect(element.id == nil)
                }
            }
        }
    }

    private static func scan(_ text: String, fileName: String = "db.json", chunk: Int? = nil) throws -> RecordSpans {
        let bytes = Array(text.utf8)
        return try scan(bytes, fileName: fileName, chunk: chunk)
    }

    private static func scan(_ bytes: [UInt8], fileName: String, chunk: Int? = nil) throws -> RecordSpans {
        var scanner = RecordSpanScanner(fileName: fileName)
        bytes.withUnsafeBytes { buffer in
            let size = chunk ?? max(1, buffer.count)
            var offset = 0
            while offset < buffer.count {
                scanner.feed(UnsafeRawBufferPointer(rebasing: buffer[offset..<min(buffer.count, offset + size)]))
                offset += size
            }
        }
        return try scanner.finish()
    }

    static let oddFile = "\u{FEFF}" + """
        {"posts" :\t[ {"id":1e3,"title":"a \\"quoted\\" \\\\ back\\\\","x":{"id":7}} ,\r\n\t{"userId":2,"\\u0069d":"s\\u0031","title":"]}"} ],
        "users":[],"comments":[{"id":-0.0,"body":"\\\\\\"" },{"body":"no id"}],
        "albums":{"posts":[{"id":99}]}, "posts": [{"id": 5}]}
        """

    @Test("odd formatting: BOM, tabs, CRLF, escapes in keys and strings, number spellings, nested ids, duplicate members")
    func oddFormatting() throws {
        let bytes = Array(Self.oddFile.utf8)
        let spans = try Self.scan(bytes, fileName: "db.json")
        #expect(spans.bomLength == 3)
        #expect(spans.collections[.post]?.elements.map(\.id) == ["1000", "s1"])
        #expect(spans.collections[.comment]?.elements.map(\.id) == ["0", nil])
        #expect(spans.collections[.user]?.elements.isEmpty == true)
        #expect(spans.rootMembers.count == 5)
        // The first "posts" member is the one kept, as JSONValue's reads do.
        try Self.verify(spans, against: bytes, fileName: "db.json")
    }

    @Test("chunks of every size from 1 to 17 bytes find the same spans as one pass")
    func chunked() throws {
        let whole = try Self.scan(Self.oddFile)
        for size in 1...17 {
            #expect(try Self.scan(Self.oddFile, chunk: size) == whole, "chunk size \(size)")
        }
    }

    @Test("a top-level array is the collection its file name says")
    func topLevelArray() throws {
        let spans = try Self.scan(#"[{"id": "1", "name": "A"}, {"id": 2.0}]"#, fileName: "users-string-ids.json")
        #expect(spans.rootIsArray)
        #expect(spans.collections.keys.sorted { $0.rawValue < $1.rawValue } == [.user])
        #expect(spans.collections[.user]?.elements.map(\.id) == ["1", "2"])
        #expect(try Self.scan("[1, 2]", fileName: "data.json").collections.isEmpty)
    }

    @Test("broken documents fail with the offset of the problem", arguments: [
        (#"{"posts": [}"#, 11), (#"{"posts": ["x]}"#, 15), (#"{"a": 1} {"#, 9), (#"{"posts": [1, 2]"#, 16),
        (#"{"a": @}"#, 6), ("", 0), (#"{"a": 1}]"#, 8),
    ])
    func broken(text: String, offset: Int) throws {
        #expect(throws: RecordSpanScanner.Failure.self) { try Self.scan(text) }
        do { _ = try Self.scan(text) } catch let failure as RecordSpanScanner.Failure { #expect(failure.offset == offset, "\(text)") }
    }

    @Test("ids in any JSON number spelling read as the integer they are", arguments: [
        ("1e3", "1000"), ("1.0", "1"), ("2.0", "2"), ("10E-1", "1"), ("1.5", "1.5"), ("-0", "0"), ("120e-1", "12"),
        ("12345678901234567890", "12345678901234567890"), ("0.0e5", "0"), ("-3.00", "-3"), ("7", "7"),
    ])
    func numberSpellings(text: String, id: String) {
        #expect(RecordSpans.integerText(ofNumber: Array(text.utf8)) == id)
    }

    @Test("every shared json file that parses maps to spans that match a full parse, element by element")
    func sharedFiles() throws {
        let files = try SharedFiles.jsonFiles()
        try #require(!files.isEmpty || !SharedData.isRequired, "shared data is required but missing")
        var checked = 0
        for url in files {
            guard let data = FileManager.default.contents(atPath: url.path), (try? JSONValue.parse(data)) != nil else { continue }
            let bytes = [UInt8](data)
            let name = url.lastPathComponent
            try Self.verify(Self.scan(bytes, fileName: name), against: bytes, fileName: name)
            try Self.verify(Self.scan(bytes, fileName: name, chunk: 4093), against: bytes, fileName: name)
            checked += 1
        }
        #expect(checked >= 10)
    }
}

/// The json files of `../shared/data` and `../shared/inputs`; the calling test is skipped with a
/// notice when the shared data is absent (see ``SharedData/requireAvailable(sourceLocation:)``).
enum SharedFiles {
    static func jsonFiles(sourceLocation: SourceLocation = #_sourceLocation) throws -> [URL] {
        try SharedData.requireAvailable(sourceLocation: sourceLocation)
        var found: [URL] = []
        for root in [SharedData.dataRoot, SharedData.inputsRoot] {
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "json" { found.append(url) }
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}
