import Foundation
import Synchronization

/// A `db.json` as indexed by one pass of ``FileIndex/build(file:location:fileName:progress:)``:
/// every record's ``RecordSpan``, and only the members the lists show (ids, `userId`,
/// `postId`, a user's `name`, a post's `title`). Everything else is decoded from a record's
/// bytes when a screen asks for it: a post's body when the post opens, a post's comments then,
/// a user's profile when the Users list or the user opens.
///
/// The records and issues match decoding the whole file with ``JSONDecoding`` (the same records
/// in the same order, the same ``RecordIssue``s), with one difference on purpose: a record whose
/// bytes are not valid UTF-8, or (found when it is decoded) whose strings are not valid JSON
/// text (a lone surrogate escape), is skipped and listed with its path instead of failing the
/// whole file. Immutable after the build except for the caches of decoded users and the issues
/// found by later decodes, both behind a lock.
final class FileIndex: Sendable {
    // MARK: - Properties

    /// The mapped file the spans point into.
    let file: MappedFile
    /// The path as given, for errors and issues.
    let location: String
    /// Each collection's array and record spans, in file order (`nil`: not in the file).
    let spans: [RecordKind: CollectionSpans]
    /// The root value's place and the ids' spellings (for a save's record map).
    let layout: IndexLayout

    /// Users: element number in `users`, id and name, in file order (skipped ones left out).
    let userElements: [Int32]
    let userIDs: [RecordID]
    let userNameColumn: [String]
    /// Posts: element number, and id, `userId` and title (the list's members, handed to the
    /// Posts list as they are), in file order (skipped ones left out).
    let postElements: [Int32]
    let postColumn: [PostSummary]
    /// Comments: element number and `postId`, in file order (skipped ones left out).
    let commentElements: [Int32]
    let commentPostIDs: [RecordID]

    /// Issues found by the pass, in document order.
    let indexIssues: [RecordIssue]
    /// Records the pass had to decode itself (irregular shapes), by kind and element number.
    let decoded: [RecordKind: [Int32: Record]]
    /// The bytes of the `albums`, `photos` and `todos` arrays (`[` … `]`), where the file has
    /// them; decoded the first time ``userLists`` is asked for.
    let userListArrays: [UserListRecords.Collection: Range<Int>]

    /// What changes after the build, behind one lock.
    private let late = Mutex(Late())

    private struct Late {
        var issues: [RecordIssue] = []
        var users: [User]?
        var userLists: UserListRecords?
        var wholeDecodes = 0
    }

    /// Tests only: how many times every post or every comment was decoded (``allPosts()``,
    /// ``allComments()``, so ``wholeDataSet()`` counts twice); a save must not add to it.
    var wholeDecodeCount: Int { late.withLock { $0.wholeDecodes } }

    /// Counts one decode of a whole collection.
    func noteWholeDecode() { late.withLock { $0.wholeDecodes += 1 } }

    // MARK: - Init

    init(
        file: MappedFile, location: String, spans: [RecordKind: CollectionSpans], layout: IndexLayout,
        users: (elements: [Int32], ids: [RecordID], names: [String]),
        posts: (elements: [Int32], summaries: [PostSummary]),
        comments: (elements: [Int32], postIDs: [RecordID]),
        issues: [RecordIssue], decoded: [RecordKind: [Int32: Record]],
        userListArrays: [UserListRecords.Collection: Range<Int>] = [:]
    ) {
        self.userListArrays = userListArrays
        self.file = file
        self.location = location
        self.spans = spans
        self.layout = layout
        (userElements, userIDs, userNameColumn) = users
        (postElements, postColumn) = posts
        (commentElements, commentPostIDs) = comments
        indexIssues = issues
        self.decoded = decoded
    }

    // MARK: - Issues

    /// The pass's issues, then those found decoding records since (a comment with a lone surrogate).
    var issues: [RecordIssue] { indexIssues + late.withLock { $0.issues } }

    /// Records issues found by a later decode, once each.
    func noteLate(_ issues: [RecordIssue]) {
        guard !issues.isEmpty else { return }
        late.withLock { late in
            for issue in issues where !late.issues.contains(issue) { late.issues.append(issue) }
        }
    }

    // MARK: - Records

    /// The JSON path of element `element` of `kind`'s array, without `$`: `posts[7]`.
    func path(_ kind: RecordKind, _ element: Int32) -> String {
        "\(kind.rawValue)[\(element)]"
    }

    /// The bytes of element `element` of `kind`'s array.
    func bytes(_ kind: RecordKind, _ element: Int32) -> Data {
        guard let span = spans[kind]?.records[Int(element)] else { return Data() }
        return file.data(span.range)
    }

    /// Decodes element `element` of `kind`'s array as `Record` (the pass's own decode when it
    /// made one); `nil` when it does not decode, its issues then noted.
    func record<Value: Decodable>(_ type: Value.Type, _ kind: RecordKind, _ element: Int32, as extract: (Record) -> Value?) -> Value? {
        if let early = decoded[kind]?[element] { return extract(early) }
        let (value, issues) = RecordDecoding.decode(
            Value.self, from: bytes(kind, element), path: path(kind, element), location: location)
        noteLate(issues)
        return value
    }

    /// Every user, decoded on first use and kept (a user failing to decode is skipped and noted).
    func users() -> [User] {
        if let cached = late.withLock({ $0.users }) { return cached }
        let users = userElements.compactMap { element in
            record(User.self, .user, element) { if case let .user(user) = $0 { user } else { nil } }
        }
        late.withLock { $0.users = users }
        return users
    }

    /// The post at position `position` of ``postElements``.
    func post(at position: Int) -> Post? {
        record(Post.self, .post, postElements[position]) { if case let .post(post) = $0 { post } else { nil } }
    }

    /// The comment at position `position` of ``commentElements``.
    func comment(at position: Int) -> Comment? {
        record(Comment.self, .comment, commentElements[position]) { if case let .comment(comment) = $0 { comment } else { nil } }
    }
}

extension FileIndex {
    /// The albums, photos and todos, each array decoded whole (leniently: a record that does not
    /// decode is left out and its issue noted) the first time they are asked for, then kept.
    var userLists: UserListRecords {
        if let cached = late.withLock({ $0.userLists }) { return cached }
        var issues: [RecordIssue] = []
        func decode<Value: Decodable & Sendable>(_ type: Value.Type, _ collection: UserListRecords.Collection) -> [Value] {
            guard let range = userListArrays[collection] else { return [] }
            let root = collection.rawValue
            guard let list = try? JSONDecoding.decodeRecords(Value.self, from: file.data(range), location: location, root: root)
            else { return [] }
            issues += list.issues
            return list.records
        }
        let records = UserListRecords(
            albums: decode(Album.self, .albums), photos: decode(Photo.self, .photos), todos: decode(Todo.self, .todos),
            issues: [])
        noteLate(issues)
        late.withLock { $0.userLists = records }
        return records
    }
}
