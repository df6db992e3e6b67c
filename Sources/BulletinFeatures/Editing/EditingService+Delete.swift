import BulletinData

// Deleting and undoing (``EditingService``): one record, or every marked row after one
// question, deleted one after the other; `u` re-creates the whole last delete.

extension EditingService {
    /// Asks before deleting `record`, saying what stays behind (a user's posts, a post's
    /// comments: deletes do not cascade, as in json-server).
    func confirmDelete(_ record: Record) { confirmDelete([record]) }

    /// Asks once before deleting every one of `records` (the marked rows), saying how many of
    /// which kinds, how many of them the filter hides (`hidden`), and what stays behind.
    /// - Parameter gone: Ids of marked records already deleted elsewhere, named in the question.
    func confirmDelete(_ records: [Record], hidden: Int = 0, gone: [RecordID] = []) {
        guard !records.isEmpty else { return }
        let source = source
        run { [weak self] in
            let left = await Self.leftBehind(by: records, in: source)
            let unseen = hidden > 0 ? "\(hidden == records.count ? "All" : "\(hidden)") of them \(hidden == 1 ? "is" : "are") hidden by the filter." : nil
            let goneAlready = gone.isEmpty ? nil : "Marked too, " + Self.goneSentence(records[0].kind, gone) + "."
            self?.presentDeleteConfirmation(records, leftBehind: [unseen, goneAlready, left].compactMap { $0 }.joined(separator: " "))
        }
    }

    /// `post 3 was gone already (deleted elsewhere)`, `posts 3, 5 were …`.
    static func goneSentence(_ kind: RecordKind, _ ids: [RecordID]) -> String {
        (ids.count == 1 ? "\(kind.noun) \(ids[0]) was" : "\(kind.rawValue) \(ids.map(\.description).joined(separator: ", ")) were")
            + " gone already (deleted elsewhere)"
    }

    /// `Their 10 posts stay, with no author.` / `Its 1 comment stays.` (in the source's words)
    /// for what points at `records`, counted over all of them (of the first one's kind); `nil`
    /// when nothing does (or a count cannot be read).
    nonisolated static func leftBehind(by records: [Record], in source: any DataSource) async -> String? {
        guard let kind = records.first?.kind else { return nil }
        var count = 0
        for record in records where record.kind == kind {
            switch record {
            case let .user(user):
                guard let posts = try? await source.posts(userID: user.id) else { return nil }
                count += posts.count
            case let .post(post):
                guard let comments = try? await source.comments(postID: post.id) else { return nil }
                count += comments.count
            case .comment:
                return nil
            }
        }
        return leftBehindSentence(kind: kind, count: count, words: source.vocabulary, of: records.count,
                                  rule: await source.childDeleteRule(of: kind))
    }

    /// What stays after deleting a record of `kind` that `count` others point at, the noun and
    /// the verb agreeing with the count: `Its 1 comment stays.`, `Their 2 posts stay, with no
    /// author.`; `nil` for none (or a comment, which nothing points at).
    /// - Parameter deleted: How many records of `kind` are deleted: a post's comments are
    ///   `Its …`, several posts' `Their …`.
    ///   - rule: What the source does to them (``ChildDeleteRule``): they stay, or the database
    ///     deletes them too (`Their 10 posts are deleted with them (ON DELETE CASCADE).`).
    nonisolated static func leftBehindSentence(
        kind: RecordKind, count: Int, words: SourceVocabulary = .jsonPlaceholder, of deleted: Int = 1, rule: ChildDeleteRule = .kept
    ) -> String? {
        guard count > 0 else { return nil }
        let children: String
        switch kind {
        case .user: children = "Their \(words.posts.count(count))"
        case .post: children = "\(deleted == 1 && kind == .post ? "Its" : "Their") \((words.comments ?? KindName("comment", "comments")).count(count))"
        case .comment: return nil
        }
        let one = count == 1
        switch rule {
        case .cascade:
            return "\(children) \(one ? "is" : "are") deleted with \(deleted == 1 && kind == .post ? "it" : "them") (ON DELETE CASCADE); undo puts \(one ? "it" : "them") back too."
        case .restrict:
            return "\(children) \(one ? "points" : "point") at \(deleted == 1 && kind == .post ? "it" : "them"), and the database "
                + "refuses the delete while \(one ? "it does" : "they do") (FOREIGN KEY): delete \(one ? "it" : "them") first."
        case .setNull:
            return "\(children) \(one ? "stays" : "stay"), with no \(kind == .user ? "author" : "post") (ON DELETE SET NULL)."
        case .kept:
            return kind == .user ? "\(children) \(one ? "stays" : "stay"), with no author." : "\(children) \(one ? "stays" : "stay")."
        }
    }

