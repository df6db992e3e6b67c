#if canImport(Glibc)
import Glibc
#endif

/// One pass over a `db.json`'s bytes, fed in chunks of any size, that finds ``RecordSpans``:
/// a byte loop tracking strings (escapes included), nesting and the keys that matter (the root
/// object's member names, each record's `id`). String contents are skipped with `memchr`.
///
/// It checks structure (balanced brackets, terminated strings, one root value, tokens that
/// start like JSON values) but not every detail of RFC 8259 (number syntax, control
/// characters, UTF-8): files it is used on were decoded by `JSONDecoder` when loaded, and the
/// one record a save rewrites is parsed in full by ``JSONValue``.
struct RecordSpanScanner {
    /// Why the bytes are not a document the scanner can map, with the byte offset.
    struct Failure: Error, Equatable {
        var offset: Int
        var reason: String
    }

    // MARK: - State

    private enum Mode { case between, string, scalar }

    /// What the root's file name says a top-level array holds.
    private let arrayKind: RecordKind?
    private var mode = Mode.between
    /// Offset of the first byte of the chunk being fed.
    private var base = 0
    /// Open containers: `true` for an object.
    private var stack: [Bool] = []
    private var expectKey = false
    private var bom = 0
    private var checkedBOM = false
    private var rootOpen = -1
    private var rootClose = -1
    private var rootIsArray = false
    private var rootMembers: [RecordSpans.RootMember] = []
    private var collections: [RecordKind: RecordSpans.Collection] = [:]
    private var notArrays: Set<RecordKind> = []
    private var seenRootKeys: Set<String> = []
    private var failure: Failure?

    // The string or scalar being read.
    private var tokenIsKey = false
    private var capturing = false
    private var captured: [UInt8] = []
    private var capturedEscape = false
    private var carriedBackslashes = 0
    private var keyStart = 0

    // Root member and record being read.
    private var rootKey: RecordKind?
    private var rootKeyIsFirst = false
    private var tracked: RecordKind?
    private var trackedDepth = 0
    private var trackedCollection = RecordSpans.Collection(open: 0, close: 0, elements: [])
    private var element = RecordSpans.Element(start: 0, end: 0, id: nil, idIsString: false)
    private var keyIsID = false
    private var capturingID = false

    // MARK: - Init

    /// - Parameter fileName: The file's name: a top-level array is the collection its name
    ///   starts with (`users…`, `posts…`, `comments…`), as loading reads it.
    init(fileName: String) {
        let name = fileName.lowercased()
        arrayKind = RecordKind.allCases.first { name.hasPrefix($0.rawValue) }
    }

    // MARK: - API

    /// Reads the next bytes of the file.
    mutating func feed(_ chunk: UnsafeRawBufferPointer) {
        guard failure == nil, let start = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var index = 0
        let count = chunk.count
        while !checkedBOM, index < count {
            // A BOM (EF BB BF) may arrive split across chunks.
            let expected: [UInt8] = [0xEF, 0xBB, 0xBF]
            if start[index] == expected[bom] {
                bom += 1
                index += 1
                if bom == 3 { checkedBOM = true }
            } else if bom == 0 {
                checkedBOM = true
            } else {
                fail(base + index, "unexpected character")
                return
            }
        }
        while index < count, failure == nil {
            switch mode {
            case .string: index = readString(start, from: index, count: count)
            case .scalar: index = readScalar(start, from: index, count: count)
            case .between: index = readBetween(start, from: index, count: count)
            }
        }
        base += count
    }

    /// The spans, once every byte was fed.
    /// - Throws: ``Failure`` for a document that is not one complete JSON object or array.
    func finish() throws(Failure) -> RecordSpans {
        if let failure { throw failure }
        var state = self
        if state.mode == .scalar { state.endScalar(at: base) }
        if let failure = state.failure { throw failure }
        guard state.mode != .string else { throw Failure(offset: base, reason: "unterminated string") }
        guard state.rootOpen >= 0 else { throw Failure(offset: base, reason: "no JSON value") }
        guard state.stack.isEmpty, state.rootClose >= 0 else {
            throw Failure(offset: base, reason: "unexpected end of the document")
        }
        return RecordSpans(
            bomLength: state.bom, rootIsArray: state.rootIsArray, rootOpen: state.rootOpen, rootClose: state.rootClose,
            rootMembers: state.rootMembers, collections: state.collections, notArrays: state.notArrays, size: base)
    }

    /// Scans `bytes` whole.
    /// - Throws: As ``finish()``.
    static func scan(_ bytes: UnsafeRawBufferPointer, fileName: String) throws(Failure) -> RecordSpans {
        var scanner = RecordSpanScanner(fileName: fileName)
        scanner.feed(bytes)
        return try scanner.finish()
    }

    // MARK: - Between tokens

