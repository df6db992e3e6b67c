import BulletinData

// A form's reload after someone else saved its record (issue 26 item 3): the record as saved
// now, and the fields merged with it: what the person typed kept, the rest taken from it, each
// field that changed since the form opened noted.

extension RecordDraft {
    /// `record` as its source holds it now (a comment is found among its post's).
    /// - Throws: ``DataError/notFound(_:location:)`` when it is gone (deleted meanwhile), or the read's error.
    static func current(of record: Record, in source: any DataSource) async throws(DataError) -> Record {
        switch record {
        case let .user(user): return .user(try await source.user(id: user.id))
        case let .post(post): return .post(try await source.post(id: post.id))
        case let .comment(comment):
            guard let found = try await source.comments(postID: comment.postId).first(where: { $0.id == comment.id }) else {
                throw .notFound("comment \(comment.id)", location: source.descriptor.location)
            }
            return .comment(found)
        }
    }

    /// `fields` after a reload of their record as `current`: a field the person changed keeps
    /// what they typed, the others take `current`'s values; every field `current` holds
    /// differently from what the form opened on gets a note short enough for the field's line:
    /// `changed: was “…”`, or, for one the person changed too, `theirs: “…”; yours kept`.
    static func reloaded(_ fields: [FormField], as current: Record) -> (fields: [FormField], notes: [FormFieldID: String]) {
        var notes: [FormFieldID: String] = [:]
        let merged = Self.fields(for: current).map { fresh -> FormField in
            guard let typed = fields.first(where: { $0.id == fresh.id }) else { return fresh }
            let changedThere = typed.original != fresh.original
            if typed.isChanged {
                if changedThere { notes[fresh.id] = "theirs: “\(excerpt(fresh.original))”; yours kept" }
                var kept = fresh
                kept.input = typed.input
                return kept
            }
            if changedThere { notes[fresh.id] = "changed: was “\(excerpt(typed.original))”" }
            return fresh
        }
        return (merged, notes)
    }

    /// The first line of `text`, at most 20 characters (`…` when cut).
    private static func excerpt(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 20 ? String(line.prefix(19)) + "…" : line
    }
}
