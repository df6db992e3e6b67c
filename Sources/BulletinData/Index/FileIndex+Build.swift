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
        let builder = IndexBuilder(file: file, location: location, progress: progress, onPosts: onPosts)
        var known = ji_known()
        for kind in RecordKind.allCases { known.set(open: .max, close: .max, for: kind) }
        if topArray < 0, onPosts != nil, let base = file.base {
            // json-server's layout puts the users and posts after the comments: index them first
            // where they seem to be, so the Posts list's first rows (with their authors) show at
            // once; the full pass then confirms the guess and skips them, or they are redone.
            // The users are looked for from the end (json-server sorts the keys: they come last).
            for kind in [RecordKind.user, .post] {
                let open = ji_find_array(base, file.length, kind.rawValue, kind == .user ? 1 : 0)
                guard open != .max else { continue }
                // The search touched the pages before the array: they can leave memory again.
                if kind == .post { file.release(before: Int(open)) }
                builder.beginGuess(kind, open: Int(open))
                var result = ji_result()
                let status = builder.run { callback, context in
                    ji_index_array(base, file.length, file.length, open, kind.indexCollection, batchSize, callback, context, &result)
                }
                if status == Int32(JI_CANCELLED.rawValue) { throw .cancelled }
                if status == Int32(JI_OK.rawValue) {
                    let close = result.array_close(of: kind)
                    known.set(open: open, close: close, for: kind)
                    builder.endGuess(kind, open: Int(open), close: Int(close))
                } else {
                    builder.reset(kind)
                }
            }
        }
        var result = ji_result()
        var empty: UInt8 = 0
        let status = withUnsafePointer(to: &empty) { fallback in
            builder.run { callback, context in
                ji_index(file.base ?? fallback, file.length, file.length, topArray, batchSize, &known, callback, context, &result)
            }
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
            return .decoded(try DataSetStore.decodeDataSet(file.wholeData(), location: location, fileName: fileName))
        }
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
