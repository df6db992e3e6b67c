import BulletinData

// What the form checks and says around a save: the data-source look-ups of a post's author and
// a comment's post, and the notes of a Retry after a create that may have reached the server.

extension RecordFormViewModel {
    /// The note of a Retry that found the record already saved by the attempt that failed.
    public nonisolated static let foundAlreadyNote = "it was saved already (the list shows it), so it was not sent again"
    /// The note of a Retry that found the failed attempt had not saved the record, and sent it.
    public nonisolated static let notFoundNote = "the first attempt had not saved it (the list did not show it), so it was sent again"

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
            if case .notFound = error { return rule == .existingUser ? "no user \(id)" : "no post \(id)" }
            return nil
        }
    }
}