    func presentDeleteConfirmation(_ records: [Record], leftBehind: String?) {
        let (title, named) = Self.deleteQuestion(records)
        let model = ConfirmationViewModel(
            title: title,
            message: ["\(named) will be deleted from the data.", leftBehind].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " "),
            confirmLabel: "Delete", offersUndo: true
        ) { [weak self] answer in
            self?.stack.dismiss()
            if answer == .confirm { self?.delete(records) }
        }
        stack.show(model.request(title: "Delete?", link: nil, style: .modal, owner: nil))
    }

    /// The delete question's title and the records it names: `Delete post 3?` and
    /// `post 3 “Title”`; for several, how many of which kinds (`Delete 3 posts?`, `Delete 3
    /// records (2 posts, 1 comment)?`) and the first few by id and name, the rest counted
    /// (`posts 1 “A”, 4 “B”, 7 “C” and 2 more`).
    static func deleteQuestion(_ records: [Record]) -> (title: String, named: String) {
        if records.count == 1, let record = records.first { return ("Delete \(record.kind.noun) \(record.id)?", label(of: record)) }
        let title = "Delete \(counted(records))?"
        let shown = 3
        var names = records.prefix(shown).map(label(of:))
        if records.count > shown { names.append("\(records.count - shown) more") }
        let last = names.removeLast()
        return (title, names.joined(separator: ", ") + " and " + last)
    }

    /// `3 posts`, or where the kinds differ, `3 records (2 posts, 1 comment)`.
    static func counted(_ records: [Record]) -> String {
        let kinds = RecordKind.allCases.compactMap { kind -> String? in
            let count = records.filter { $0.kind == kind }.count
            return count == 0 ? nil : KindName(kind.noun, kind.rawValue).count(count)
        }
        return kinds.count == 1 ? kinds[0] : "\(records.count) records (\(kinds.joined(separator: ", ")))"
    }

    /// Deletes `records` one after the other, from the one at `start`; `overwrite` after the
    /// person agreed to save over a file changed on disk. A record already gone (deleted
    /// elsewhere meanwhile) counts as done and the batch goes on; the status line names it. Any
    /// other failure stops there: the records deleted before it stay deleted (and `u` restores
    /// them), the rest stay, and the status line says which failed and how many were deleted.
    func delete(_ records: [Record], from start: Int = 0, overwrite: Bool = false) {
        guard start < records.count else { return }
        let writer = writer
        deletesInFlight += 1
        let remaining = records.count - start
        note.show(remaining == 1 ? "Deleting \(records[start].kind.noun) \(records[start].id)…" : "Deleting \(remaining) records…")
        run { [weak self] in
            var written: WriteOutcome?
            var index = start
            var failure: DataError?
            var deleted: [Record] = []
            var gone: [Record] = []
            deleting: while index < records.count {
                let record = records[index]
                // Agreed once for the action: the rest of the batch overwrites too (one question).
                let overwriting = overwrite
                let outcome = await attempt { () async throws(DataError) in
                    try await writer.delete(record.kind, id: record.id, original: record, overwriteIfChanged: overwriting)
                }
                switch outcome {
                case let .success(outcome):
                    written = outcome
                    deleted.append(record)
                case .failure(.notFound):
                    gone.append(record)   // deleted elsewhere: nothing to do, nothing to undo
                case let .failure(error):
                    failure = error
                    break deleting
                }
                index += 1
            }
            guard let self else { return }
            deletesInFlight -= 1
            if !deleted.isEmpty {
                // A batch resumed after a question adds to the records its first part deleted.
                lastDeleted = start == 0 ? deleted : lastDeleted + deleted
                lastDeleteUndone = false
            } else if start == 0 {
                lastDeleted = []
            }
            if !deleted.isEmpty || !gone.isEmpty {
                (deleted + gone).forEach(closeScreens(of:))
                await refreshScreens(selecting: nil)
            }
            let done = lastDeleted
            let goneWords = gone.isEmpty ? nil
                : gone.map { "\($0.kind.noun) \($0.id)" }.joined(separator: ", ") + (gone.count == 1 ? " was" : " were")
                    + " gone already (deleted elsewhere)"
            switch failure {
            case nil:
                let sentence = written.map { Self.sentence("Deleted", done, $0) }
                note.show([sentence, goneWords].compactMap { $0 }.joined(separator: " · "), offersUndo: !done.isEmpty)
            case let .changedOnDisk(path)?:
                askToOverwrite(path) { [weak self] in self?.delete(records, from: index, overwrite: true) }
            case let .recordChanged(path, record)?:
                askToOverwrite(path, changed: record) { [weak self] in self?.delete(records, from: index, overwrite: true) }
            case let .readOnlyFile(path)?:
                askToOverwrite(path, readOnly: true) { [weak self] in self?.delete(records, from: index, overwrite: true) }
            case let error?:
                let record = records[index]
                let before = done.isEmpty ? "" : Self.sentence("Deleted", done, written ?? WriteOutcome(record: nil, persisted: true)) + " · "
                let left = records.count - index - 1
                note.show(before + (goneWords.map { $0 + " · " } ?? "") + "Could not delete \(record.kind.noun) \(record.id): \(error)"
                          + (left > 0 ? " · \(left) more not deleted" : ""), offersUndo: !done.isEmpty)
            }
        }
    }

    /// Re-creates the records of the last delete (one, or every marked one), in the order they
    /// were deleted; `overwrite` as in ``delete(_:from:overwrite:)``. A failure stops there: the
    /// records restored stay restored, the rest stay to undo.
    ///
    /// The records are taken when the undo runs, not when `u` is pressed: a second `u` queued
    /// behind the first finds nothing left to undo instead of re-creating the records again.
    func undo(overwrite: Bool = false) {
        // A delete still in flight is undone once it is done (the operations run in order).
        guard !lastDeleted.isEmpty || deletesInFlight > 0 else { return note.show(nothingToUndo) }
        let writer = writer
        run { [weak self] in
            guard let self else { return }
            guard !lastDeleted.isEmpty else { return note.show(nothingToUndo) }
            var restored: [Record] = []
            var written: WriteOutcome?
            var failure: DataError?
            for record in lastDeleted {
                let overwriting = overwrite
                let outcome = await attempt { () async throws(DataError) in
                    try await writer.restore(record, overwriteIfChanged: overwriting)
                }
                guard case let .success(outcome) = outcome else {
                    if case let .failure(error) = outcome { failure = error }
                    break
                }
                restored.append(outcome.record ?? record)
                written = outcome
            }
            lastDeleted.removeFirst(restored.count)
            if lastDeleted.isEmpty { lastDeleteUndone = true }
            if !restored.isEmpty { await refreshScreens(selecting: restored.first) }
            let done = restored.isEmpty ? "" : Self.sentence("Restored", restored, written ?? WriteOutcome(record: nil, persisted: true))
            switch failure {
            case nil: note.show(done)
            case let .changedOnDisk(path)?:
                askToOverwrite(path) { [weak self] in self?.undo(overwrite: true) }
            case let .recordChanged(path, record)?:
                askToOverwrite(path, changed: record) { [weak self] in self?.undo(overwrite: true) }
            case let .readOnlyFile(path)?:
                askToOverwrite(path, readOnly: true) { [weak self] in self?.undo(overwrite: true) }
            case let error?:
                guard let record = lastDeleted.first else { return }
                note.show((done.isEmpty ? "" : done + " · ") + "Could not restore \(record.kind.noun) \(record.id): \(error)")
            }
        }
    }

    /// Why `u` has nothing to do.
    var nothingToUndo: String { "Nothing to undo: " + nothingToUndoReason }

    /// Why there is no delete to undo, as a phrase.
    var nothingToUndoReason: String {
        lastDeleteUndone ? "the last delete was undone already" : "no record was deleted in this run"
    }

    /// Loads the marked records of `kind` by id (those in `chosen` are taken as they are, as
    /// ``pick(_:_:)`` would), then runs `then` with them in the list's order and the ids of
    /// those gone (deleted elsewhere since they were marked: skipped, their marks dropped by
    /// the reload). Any other record that cannot be read stops it and goes to the status line;
    /// when every one is gone, the status line says so and `then` does not run.
    func loadMarkedThen(_ kind: RecordKind, _ ids: [RecordID], chosen: [Record],
                                _ then: @escaping @MainActor ([Record], [RecordID]) -> Void) {
        let source = source
        note.show("Opening \(KindName(kind.noun, kind.rawValue).count(ids.count))… · Esc stops")
        opening({ [weak self] () async -> ([Record], [RecordID])? in
            var records: [Record] = []
            var gone: [RecordID] = []
            for id in ids {
                if let held = chosen.first(where: { $0.id == id && $0.kind == kind }) {
                    records.append(held)
                    continue
                }
                let loaded = await attempt { () async throws(DataError) -> Record in
                    switch kind {
                    case .user: return .user(try await source.user(id: id))
                    case .post: return .post(try await source.post(id: id))
                    case .comment: throw .notFound("comment \(id)", location: source.descriptor.description)
                    }
                }
                switch loaded {
                case let .success(record): records.append(record)
                case .failure(.notFound): gone.append(id)
                case let .failure(error): self?.note.show("Cannot delete \(kind.noun) \(id): \(error)"); return nil
                }
            }
            guard let self else { return nil }
            if records.isEmpty {
                await refreshScreens(selecting: nil)
                note.show(Self.goneSentence(kind, gone) + ": nothing to delete")
                return nil
            }
            return (records, gone)
        }, then: { [weak self] loaded in
            self?.note.clear()
            then(loaded.0, loaded.1)
        })
    }
}
