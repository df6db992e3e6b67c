import Foundation

// A user's posts and a post's comments, right whatever the server does with the filter.
//
// JSONPlaceholder and json-server answer `GET /posts?userId=1` with user 1's posts, but other
// servers ignore the filter (every post comes back) or compare the query text with typed
// values (`"1"` never equals the number 1, so every answer is `[]`). So the answer is always
// filtered here by the records' own `userId`/`postId` (as ``RecordID``s: `"1"` == `1`), and
// when the server is seen to get the filter wrong, child lists come from the whole collection
// instead (one request, kept in the client's cache for the run like any answer: writes and
// `r` refresh it) and the Admin panel says so through the request log.
//
// The cost stays one request per child list on a server that filters: the verdict is taken
// once per run per collection. A non-empty answer holding only the right parents proves the
// filter works; an answer holding other parents proves it is ignored; an empty answer is
// checked against the whole collection (once: it is cached) only while no answer has proved
// the filter works, so an honest `[]` on a filtering server costs nothing more.

extension RESTDataSource {
    /// The records of `collection` whose `parentKey` is `parent`: from `GET {base}/{collection}?{parentKey}={parent}`
    /// (every page), filtered here by `parentOf`; or from the whole collection when the server's
    /// filter was found wrong (see the comment at the top of this file). The issues are the
    /// answer's (records skipped, a list read in part); from the whole collection only its
    /// "read in part" ones, as its skipped records may be any parent's.
    /// - Parameters:
    ///   - collection: `posts`, `comments`, `albums`, `photos` or `todos`.
    ///   - parentKey: The filter's name, `userId`, `postId` or `albumId`.
    /// - Throws: ``DataError`` of the requests (see ``pages(_:from:root:)``).
    func children<R: Decodable & Sendable>(
        _ type: R.Type, in collection: String, parentKey: String, parent: RecordID,
        parentOf: @Sendable (R) -> RecordID
    ) async throws(DataError) -> RecordList<R> {
        let key = "\(collection)?\(parentKey)"
        if await childFilters.verdict(for: key).usesWholeCollection {
            return try await wholeCollection(type, collection, parent: parent, parentOf: parentOf)
        }
        let answer = try await records(type, at: url(collection, query: [parentKey: parent.text]), root: collection)
        let right = answer.records.filter { parentOf($0) == parent }
        if right.count < answer.records.count {
            await decide(.ignored, for: key, collection: collection, parentKey: parentKey)
            return try await wholeCollection(type, collection, parent: parent, parentOf: parentOf)
        }
        if !right.isEmpty {
            await childFilters.set(.works, for: key)
            return RecordList(records: right, issues: answer.issues)
        }
        guard await childFilters.verdict(for: key) == .unknown else { return RecordList(records: right, issues: answer.issues) }
        let inWhole = try await wholeCollection(type, collection, parent: parent, parentOf: parentOf)
        if !inWhole.records.isEmpty {
            await decide(.answersNothing, for: key, collection: collection, parentKey: parentKey)
        }
        return inWhole
    }

    /// The records of `collection` (`GET {base}/{collection}`, every page; cached for the run)
    /// whose parent is `parent`, with the whole list's "read in part" issues.
    private func wholeCollection<R: Decodable & Sendable>(
        _ type: R.Type, _ collection: String, parent: RecordID, parentOf: @Sendable (R) -> RecordID
    ) async throws(DataError) -> RecordList<R> {
        let whole = try await records(type, at: url(collection), root: collection)
        return RecordList(records: whole.records.filter { parentOf($0) == parent },
                          issues: whole.issues.filter { $0.effect == .partial })
    }

    /// Keeps the verdict for the run and tells the Admin panel, in words.
    private func decide(_ verdict: ChildFilters.Verdict, for key: String, collection: String, parentKey: String) async {
        await childFilters.set(verdict, for: key)
        let query = "GET /\(collection)?\(parentKey)="
        let parents = ["userId": "users", "postId": "posts", "albumId": "albums"][parentKey] ?? "parents"
        let what =
            switch verdict {
            case .ignored: "The server ignores \(query) (it answered \(collection) of other \(parents))"
            case .answersNothing:
                "The server's \(query) answers nothing for \(parents) that have \(collection) (it seems to compare "
                    + "the query text with numeric ids)"
            case .unknown, .works: ""
            }
        guard !what.isEmpty else { return }
        client.log?.record(note: "\(what): \(collection) are read from GET /\(collection) and filtered by \(parentKey) here.")
    }
}

/// What a server's child-list filters (`?userId=`, `?postId=`) were seen to do this run, by
/// `collection?key`. Shared by copies of a ``RESTDataSource``.
actor ChildFilters {
    /// What one filter does.
    enum Verdict: Sendable, Equatable {
        /// Not known yet: no answer proved anything.
        case unknown
        /// An answer held only records of the parent asked for, and some.
        case works
        /// An answer held records of other parents.
        case ignored
        /// The filter answered nothing for a parent that has records in the whole collection.
        case answersNothing

        /// Whether child lists come from the whole collection.
        var usesWholeCollection: Bool { self == .ignored || self == .answersNothing }
    }

    private var verdicts: [String: Verdict] = [:]

    /// The verdict on `key` (`posts?userId`), `.unknown` at first.
    func verdict(for key: String) -> Verdict { verdicts[key] ?? .unknown }

    /// Records `verdict`; a verdict of the whole collection is final for the run.
    func set(_ verdict: Verdict, for key: String) {
        if verdicts[key]?.usesWholeCollection == true { return }
        verdicts[key] = verdict
    }
}