    private mutating func readBetween(_ bytes: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = start
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09:
                index += 1
                // Indentation: a run of spaces (or tabs) after each line break.
                while index < count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            case UInt8(ascii: ","):
                if stack.last == true { expectKey = true }
                index += 1
            case UInt8(ascii: ":"):
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let offset = base + index
                if stack.last == true, expectKey { fail(offset, "expected a member name"); return count }
                beginValue(at: offset, opening: byte)
                stack.append(byte == UInt8(ascii: "{"))
                expectKey = byte == UInt8(ascii: "{")
                if byte == UInt8(ascii: "{"), isRecordLevel { keyIsID = false }
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                let offset = base + index
                guard let isObject = stack.last, isObject == (byte == UInt8(ascii: "}")) else {
                    fail(offset, "unexpected '\(Character(Unicode.Scalar(byte)))'")
                    return count
                }
                if tracked != nil, !isObject, stack.count == trackedDepth {
                    trackedCollection.close = offset
                    if let tracked { collections[tracked] = trackedCollection }
                    tracked = nil
                }
                stack.removeLast()
                expectKey = false
                endValue(at: offset + 1)
                index += 1
            case UInt8(ascii: "\""):
                if let end = readWholeString(bytes, at: index, count: count) {
                    index = end
                    continue
                }
                let offset = base + index
                tokenIsKey = stack.last == true && expectKey
                if tokenIsKey {
                    expectKey = false
                    keyStart = offset
                    capturing = stack.count == 1 || isRecordLevel
                } else {
                    beginValue(at: offset, opening: byte)
                    capturing = capturingID
                }
                captured.removeAll(keepingCapacity: true)
                capturedEscape = false
                carriedBackslashes = 0
                mode = .string
                return index + 1
            default:
                let offset = base + index
                guard byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n")
                else {
                    fail(offset, "unexpected character")
                    return count
                }
                if stack.last == true, expectKey { fail(offset, "expected a member name"); return count }
                beginValue(at: offset, opening: byte)
                if let end = readWholeScalar(bytes, at: index, count: count) {
                    index = end
                    continue
                }
                capturing = capturingID
                captured.removeAll(keepingCapacity: true)
                mode = .scalar
                return index
            }
        }
        return index
    }

    // MARK: - Strings and scalars

    /// The usual string: it ends in this chunk and its closing quote has no backslash before it.
    /// Handled here without a mode change or a copy (a record's member name is compared in
    /// place); returns the offset after it, or `nil` to take the resumable path.
    @inline(__always)
    private mutating func readWholeString(_ bytes: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int? {
        let start = index + 1
        guard start < count, let found = memchr(bytes + start, Int32(UInt8(ascii: "\"")), count - start) else { return nil }
        let quote = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - bytes
        guard quote == start || bytes[quote - 1] != UInt8(ascii: "\\") else { return nil }
        let length = quote - start
        let offset = base + index
        if stack.last == true, expectKey {
            expectKey = false
            if stack.count == 1 {
                keyStart = offset
                tokenIsKey = true
                capturing = true
                captured.removeAll(keepingCapacity: true)
                captured.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: length))
                capturedEscape = memchr(bytes + start, Int32(UInt8(ascii: "\\")), length) != nil
                endString(at: base + quote + 1)
            } else if isRecordLevel {
                if length == 2 {
                    keyIsID = bytes[start] == UInt8(ascii: "i") && bytes[start + 1] == UInt8(ascii: "d")
                } else if memchr(bytes + start, Int32(UInt8(ascii: "\\")), length) != nil {
                    captured.removeAll(keepingCapacity: true)
                    captured.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: length))
                    capturedEscape = true
                    keyIsID = decodedCapture() == "id"
                } else {
                    keyIsID = false
                }
            }
            return quote + 1
        }
        beginValue(at: offset, opening: UInt8(ascii: "\""))
        if capturingID {
            captured.removeAll(keepingCapacity: true)
            captured.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: length))
            capturedEscape = memchr(bytes + start, Int32(UInt8(ascii: "\\")), length) != nil
            element.id = decodedCapture()
            element.idIsString = true
            capturingID = false
        }
        endValue(at: base + quote + 1)
        return quote + 1
    }

    /// A number or literal that ends in this chunk (its value already begun): returns the
    /// offset of the delimiter after it, or `nil` to take the resumable path.
    @inline(__always)
    private mutating func readWholeScalar(_ bytes: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int? {
        var end = index
        while end < count {
            switch bytes[end] {
            case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"):
                if capturingID {
                    captured.removeAll(keepingCapacity: true)
                    captured.append(contentsOf: UnsafeBufferPointer(start: bytes + index, count: end - index))
                }
                endScalar(at: base + end)
                return end
            default:
                end += 1
            }
        }
        return nil
    }

    /// Skips string contents to the closing quote (`memchr`), counting the backslashes before
    /// each quote found to tell an escaped one.
    private mutating func readString(_ bytes: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var segment = start
        while segment < count {
            let found = memchr(bytes + segment, Int32(UInt8(ascii: "\"")), count - segment)
            let quote = found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - bytes } ?? count
            var run = 0
            while quote - run - 1 >= segment, bytes[quote - run - 1] == UInt8(ascii: "\\") { run += 1 }
            if quote - run == segment { run += carriedBackslashes }
            if capturing {
                captured.append(contentsOf: UnsafeBufferPointer(start: bytes + segment, count: quote - segment))
                if memchr(bytes + segment, Int32(UInt8(ascii: "\\")), quote - segment) != nil { capturedEscape = true }
            }
            guard quote < count else {
                carriedBackslashes = run
                return count
            }
            carriedBackslashes = 0
            if run % 2 == 1 {
                if capturing { captured.append(UInt8(ascii: "\"")) }
                segment = quote + 1
                continue
            }
            mode = .between
            endString(at: base + quote + 1)
            return quote + 1
        }
        return count
    }

    private mutating func readScalar(_ bytes: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = start
        while index < count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"):
                if capturing { captured.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: index - start)) }
                mode = .between
                endScalar(at: base + index)
                return index
            default:
                index += 1
            }
        }
        if capturing { captured.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: count - start)) }
        return count
    }

    private mutating func endString(at end: Int) {
        if tokenIsKey {
            tokenIsKey = false
            guard capturing else { return }
            if stack.count == 1 {
                let key = decodedCapture()
                rootKey = RecordKind(rawValue: key)
                rootKeyIsFirst = seenRootKeys.insert(key).inserted
                rootMembers.append(.init(keyStart: keyStart, valueEnd: -1))
            } else if capturedEscape {
                keyIsID = decodedCapture() == "id"
            } else {
                // A record's member names, compared as bytes: no String per member.
                keyIsID = captured.count == 2 && captured[0] == UInt8(ascii: "i") && captured[1] == UInt8(ascii: "d")
            }
            return
        }
        if capturingID {
            element.id = decodedCapture()
            element.idIsString = true
            capturingID = false
        }
        endValue(at: end)
    }

    private mutating func endScalar(at end: Int) {
        if capturingID {
            let first = captured.first
            if first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first ?? 0) {
                element.id = RecordSpans.integerText(ofNumber: captured)
                element.idIsString = false
            }
            capturingID = false
        }
        endValue(at: end)
    }

    /// The captured string's text, escapes decoded.
    private func decodedCapture() -> String {
        guard capturedEscape else { return String(decoding: captured, as: UTF8.self) }
        let quoted = [UInt8(ascii: "\"")] + captured + [UInt8(ascii: "\"")]
        if case let .string(text)? = try? JSONValue.parse(quoted) { return text }
        return String(decoding: captured, as: UTF8.self)
    }

    // MARK: - Values

    /// Inside a record (an element of the tracked collection), where its members are.
    private var isRecordLevel: Bool { tracked != nil && stack.count == trackedDepth + 1 && stack.last == true }

    private mutating func beginValue(at offset: Int, opening byte: UInt8) {
        if stack.isEmpty {
            guard rootOpen < 0 else { return fail(offset, "extra text after the JSON value") }
            guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else {
                return fail(offset, "not a db.json object")
            }
            rootOpen = offset
            rootIsArray = byte == UInt8(ascii: "[")
            if rootIsArray, let arrayKind { startCollection(arrayKind, at: offset) }
            return
        }
        if stack.count == 1, !rootIsArray, let kind = rootKey, rootKeyIsFirst {
            rootKey = nil
            if byte == UInt8(ascii: "[") { startCollection(kind, at: offset) } else { notArrays.insert(kind) }
            return
        }
        guard tracked != nil else { return }
        if stack.count == trackedDepth {
            element = .init(start: offset, end: 0, id: nil, idIsString: false)
            keyIsID = false
        } else if isRecordLevel, keyIsID {
            keyIsID = false
            capturingID = element.id == nil && byte != UInt8(ascii: "{") && byte != UInt8(ascii: "[")
        } else if isRecordLevel {
            keyIsID = false
        }
    }

    private mutating func startCollection(_ kind: RecordKind, at offset: Int) {
        tracked = kind
        trackedDepth = stack.count + 1
        trackedCollection = .init(open: offset, close: 0, elements: [])
    }

    private mutating func endValue(at end: Int) {
        if stack.isEmpty {
            rootClose = end - 1
        } else if stack.count == 1, !rootIsArray {
            if !rootMembers.isEmpty { rootMembers[rootMembers.count - 1].valueEnd = end }
        } else if tracked != nil, stack.count == trackedDepth {
            element.end = end
            trackedCollection.elements.append(element)
        }
    }

    private mutating func fail(_ offset: Int, _ reason: String) {
        if failure == nil { failure = Failure(offset: offset, reason: reason) }
    }
}
