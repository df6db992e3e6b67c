import CJSONIndex
import Foundation

extension FileIndex {
    /// What a build produced: the index, or the whole file decoded the old way when the pass
    /// left the file to the full decoder (see ``build(file:location:fileName:progress:onPosts:)``).
    enum Built {
        case index(FileIndex)
        case decoded(DataSet)
    }

    /// Records per batch the pass hands over (and between progress updates and cancel checks).
    static let batchSize = 4096

    /// Files from this size on are indexed with their arrays guessed (``indexAhead``) even when
    /// no list waits for batches: both cores work (bytes).
    static let aheadMinimum = 16 << 20

    /// Indexes `file` in one pass (CJSONIndex: simdjson On-Demand per record).
    ///
    /// A file the pass cannot read as a plain db.json (not JSON, a wrong shape, a syntax error)
    /// is decoded whole with ``DataSetStore/decodeDataSet(_:location:fileName:)``, so its error
    /// is exactly the one that decoder gives (line and column included); a valid file of a
    /// shape the pass leaves alone (escaped top-level keys, a collection given twice) loads
    /// that way too.
    /// - Parameters:
    ///   - fileName: Decides what a top-level array holds (`users….json`, as the full decoder does).
    ///   - progress: Told `indexing(done:total:)` after each batch.
    ///   - onPosts: Called after each batch of posts with the posts indexed so far (for a list
    ///     that fills in while the rest is indexed); on the indexing thread.
    /// - Throws: ``DataError/malformedJSON(path:location:reason:)`` as the full decoder words it;
    ///   ``DataError/noKnownKinds(what:expected:found:)`` for a db.json object with members but
    ///   no `users`, `posts` or `comments`; ``DataError/cancelled`` when the current task is
    ///   cancelled meanwhile.
    static func build(
        file: MappedFile, location: String, fileName: String, progress: LoadProgress? = nil,
        onPosts: (@Sendable (PostBatch) -> Void)? = nil
    ) throws(DataError) -> Built {
        guard IndexSupport.isAvailable else {
            return .decoded(try DataSetStore.decodeDataSet(file.wholeData(), location: location, fileName: fileName))
        }
        let topArray: Int32
        switch topLevelArrayKind(file) {
        case .none: topArray = -1
        case let .some(kind?): topArray = kind.indexCollection
        case .some(.none):
            // A top-level array the file name does not name: the full decoder words the error.
            return .decoded(try DataSetStore.decodeDataSet(file.wholeData(), location: location, fileName: fileName))
        }
        try refuseCutOff(file, location: location)
        let builder = IndexBuilder(file: file, location: location, progress: progress, onPosts: onPosts)
        var known = ji_known()
        for kind in RecordKind.allCases { known.set(open: .max, close: .max, for: kind) }
        var result = ji_result()
        // json-server's layout puts the users and posts after the comments: where they seem to
        // be (``guessedArray``), they are indexed first, so the Posts list's first rows (with
        // their authors) show at once, while the full pass reads the rest on another thread
        // and jumps over them, or redoes them where the guess was wrong (``indexAhead``).
        var guesses: [(RecordKind, Int)] = []
        if topArray < 0, onPosts != nil || file.length >= aheadMinimum, firstNonBlank(file) == UInt8(ascii: "{") {
            guesses = [RecordKind.user, .post].compactMap { kind in guessedArray(kind, in: file).map { (kind, $0) } }
        }
        let status: Int32
        if guesses.isEmpty {
            var empty: UInt8 = 0
            status = withUnsafePointer(to: &empty) { fallback in
                builder.run { callback, context in
                    ji_index(file.base ?? fallback, file.length, file.length, topArray, batchSize, &known, callback, context, &result)
                }
            }
        } else {
            status = try indexAhead(guesses, builder: builder, known: &known, result: &result)
        }
        switch Int(status) {
        case Int(JI_OK.rawValue):
            let present = withUnsafeBytes(of: result.present) { $0.bindMemory(to: Int32.self).contains { $0 != 0 } }
            if topArray < 0, !present { try DataSetStore.requireKnownKinds(file.wholeData(), location: location) }
            for kind in RecordKind.allCases where known.skipped(kind) == 0 { builder.dropGuess(kind) }
            return .index(builder.finish(result, topArray: topArray))
        case Int(JI_CANCELLED.rawValue):
            throw .cancelled
        default:
            if Task.isCancelled { throw .cancelled }
            progress?.update(.decoding)
            if status == Int32(JI_BROKEN.rawValue) {
                try refuseEarly(file, brokenAt: Int(result.error_offset), location: location, fileName: fileName)
            }
            return .decoded(try DataSetStore.decodeDataSet(file.wholeData(), location: location, fileName: fileName))
        }
    }

    /// How far past the place the pass stopped the full decoder reads first (``refuseEarly``).
    static let earlyErrorSlack = 64 * 1024

    /// Throws the full decoder's error for a file the pass found broken at `offset`, decoding
    /// only the bytes up to ``earlyErrorSlack`` past it, when that decoder reports a syntax
    /// error well inside them: JSON is parsed left to right, so the whole file fails there
    /// with the same words (a 2 GB file of zero bytes is refused at once, in little memory).
    /// Returns when the prefix tells nothing (the error is elsewhere, or at its end).
    /// - Throws: ``DataError/malformedJSON(path:location:reason:)`` as for the whole file.
    static func refuseEarly(_ file: MappedFile, brokenAt offset: Int, location: String, fileName: String) throws(DataError) {
        let length = offset + earlyErrorSlack
        guard offset >= 0, length < file.length else { return }
        do {
            _ = try DataSetStore.decodeDataSet(file.data(0..<length), location: location, fileName: fileName)
        } catch let error {
            guard case let .malformedJSON(_, _, reason) = error, let at = Self.characterOffset(in: reason),
                at < length - earlyErrorSlack / 2
            else { return }
            throw error
        }
    }

