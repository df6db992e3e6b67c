import Foundation

/// Writes to a JSONPlaceholder-compatible REST API (json-server, JSONPlaceholder and servers
/// like them) so that nothing the person did not change is changed, an accepted write is never
/// reported as failed, and nothing is created twice (issue 12).
///
/// - `create`: `POST {base}/{collection}` with the record as JSON, without an id; ids and
///   foreign keys in the JSON type the collection uses (`"userId": "1"` where ids are strings).
///   Any 2xx is success. The new id comes from the answer when it is the record, else from a
///   `Location` header, else from reading the collection again (the one new record that matches).
/// - `update(_:original:)`: `GET` the record as the server holds it, then `PATCH` only the
///   members that differ from `original` (nothing, with ``heldAlreadyNote``, when the server
///   holds every one of them already: a Retry after a lost answer) (a changed `address` or `company` whole, merged into
///   the server's: json-server merges one level deep); a server that refuses `PATCH` (405, 501,
///   or 404 for a record a `GET` still finds: an Express app without a PATCH route)
///   gets `PUT` of the record exactly as it sent it with only those members replaced (405 and
///   501 are remembered for the server: later edits of any kind, todo toggles too, `PUT` at once). Every
///   other member keeps its value and JSON type.
/// - `delete`: `DELETE {base}/{collection}/{id}` (any 2xx, `204` too).
/// - Before an edit, a delete or an undo: nothing is sent when the write could reach a record
///   the person did not choose (several records share the id, or the server's record under
///   it is not the one opened: ``requireSameRecord(_:id:held:chosen:)``, issue 22).
/// - `recreate` (undo): `POST` with the record's own id; on a 4xx (the id is taken) the record
///   is POSTed without it, and the note says which id the server gave it.
///
/// After each write the collection's cached answers are dropped and the record is read back
/// (`GET {collection}/{id}`, or the whole collection where the server refuses that with 405 or
/// 501; `404` and `200 null` mean "not there") and compared member by member, numbers by value.
/// The outcome's note names members the server dropped or changed; a server that shows no
/// change (the public JSONPlaceholder) gives `persisted: false` and ``notKeptNote``; a read-back
/// that fails gives "saved; the server's answer could not be checked (why)". Writes are never
/// retried; bodies are `application/json; charset=utf-8` through the source's ``HTTPClient``
/// (an HTTP error names the status and URL).
public struct RESTDataWriter: DataWriter {
    // MARK: - Properties

    /// The API root, as the source's.
    public let baseURL: URL
    let client: HTTPClient
    /// The collection before the latest create (for ``locateCreated(_:)``) and the latest deleted record as the server held it (for undo).
    let ledger = WriteLedger()
    /// Writes are accepted (the server may still refuse them: an HTTP error).
    public var access: WriteAccess { .allowed }

    /// The note of an outcome the server did not keep.
    public static let notKeptNote = "the server accepted the change but does not keep it (a GET afterwards shows the old data)"

    /// The note of an edit the server was found to hold already (a Retry after an attempt whose
    /// answer was lost): nothing was sent.
    public static let heldAlreadyNote = "the server holds this edit already (an earlier attempt saved it), so it was not sent again"

    /// The note of an undo that found the record under its own id already, every modelled
    /// member equal (the server did not keep the delete, or an earlier undo's answer was lost): nothing was sent.
    public static let heldUndoNote = "the server holds it under its own id already (the delete was not kept, or an earlier undo put it back), so it was not sent again"

    /// The note of an outcome whose read-back failed or was inconclusive; `why` is words.
    public static func uncheckedNote(_ why: String) -> String { "saved; the server's answer could not be checked (\(why))" }

    // MARK: - Init

    /// Creates a writer for the API `source` reads, sharing its client and response cache.
    public init(source: RESTDataSource) {
        baseURL = source.baseURL
        client = source.client
    }

    // MARK: - API

