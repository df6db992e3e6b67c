// MARK: - File saves: the record the person chose, and work done while they type (issue 13)

extension DataWriter {
    /// Gets ready for a write soon (an edit form just opened): a file writer maps the file's
    /// records now, in the background, so that Ctrl-S only splices. Other writers do nothing.
    /// Never fails: whatever it cannot do, the save does.
    public func prepareToWrite() async {
        await (self as? any PreparingWriter)?.prepare()
    }
}

/// A writer that can tell records sharing an id apart (file saves, by their position in the
/// file; REST writes, by refusing to send what could reach a record not chosen).
protocol ChoosingWriter: DataWriter {
    func apply(_ change: RecordChange, original: Record?, overwriteIfChanged: Bool) async throws(DataError) -> WriteOutcome
}

/// A writer with work to do ahead of a write (``DataWriter/prepareToWrite()``).
protocol PreparingWriter: DataWriter {
    func prepare() async
}

extension FileDataWriter: ChoosingWriter, PreparingWriter {
    func prepare() async { await saver.prepare() }
}

extension RESTDataWriter: ChoosingWriter {
    /// The REST write of `change`, checked against `original` (see ``RESTDataWriter/requireSameRecord(_:id:held:chosen:)``);
    /// `overwriteIfChanged` means nothing to a server.
    func apply(_ change: RecordChange, original: Record?, overwriteIfChanged: Bool) async throws(DataError) -> WriteOutcome {
        switch change {
        case let .create(record): try await create(record)
        case let .restore(record): try await recreate(record)
        case let .update(record):
            if let original { try await update(record, original: original) } else { try await update(record) }
        case let .delete(kind, id): try await delete(kind, id: id, original: original)
        }
    }
}
