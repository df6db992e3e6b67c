import CJSONIndex
import Foundation

/// Collects the pass's batches into the columns of a ``FileIndex``.
///
/// Used by one thread at a time: the pass that fills it, then (after that pass's thread has
/// ended, ``FileIndex/indexAhead(_:builder:known:result:)``) the one that merges it.
final class IndexBuilder: @unchecked Sendable {
    let file: MappedFile
    let location: String
    let progress: LoadProgress?
    let onPosts: (@Sendable (PostBatch) -> Void)?

    var spans: [RecordKind: [RecordSpan]] = [:]
    var issues: [RecordKind: [RecordIssue]] = [:]
    var decoded: [RecordKind: [Int32: Record]] = [:]
    var userElements: [Int32] = [], userIDs: [RecordID] = [], userNames: [String] = []
    var postElements: [Int32] = [], postColumn: [PostSummary] = []
    var commentElements: [Int32] = [], commentPostIDs: [RecordID] = []
    /// Users' and posts' element numbers whose id was a JSON string; the comments' id run.
    var stringIDs: [RecordKind: Set<Int32>] = [:]
    var commentIDs = CommentIDRuns()

    /// Kinds whose columns came from a guessed array (``beginGuess(_:open:)``), not confirmed yet.
    var guessed: Set<RecordKind> = []
    /// The guessed arrays indexed so far (`open..<close + 1`), for the bytes-done count.
    var guessedRanges: [Range<Int>] = []
    /// While a guessed array is indexed: its `[`; `nil` in the full pass.
    var guessOpen: Int?
    /// Where the pages not handed back yet start (``MappedFile/release(_:)``).
    private var released = 0
    /// Whether to stop (default: the current task is cancelled); a pass on its own thread is
    /// told by the builder of the task that started it.
    var isCancelled: @Sendable () -> Bool = { Task.isCancelled }
    /// Turns this builder's bytes done into the load's (two passes at once add theirs up).
    var totalDone: ((Int) -> Int)?

    init(file: MappedFile, location: String, progress: LoadProgress?, onPosts: (@Sendable (PostBatch) -> Void)?) {
        self.file = file
        self.location = location
        self.progress = progress
        self.onPosts = onPosts
    }