    /// `POST {base}/{collection}` with `record` minus its id; the stored record has the server's id.
    /// - Throws: ``DataError`` only when the `POST` itself failed (`.badStatus` naming status
    ///   and URL, `.transport`, `.timedOut`, `.invalidURL`); after a 2xx nothing is thrown.
    public func create(_ record: Record) async throws(DataError) -> WriteOutcome {
        try await post(record, keepingID: false)
    }

    /// ``update(_:original:)`` with the record as the server holds it now as the original.
    public func update(_ record: Record) async throws(DataError) -> WriteOutcome {
        try await edit(record, original: nil)
    }

    /// `PATCH {base}/{collection}/{id}` with the members that differ from `original` (or `PUT`
    /// of the server's record with them replaced, where `PATCH` is refused).
    /// - Throws: ``DataError/notFound(_:location:)`` when the server has no such record (404,
    ///   `200 null`), and the errors of ``create(_:)`` for the `GET` and the write.
    public func update(_ record: Record, original: Record) async throws(DataError) -> WriteOutcome {
        try await edit(record, original: original)
    }

    /// `DELETE {base}/{collection}/{id}`, after a `GET` that keeps the record as the server
    /// holds it for an undo (``recreate(_:)``); a read-back that finds nothing (404, `200 null`)
    /// confirms it. A failure that may have reached the server (``DataError/mayHaveReachedServer``:
    /// a 500, a timeout) is followed by that read-back too: a record gone is a delete done, with a note.
    /// - Throws: ``DataError/notFound(_:location:)`` for a 404, and the errors of ``create(_:)``.
    public func delete(_ kind: RecordKind, id: RecordID) async throws(DataError) -> WriteOutcome {
        try await delete(kind, id: id, original: nil)
    }

    /// ``delete(_:id:)`` of the record the person chose: not sent (``DataError/writeNotSent(url:reason:)``)
    /// when the server's record under `id` is not `original`, member by member, or when the
    /// collection holds `id` more than once (a `DELETE` could remove a record not chosen).
    /// - Throws: That, and the errors of ``delete(_:id:)``.
    public func delete(_ kind: RecordKind, id: RecordID, original: Record?) async throws(DataError) -> WriteOutcome {
        let url = try itemURL(kind, id)
        if case let .some(.some(raw)) = try? await fetchRaw(kind, id: id, missingIsExpected: true) {
            try await requireSameRecord(kind, id: id, held: raw, chosen: original)
            if let record = Self.decode(kind, raw) { await ledger.rememberDeleted(record, raw: raw) }
        } else {
            try await requireOnlyOne(kind, id: id)
        }
        do throws(DataError) {
            _ = try await DataError.notFoundOn404("\(kind.singular) \(id)", at: url) { () throws(DataError) in
                try await client.send("DELETE", to: url, json: nil)
            }
        } catch {
            // A failure that may have reached the server (a 500 after the handler deleted it, a
            // lost answer): when the record is gone now, it was deleted, and undo can put it back.
            guard error.mayHaveReachedServer, case .some(.none) = try? await fetchRaw(kind, id: id, missingIsExpected: true) else {
                throw error
            }
            await invalidate(kind)
            return WriteOutcome(record: nil, persisted: true, note: "the server reported a failure (\(error)), but the record is gone: it was deleted")
        }
        await invalidate(kind)
        do throws(DataError) {
            guard try await fetchRaw(kind, id: id, missingIsExpected: true) == nil else {
                return WriteOutcome(record: nil, persisted: false, note: Self.notKeptNote)
            }
            return WriteOutcome(record: nil, persisted: true)
        } catch {
            return WriteOutcome(record: nil, persisted: true, note: Self.uncheckedNote("reading it back failed: \(error)"))
        }
    }

