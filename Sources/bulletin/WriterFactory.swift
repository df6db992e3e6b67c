import BulletinData

/// Builds the writer that changes the data where the source reads it.
enum WriterFactory {
    /// A ``FileDataWriter`` for a `--data` file; GitHub is read-only; other sources refuse writes
    /// for now, saying why.
    static func make(for source: any DataSource) -> any DataWriter {
        if let file = source as? FileDataSource { return FileDataWriter(source: file) }
        if source.descriptor.kind == .github { return ReadOnlyWriter(reason: "GitHub is read-only") }
        return ReadOnlyWriter(reason: "editing \(source.descriptor.description) is not available yet")
    }
}