    /// Calls `pass` with the C callback and this builder as its context.
    func run(_ pass: (ji_batch_fn, UnsafeMutableRawPointer) -> Int32) -> Int32 {
        withExtendedLifetime(self) {
            pass({ context, collection, records, count, arena, done in
                let builder = Unmanaged<IndexBuilder>.fromOpaque(context!).takeUnretainedValue()
                return builder.accept(collection, UnsafeBufferPointer(start: records, count: count), arena, Int(done)) ? 0 : 1
            }, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    func beginGuess(_ kind: RecordKind, open: Int) {
        guessed.insert(kind)
        guessOpen = open
        released = open
    }

    func endGuess(_ kind: RecordKind, open: Int, close: Int) {
        guessOpen = nil
        guessedRanges.append(open..<(close + 1))
    }

    /// Forgets a guessed collection the full pass did not confirm (it was not the top-level array).
    func dropGuess(_ kind: RecordKind) {
        if guessed.contains(kind) { reset(kind) }
    }

    /// Takes `kind`'s records, issues and columns from `other` (a pass that indexed them on
    /// another thread) in place of this builder's.
    func adopt(_ kind: RecordKind, from other: IndexBuilder) {
        guessed.remove(kind)
        spans[kind] = other.spans[kind]
        issues[kind] = other.issues[kind]
        decoded[kind] = other.decoded[kind]
        stringIDs[kind] = other.stringIDs[kind]
        switch kind {
        case .user: (userElements, userIDs, userNames) = (other.userElements, other.userIDs, other.userNames)
        case .post: (postElements, postColumn) = (other.postElements, other.postColumn)
        case .comment: (commentElements, commentPostIDs, commentIDs) = (other.commentElements, other.commentPostIDs, other.commentIDs)
        }
    }

    /// Forgets everything indexed of `kind`.
    func reset(_ kind: RecordKind) {
        guessOpen = nil
        guessed.remove(kind)
        spans[kind] = nil
        issues[kind] = nil
        decoded[kind] = nil
        stringIDs[kind] = nil
        if kind == .comment { commentIDs = CommentIDRuns() }
        switch kind {
        case .user: (userElements, userIDs, userNames) = ([], [], [])
        case .post: (postElements, postColumn) = ([], [])
        case .comment: (commentElements, commentPostIDs) = ([], [])
        }
    }

    /// Bytes of the file indexed when the pass is at `at`: the guessed arrays count once.
    private func bytesDone(at: Int) -> Int {
        if let guessOpen { return guessedRanges.reduce(0) { $0 + $1.count } + (at - guessOpen) }
        return at + guessedRanges.filter { $0.lowerBound >= at }.reduce(0) { $0 + $1.count }
    }

    /// Takes one batch; false to stop (the task was cancelled).
    func accept(_ collection: Int32, _ records: UnsafeBufferPointer<ji_record>, _ arena: UnsafePointer<CChar>?, _ done: Int) -> Bool {
        let kind = RecordKind(indexCollection: collection)
        // The full pass found this collection elsewhere than guessed: its records are these.
        if guessOpen == nil, guessed.contains(kind) { reset(kind) }
        let offset = done
        let done = totalDone?(bytesDone(at: offset)) ?? bytesDone(at: offset)
        let firstPost = postColumn.count
        // The kind's spans out of the dictionary for the batch: no hashing per record.
        var kindSpans = spans.removeValue(forKey: kind) ?? []
        if records.allSatisfy({ UInt32($0.status) == JI_REGULAR.rawValue }) {
            acceptPlain(kind, records, arena, spans: &kindSpans)
        } else {
            acceptEach(kind, records, arena, spans: &kindSpans)
        }
        spans[kind] = kindSpans
        if kind == .post, let onPosts, postColumn.count > firstPost {
            let posts = Array(postColumn[firstPost...])
            if authors == nil { authors = knownAuthors() }
            onPosts(PostBatch(posts: posts, authors: authors ?? [:], done: done, total: file.length))
        }
        progress?.update(.indexing(done: done, total: file.length))
        // The titles and names are copied out: the pages behind the pass can leave memory.
        if offset > released { file.release(released..<offset) }
        released = max(released, offset)
        return !isCancelled()
    }

    /// The batch record by record: any kind, any status.
    private func acceptEach(
        _ kind: RecordKind, _ records: UnsafeBufferPointer<ji_record>, _ arena: UnsafePointer<CChar>?, spans kindSpans: inout [RecordSpan]
    ) {
        for record in records {
            let element = Int32(kindSpans.count)
            kindSpans.append(RecordSpan(start: Int(record.start), end: Int(record.end)))
            if kind == .comment {
                let plain = UInt32(record.status) == JI_REGULAR.rawValue && UInt32(record.id_kind) == JI_ID_NUMBER.rawValue
                commentIDs.note(id: plain ? record.id_number : nil)
            }
            switch UInt32(record.status) {
            case JI_REGULAR.rawValue: regular(kind, element, record, arena)
            case JI_BAD_UTF8.rawValue: badUTF8(kind, element, record)
            default: irregular(kind, element, record)
            }
        }
    }

    /// A batch of records the pass read plainly, every one (the usual case): the
    /// columns are moved into locals for the batch and filled there, so the loop pays no access
    /// check or uniqueness check of the builder's properties per record. The same columns as
    /// ``acceptEach(_:_:_:spans:)`` gives.
    private func acceptPlain(
        _ kind: RecordKind, _ records: UnsafeBufferPointer<ji_record>, _ arena: UnsafePointer<CChar>?, spans kindSpans: inout [RecordSpan]
    ) {
        let file = self.file
        let first = kindSpans.count
        for (number, record) in records.enumerated() {
            kindSpans.append(RecordSpan(start: Int(record.start), end: Int(record.end)))
            if kind != .comment, UInt32(record.id_kind) == JI_ID_STRING.rawValue {
                stringIDs[kind, default: []].insert(Int32(first + number))
            }
        }
        if kind == .user {
            var (elements, ids, names) = (userElements, userIDs, userNames)
            (userElements, userIDs, userNames) = ([], [], [])
            for (number, record) in records.enumerated() {
                elements.append(Int32(first + number))
                ids.append(Self.id(record.id_kind, record.id_number, record.id_text, file, arena))
                names.append(Self.text(record.texts.0, file, arena))
            }
            (userElements, userIDs, userNames) = (elements, ids, names)
        } else if kind == .comment {
            var (elements, postIDs, run) = (commentElements, commentPostIDs, commentIDs)
            (commentElements, commentPostIDs) = ([], [])
            for (number, record) in records.enumerated() {
                let element = Int32(first + number)
                run.note(id: UInt32(record.id_kind) == JI_ID_NUMBER.rawValue ? record.id_number : nil)
                elements.append(element)
                postIDs.append(Self.id(record.owner_kind, record.owner_number, record.owner_text, file, arena))
            }
            (commentElements, commentPostIDs, commentIDs) = (elements, postIDs, run)
        } else {
            var (elements, posts) = (postElements, postColumn)
            (postElements, postColumn) = ([], [])
            for (number, record) in records.enumerated() {
                elements.append(Int32(first + number))
                posts.append(PostSummary(
                    id: Self.id(record.id_kind, record.id_number, record.id_text, file, arena),
                    userId: Self.id(record.owner_kind, record.owner_number, record.owner_text, file, arena),
                    title: Self.text(record.texts.0, file, arena)))
            }
            (postElements, postColumn) = (elements, posts)
        }
    }

    /// The authors' names for the batches of posts, worked out once (users indexed first).
    private var authors: [RecordID: String]?

    private func knownAuthors() -> [RecordID: String] {
        var names: [RecordID: String] = [:]
        for (id, name) in zip(userIDs, userNames) where names[id] == nil { names[id] = name }
        return names
    }

    private func regular(_ kind: RecordKind, _ element: Int32, _ record: ji_record, _ arena: UnsafePointer<CChar>?) {
        let id = Self.id(record.id_kind, record.id_number, record.id_text, file, arena)
        if kind != .comment, UInt32(record.id_kind) == JI_ID_STRING.rawValue { stringIDs[kind, default: []].insert(element) }
        switch kind {
        case .user:
            userElements.append(element)
            userIDs.append(id)
            userNames.append(Self.text(record.texts.0, file, arena))
        case .post:
            postElements.append(element)
            postColumn.append(PostSummary(
                id: id, userId: Self.id(record.owner_kind, record.owner_number, record.owner_text, file, arena),
                title: Self.text(record.texts.0, file, arena)))
        case .comment:
            commentElements.append(element)
            commentPostIDs.append(Self.id(record.owner_kind, record.owner_number, record.owner_text, file, arena))
        }
    }

    /// A record of an unusual shape: decoded here, as the full decoder would, for its issues.
    private func irregular(_ kind: RecordKind, _ element: Int32, _ record: ji_record) {
        let bytes = file.data(Int(record.start)..<Int(record.end))
        let path = "\(kind.rawValue)[\(element)]"
        let decodedRecord: Record?
        let found: [RecordIssue]
        switch kind {
        case .user:
            let (user, issues) = RecordDecoding.decode(User.self, from: bytes, path: path, location: location)
            (decodedRecord, found) = (user.map(Record.user), issues)
            if let user {
                userElements.append(element)
                userIDs.append(user.id)
                userNames.append(user.name)
            }
        case .post:
            let (post, issues) = RecordDecoding.decode(Post.self, from: bytes, path: path, location: location)
            (decodedRecord, found) = (post.map(Record.post), issues)
            if let post {
                postElements.append(element)
                postColumn.append(PostSummary(post))
            }
        case .comment:
            let (comment, issues) = RecordDecoding.decode(Comment.self, from: bytes, path: path, location: location)
            (decodedRecord, found) = (comment.map(Record.comment), issues)
            if let comment {
                commentElements.append(element)
                commentPostIDs.append(comment.postId)
            }
        }
        if let decodedRecord { decoded[kind, default: [:]][element] = decodedRecord }
        issues[kind, default: []] += found
    }

    private func badUTF8(_ kind: RecordKind, _ element: Int32, _ record: ji_record) {
        let bytes = file.data(Int(record.start)..<Int(record.end))
        issues[kind, default: []].append(RecordDecoding.badUTF8Issue(
            path: "\(kind.rawValue)[\(element)]", record: bytes, recordStart: Int(record.start), file: file, location: location))
    }

    /// The index, once the pass has ended well; issues in the order of the arrays in the file.
    /// - Parameter topArray: The collection a top-level array holds, or -1 for a db.json object.
    func finish(_ result: ji_result, topArray: Int32) -> FileIndex {
        var collections: [RecordKind: CollectionSpans] = [:]
        let present = [result.present.0, result.present.1, result.present.2]
        let opens = [result.array_open.0, result.array_open.1, result.array_open.2]
        let closes = [result.array_close.0, result.array_close.1, result.array_close.2]
        for kind in RecordKind.allCases {
            let number = Int(kind.indexCollection)
            guard present[number] != 0 else { continue }
            collections[kind] = CollectionSpans(open: Int(opens[number]), close: Int(closes[number]), records: spans[kind] ?? [])
        }
        let ordered = RecordKind.allCases.sorted { (collections[$0]?.open ?? 0) < (collections[$1]?.open ?? 0) }
        var layout = IndexLayout(stringIDs: stringIDs, commentIDs: commentIDs.result)
        if topArray >= 0, let only = collections[RecordKind(indexCollection: topArray)] {
            (layout.rootIsArray, layout.rootOpen, layout.rootClose) = (true, only.open, only.close)
        } else {
            (layout.rootOpen, layout.rootClose) = (Int(result.object_open), Int(result.object_close))
        }
        var userListArrays: [UserListRecords.Collection: Range<Int>] = [:]
        if topArray < 0 {
            let present = [result.extra_present.0, result.extra_present.1, result.extra_present.2]
            let opens = [result.extra_open.0, result.extra_open.1, result.extra_open.2]
            let closes = [result.extra_close.0, result.extra_close.1, result.extra_close.2]
            let order: [(UserListRecords.Collection, Int)] = [(.albums, Int(JI_ALBUMS.rawValue)), (.photos, Int(JI_PHOTOS.rawValue)), (.todos, Int(JI_TODOS.rawValue))]
            for (collection, number) in order where present[number] != 0 {
                userListArrays[collection] = Int(opens[number])..<(Int(closes[number]) + 1)
            }
        }
        return FileIndex(
            file: file, location: location, spans: collections, layout: layout,
            users: (userElements, userIDs, userNames),
            posts: (postElements, postColumn),
            comments: (commentElements, commentPostIDs),
            issues: ordered.flatMap { issues[$0] ?? [] }, decoded: decoded, userListArrays: userListArrays)
    }
}