    /// Undo of a delete: `POST` with the record's own id, and with every member the server held
    /// when this writer deleted it (unknown ones too). When the collection (as last read, else
    /// read now) holds the id already, the id is not sent (a server that stores what it is sent
    /// would hold two records with it, issue 22): the record found is this one (``heldUndoNote``,
    /// nothing sent), or another, and the record is POSTed without an id, the note naming the
    /// id and the other record's title. When the server refuses that id with a
    /// 4xx, either the record is back already (an earlier undo whose answer was lost: nothing is
    /// sent) or it is POSTed without an id; the note says when it got another id. After a
    /// failure that may have reached the server (a 500, a timeout), a record found back under
    /// its id is an undo done, with a note.
    /// - Throws: As ``create(_:)``.
    public func recreate(_ record: Record) async throws(DataError) -> WriteOutcome {
        if let holders = await holders(of: record.id, record.kind), !holders.isEmpty {
            // The id is held already: by this very record (an undo whose answer was lost), or by
            // another one, which a POST with the id could duplicate on a server that stores what it is sent.
            if holders.count == 1, Self.decode(record.kind, holders[0]) == record {
                return WriteOutcome(record: record, persisted: true, note: Self.heldUndoNote)
            }
            var outcome = try await post(record, keepingID: false, raw: await ledger.deletedRaw(of: record))
            let id = outcome.record.map { "id \($0.id)" } ?? "another id"
            let titles = holders.map(Self.title).joined(separator: ", ")
            outcome.note = Self.joined("its id \(record.id) is taken by \(titles), so the server gave it \(id)", outcome.note)
            return outcome
        }
        do throws(DataError) {
            var outcome = try await post(record, keepingID: true, raw: await ledger.deletedRaw(of: record))
            if let stored = outcome.record, stored.id != record.id {
                outcome.note = Self.joined("the server chose id \(stored.id) instead of \(record.id)", outcome.note)
            }
            return outcome
        } catch {
            if error.mayHaveReachedServer, let raw = try? await fetchRaw(record.kind, id: record.id),
               Self.decode(record.kind, raw) == record {
                // A 500 or a lost answer after the server stored it: it is back.
                return WriteOutcome(record: record, persisted: true,
                                    note: "the server reported a failure (\(error)), but the record is back under its own id")
            }
            guard case let .badStatus(code, _, _) = error, (400..<500).contains(code), code != 429 else { throw error }
            if let raw = try? await fetchRaw(record.kind, id: record.id, missingIsExpected: true), Self.decode(record.kind, raw) == record {
                return WriteOutcome(record: record, persisted: true, note: Self.heldUndoNote)
            }
            var outcome = try await post(record, keepingID: false, raw: await ledger.deletedRaw(of: record))
            let id = outcome.record.map { "id \($0.id)" } ?? "another id"
            outcome.note = Self.joined("its id \(record.id) was refused (HTTP \(code)), so the server gave it \(id)", outcome.note)
            return outcome
        }
    }

    /// Reads the collection again and returns the record a create of `record` made, if the
    /// server has it: a record of the same kind, equal to `record` in every member Bulletin
    /// models but the id, that was not there before that create.
    /// - Throws: ``DataError`` when the collection cannot be read.
    public func locateCreated(_ record: Record) async throws(DataError) -> Record? {
        let before = await ledger.list(before: record)?.ids
        return try await newMatches(for: record, excluding: before).first
    }

    // MARK: - Private

