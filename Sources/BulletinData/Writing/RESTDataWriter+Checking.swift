import Foundation

/// After a write the server accepted: finding the new record's id and comparing the record
/// read back with what the write should have left. Nothing here throws: the write is done.
extension RESTDataWriter {
    /// The id of the record a `POST` made: the answer's `id` when the answer is a record, else
    /// the last path segment of its `Location` header (resolved against the answer's URL; not
    /// when that is the collection's name, as in `Location: /posts/`),
    /// else the one record the collection now holds that matches `record` and was not in
    /// `known` (the collection before the `POST`). `.failure` says in words why none is known.
    func createdID(_ answer: HTTPResponse, record: Record, known: CachedList?) async -> Result<JSONValue, Unconfirmed> {
        if let value = try? JSONValue.parse(answer.body), let id = value["id"], id.idText.map({ !$0.isEmpty }) == true {
            return .success(id)
        }
        if let location = answer.header("Location"), let url = URL(string: location, relativeTo: answer.url),
           let last = url.pathComponents.last, last != "/", !last.isEmpty,
           last != record.kind.rawValue {  // `Location: /posts/` names the collection, not the new record
            return .success(.string(last))
        }
        let answered = answer.body.isEmpty ? "an empty answer" : "an answer that is not the record"
        do throws(DataError) {
            let excluded = known?.ids
            let matches = try await newMatches(for: record, excluding: excluded)
            guard matches.count == 1, let match = matches.first else {
                let found = matches.isEmpty ? "the list does not show it" : "\(matches.count) new records in the list match it"
                return .failure(Unconfirmed("\(answered) with no Location, and \(found)"))
            }
            return .success(RecordJSON.id(match.id))
        } catch {
            return .failure(Unconfirmed("\(answered) with no Location, and the list could not be read: \(error)"))
        }
    }

    /// The records of `record`'s kind equal to it in every member but the id, read fresh,
    /// leaving out the ids in `excluded` (when known).
    func newMatches(for record: Record, excluding excluded: Set<String>?) async throws(DataError) -> [Record] {
        try await rawList(record.kind, reload: true).compactMap { raw -> Record? in
            guard let id = raw["id"]?.idText, excluded?.contains(id) != true,
                  let candidate = Self.decode(record.kind, raw), candidate == record.with(id: candidate.id) else { return nil }
            return candidate
        }
    }

    /// Reads the record back and compares it with `expected`, member by member.
    /// - Parameters:
    ///   - record: The record as written (its outcome when the read-back cannot be decoded).
    ///   - before: The record as the server held it before an edit (`nil` for a create):
    ///     a read-back equal to it means the server kept nothing.
    func readBack(_ record: Record, id: RecordID, expected: JSONValue, before: JSONValue?) async -> WriteOutcome {
        let actual: JSONValue?
        do throws(DataError) {
            actual = try await fetchRaw(record.kind, id: id)
        } catch {
            return WriteOutcome(record: record, persisted: true, note: Self.uncheckedNote("reading it back failed: \(error)"))
        }
        guard let actual else { return noted(WriteOutcome(record: record, persisted: false, note: Self.notKeptNote), record) }
        if let before, RecordJSON.sameValue(actual, before), !RecordJSON.sameValue(expected, before) {
            return noted(WriteOutcome(record: record, persisted: false, note: Self.notKeptNote), record)
        }
        let stored = Self.decode(record.kind, actual) ?? record
        let (dropped, changed) = RecordJSON.differences(expected: expected, actual: actual)
        var notes: [String] = []
        if !dropped.isEmpty { notes.append("the server dropped \(dropped.joined(separator: ", "))") }
        if !changed.isEmpty { notes.append("the server changed \(changed.joined(separator: ", "))") }
        let outcome = WriteOutcome(record: stored, persisted: true, note: notes.isEmpty ? nil : "saved; " + notes.joined(separator: "; "))
        return notes.isEmpty ? outcome : noted(outcome, record)
    }

    /// `outcome`, its note also recorded in the request log for the Admin panel's "Server
    /// behaviour" (`Writing post 1 (GET /posts/1 afterwards): saved; the server dropped tags,
    /// views`): the status line that shows the note is cut to the terminal's width, and the
    /// members a server lost are worth reading whole.
    private func noted(_ outcome: WriteOutcome, _ record: Record) -> WriteOutcome {
        if let note = outcome.note {
            let path = (try? itemURL(record.kind, record.id)).map { HTTPClient.logPath($0) } ?? "/\(record.kind.rawValue)"
            client.log?.record(note: "Writing \(record.label) (GET \(path) afterwards): \(note)")
        }
        return outcome
    }

    /// Why a write's result could not be confirmed, in words.
    struct Unconfirmed: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// What the REST writer remembers between writes, shared by copies of the writer: the
/// collection as it was just before the latest create (so ``RESTDataWriter/locateCreated(_:)``
/// does not mistake an older identical record for the one a lost answer made), and the latest
/// deleted record as the server held it (so an undo puts back every member, including ones
/// Bulletin does not model). Only the latest of each is kept: a form retries the latest create,
/// and `u` undoes the latest delete.
actor WriteLedger {
    private var lastCreate: (key: Record, list: CachedList?)?
    private var lastDelete: (record: Record, raw: JSONValue)?
    /// Whether the server refused `PATCH` this run (405 Method Not Allowed, 501 Not
    /// Implemented: said for the whole server, so for every collection, todos too): its edits
    /// then go straight to `PUT`, one request instead of two.
    private var refusesPatch = false

    /// Whether a `PATCH` was refused before in this run, on any collection.
    func patchRefused() -> Bool { refusesPatch }

    /// Notes that the server refused `PATCH` (405 or 501).
    func notePatchRefused() { refusesPatch = true }

    /// Notes the collection as it was (`nil`: not known) before `record` is POSTed.
    func remember(_ record: Record, list: CachedList?) {
        lastCreate = (Self.key(record), list)
    }

    /// The collection noted before the latest create, when that create was of `record`.
    func list(before record: Record) -> CachedList? {
        guard let lastCreate, lastCreate.key == Self.key(record) else { return nil }
        return lastCreate.list
    }

    /// Notes `raw`, the server's copy of `record`, before deleting it.
    func rememberDeleted(_ record: Record, raw: JSONValue) {
        lastDelete = (record, raw)
    }

    /// The server's copy of `record` noted when it was deleted, if it was the latest delete.
    func deletedRaw(of record: Record) -> JSONValue? {
        guard let lastDelete, lastDelete.record == record else { return nil }
        return lastDelete.raw
    }

    /// `record` with its id blanked, so a create and its retry share a key.
    private static func key(_ record: Record) -> Record { record.with(id: RecordID("")) }
}