    /// Refuses a big file (``aheadMinimum`` bytes or more) that starts as an object or array but
    /// does not end with the `}` or `]` that would close it (blanks aside): it cannot be JSON,
    /// whatever lies between, so neither the pass nor the whole decoder reads it (a 2 GB file
    /// cut off in its posts array is refused at once instead of after decoding all of it).
    /// - Throws: ``DataError/malformedJSON(path:location:reason:)`` naming the last character and its byte offset.
    static func refuseCutOff(_ file: MappedFile, location: String) throws(DataError) {
        guard file.length >= aheadMinimum, let base = file.base, let first = firstNonBlank(file),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        else { return }
        var last = file.length - 1
        while last > 0, [0x20, 0x09, 0x0A, 0x0D].contains(base[last]) { last -= 1 }
        let closer = first == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        guard base[last] != closer else { return }
        let shown = base[last] >= 0x21 && base[last] <= 0x7E ? "\"\(Character(UnicodeScalar(base[last])))\"" : String(format: "byte 0x%02X", base[last])
        throw .malformedJSON(
            path: "$", location: location,
            reason: "the file does not end with the \(Character(UnicodeScalar(closer))) that closes its \(first == UInt8(ascii: "{") ? "object" : "array") "
                + "(its last character, at byte \(last), is \(shown)): it may be cut off")
    }

    /// The offset in a parser's message "… around character 812 …", or `nil`.
    static func characterOffset(in reason: String) -> Int? {
        guard let range = reason.range(of: "around character ") else { return nil }
        return Int(reason[range.upperBound...].prefix(while: \.isNumber))
    }

    /// How ``guessedArray(_:in:by:)`` looks: by sampling records (`ji_probe_array`, the same
    /// time at any size), by a scan (`ji_find_array`; the users from the end, where json-server
    /// puts them), or the first and, where it gives up, the second (tests compare them).
    enum ArraySearch { case sampled, scanned, sampledThenScanned }

    /// Where json-server's line for `kind`'s array seems to put its `[` (a guess the full pass confirms).
    static func guessedArray(_ kind: RecordKind, in file: MappedFile, by search: ArraySearch = .sampledThenScanned) -> Int? {
        guard let base = file.base else { return nil }
        var open: UInt64 = search == .scanned ? .max : ji_probe_array(base, file.length, kind.rawValue, kind.indexCollection, kind == .user ? 1 : 0)
        if open == .max, search != .sampled { open = ji_find_array(base, file.length, kind.rawValue, kind == .user ? 1 : 0) }
        return open == .max ? nil : Int(open)
    }

    /// The first byte of `file` that is not a blank (or a UTF-8 byte order mark), or `nil`; only
    /// a file that starts as an object (`{`) is worth guessing where its arrays are.
    private static func firstNonBlank(_ file: MappedFile) -> UInt8? {
        guard let base = file.base else { return nil }
        var at = file.length >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
        while at < file.length, [0x20, 0x09, 0x0A, 0x0D].contains(base[at]) { at += 1 }
        return at < file.length ? base[at] : nil
    }

    /// `nil` for a file that is (or should be) a db.json object; `.some(kind)` for a top-level
    /// array, `kind` being what its name says it holds (`nil` when the name says nothing).
    private static func topLevelArrayKind(_ file: MappedFile) -> RecordKind?? {
        guard let base = file.base else { return nil }
        var at = 0
        while at < file.length, [0x20, 0x09, 0x0A, 0x0D].contains(base[at]) { at += 1 }
        guard at < file.length, base[at] == UInt8(ascii: "[") else { return nil }
        let name = URL(fileURLWithPath: file.path).lastPathComponent.lowercased()
        for kind in RecordKind.allCases where name.hasPrefix(kind.rawValue) { return .some(kind) }
        return .some(nil)
    }
}


extension RecordKind {
    /// The collection number CJSONIndex uses (`JI_USERS`, …).
    var indexCollection: Int32 {
        switch self {
        case .user: Int32(JI_USERS.rawValue)
        case .post: Int32(JI_POSTS.rawValue)
        case .comment: Int32(JI_COMMENTS.rawValue)
        }
    }

    /// The kind for a CJSONIndex collection number.
    init(indexCollection: Int32) {
        switch UInt32(indexCollection) {
        case JI_USERS.rawValue: self = .user
        case JI_POSTS.rawValue: self = .post
        default: self = .comment
        }
    }
}

extension ji_known {
    mutating func set(open: UInt64, close: UInt64, for kind: RecordKind) {
        withUnsafeMutableBytes(of: &self.open) { $0.bindMemory(to: UInt64.self)[Int(kind.indexCollection)] = open }
        withUnsafeMutableBytes(of: &self.close) { $0.bindMemory(to: UInt64.self)[Int(kind.indexCollection)] = close }
    }

    func skipped(_ kind: RecordKind) -> Int32 {
        withUnsafeBytes(of: skipped) { $0.bindMemory(to: Int32.self)[Int(kind.indexCollection)] }
    }
}

extension ji_result {
    func array_close(of kind: RecordKind) -> UInt64 {
        withUnsafeBytes(of: array_close) { $0.bindMemory(to: UInt64.self)[Int(kind.indexCollection)] }
    }
}