    /// The edit behind both `update`s; `original` `nil` means "as the server holds it".
    private func edit(_ record: Record, original: Record?) async throws(DataError) -> WriteOutcome {
        let url = try itemURL(record.kind, record.id)
        guard let raw = try await fetchRaw(record.kind, id: record.id) else {
            throw .notFound(record.label, location: url.absoluteString)
        }
        let old = (original ?? Self.decode(record.kind, raw)).map(RecordJSON.value(of:)) ?? raw
        let new = RecordJSON.value(of: record)
        let changes = RecordJSON.patch(from: old, to: new, onto: raw)
        guard !changes.isEmpty else { return WriteOutcome(record: record, persisted: true, note: "nothing was changed") }
        if original != nil, changes.allSatisfy({ RecordJSON.sameValue(raw[$0.key] ?? .null, $0.value) }) {
            // The server holds the edit already (an earlier attempt whose answer was lost): send nothing.
            return WriteOutcome(record: Self.decode(record.kind, raw) ?? record, persisted: true, note: Self.heldAlreadyNote)
        }
        try await requireSameRecord(record.kind, id: record.id, held: raw, chosen: original)
        let expected = RecordJSON.applying(from: old, to: new, onto: raw, keepingTypes: true)
        let patchRefused = await ledger.patchRefused()
        try await DataError.notFoundOn404(record.label, at: url) { () throws(DataError) in
            do throws(DataError) {
                guard !patchRefused else { throw .badStatus(405, url: url.absoluteString, excerpt: "") }
                _ = try await client.send("PATCH", to: url, json: Data(JSONValue.object(changes).printed()))
            } catch {
                guard case let .badStatus(code, _, _) = error, [404, 405, 501].contains(code) else { throw error }
                // A 404 to PATCH of a record just read is a server without a PATCH route (Express
                // answers unknown methods 404 "Cannot PATCH"); unless it is gone now, PUT it.
                if code == 404, !patchRefused, try await fetchRaw(record.kind, id: record.id) == nil { throw error }
                // 405 and 501 say so for the whole server; a 404 could also mean the record went.
                if code != 404 { await ledger.notePatchRefused() }
                _ = try await client.send("PUT", to: url, json: Data(expected.printed()))
            }
        }
        await invalidate(record.kind)
        return await readBack(record, id: record.id, expected: expected, before: raw)
    }

    /// The `POST` of a create or an undo; never throws once the server accepted it.
    /// - Parameter raw: For an undo, the record as the server held it before the delete: sent
    ///   as it was (every member), rather than what Bulletin models of it.
    private func post(_ record: Record, keepingID: Bool, raw: JSONValue? = nil) async throws(DataError) -> WriteOutcome {
        let url = try collectionURL(record.kind)
        let known = await cachedList(record.kind)
        var body = RecordJSON.compacted(RecordJSON.value(of: record))
        if let sample = await typeSample(for: record.kind, known: known) { body = RecordJSON.typed(body, like: sample) }
        if let raw { body = raw }
        if !keepingID, case let .object(members) = body { body = .object(members.filter { $0.key != "id" }) }
        await ledger.remember(record, list: known)
        let answer = try await client.send("POST", to: url, json: Data(body.printed()))
        await invalidate(record.kind)
        switch await createdID(answer, record: record, known: known) {
        case let .failure(why):
            return WriteOutcome(record: nil, persisted: true, note: Self.uncheckedNote(why.description))
        case let .success(id):
            let expected = Self.withID(body, id)
            return await readBack(record.with(id: RecordID(id.idText ?? "")), id: RecordID(id.idText ?? ""),
                                  expected: expected, before: nil)
        }
    }

    /// A record whose members' JSON types a new record of `kind` should take: the first one the
    /// collection holds, or, when it holds none, one made of the parent collection's first id
    /// as the foreign key and as the id (`{"postId": "7", "id": "7"}` for a comment where posts
    /// have string ids). `nil` when neither is known.
    private func typeSample(for kind: RecordKind, known: CachedList?) async -> JSONValue? {
        if let first = known?.first { return first }
        let parent: (key: String, kind: RecordKind)? = switch kind {
        case .user: nil
        case .post: ("userId", .user)
        case .comment: ("postId", .post)
        }
        guard let parent, let id = await cachedList(parent.kind)?.first?["id"] else { return nil }
        return .object([.init(key: parent.key, value: id), .init(key: "id", value: id)])
    }

    /// `body` with its `id` member set to `id` (first), for comparing with the read-back.
    private static func withID(_ body: JSONValue, _ id: JSONValue) -> JSONValue {
        guard case let .object(members) = body else { return body }
        return .object([.init(key: "id", value: id)] + members.filter { $0.key != "id" })
    }

    /// `first; second`, or `first` alone.
    static func joined(_ first: String, _ second: String?) -> String {
        second.map { "\(first); \($0)" } ?? first
    }
}
