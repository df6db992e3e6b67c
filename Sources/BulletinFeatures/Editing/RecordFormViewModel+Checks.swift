import BulletinData

// What the form does around a save: the write itself (with the check a Retry makes after a
// create that may have reached the server, and its notes), and the data-source look-ups of a
// post's author and a comment's post.

extension RecordFormViewModel {
    /// The note of a Retry that found the record already saved by the attempt that failed.
    public nonisolated static let foundAlreadyNote = "it was saved already (the list shows it), so it was not sent again"
    /// The note of a Retry that found the failed attempt had not saved the record, and sent it.
    public nonisolated static let notFoundNote = "the first attempt had not saved it (the list did not show it), so it was sent again"

    /// Writes the form's record: an edit of `original` changes only what differs from it; a
    /// create `checkingFirst` (the last attempt may have reached the server) first asks the
    /// writer whether that attempt saved it, and sends nothing when it did.
    /// - Throws: The writer's ``DataError``.
    nonisolated static func write(
        _ record: Record, original: Record?, checkingFirst: Bool, overwrite: Bool, to writer: any DataWriter
    ) async throws(DataError) -> WriteOutcome {
        if let original { return try await writer.update(record, original: original, overwriteIfChanged: overwrite) }
        guard checkingFirst else { return try await writer.create(record, overwriteIfChanged: overwrite) }
        if let found = try await writer.locateCreated(record) {
            return WriteOutcome(record: found, persisted: true, note: foundAlreadyNote)
        }
        var outcome = try await writer.create(record, overwriteIfChanged: overwrite)
        outcome.note = [notFoundNote, outcome.note].compactMap { $0 }.joined(separator: "; ")
        return outcome
    }

    /// Why `id` does not name a record for `rule` (`no user 42`), or `nil` when it does, or the
    /// source could not say (the write then reports its own error).
    nonisolated static func lookUp(_ rule: FieldRule, id: RecordID, source: any DataSource) async -> String? {
        do throws(DataError) {
            switch rule {
            case .existingUser: _ = try await source.user(id: id)
            case .existingPost: _ = try await source.post(id: id)
            default: break
            }
            return nil
        } catch {
            if case .notFound = error {
                let words = source.vocabulary
                return "no \(rule == .existingUser ? words.users.singular : words.posts.singular) \(id)"
            }
            return nil
        }
    }
}
