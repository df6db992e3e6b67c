import BulletinData

/// The services the features need, built once at the composition root and passed down
/// through `init`. No singletons, no global locator.
public struct AppDependencies: Sendable {
    /// Builds the dependencies for another source (the Admin panel's switch).
    public typealias Make = @Sendable (LaunchOptions.Source) throws(DataError) -> AppDependencies

    /// Where users, posts and comments come from.
    public var source: any DataSource
    /// Where edits go: the same data as ``source`` (an atomic file save, REST writes, the
    /// embedded set's copy), or a ``ReadOnlyWriter`` saying why not.
    public var writer: any DataWriter
    /// The source's requests, file reads, errors and rate-limit budget, for the Admin panel.
    public var log: RequestLog
    /// Builds the source and writer for another ``LaunchOptions/Source``, sharing ``log``;
    /// the Admin panel's switch calls it and replaces both together.
    public var makeDependencies: Make
    /// Opening and copying the selected record (`o`, `y`); built over the terminal at the
    /// composition root, ``Sharing/unavailable`` until then. A source switch keeps it.
    public var sharing: Sharing = .unavailable
    /// How long the Admin panel's switch waits for the new source's first read before it keeps
    /// the current source, in seconds (`--timeout`, set by ``SourceFactory``).
    public var probeTimeout: Double = 15
    /// The `:` prompt's history file (``CommandHistory``), set at the composition root;
    /// `nil` keeps the history for the run only (tests).
    public var historyPath: String?

    /// - Parameter makeDependencies: Builds the dependencies of a switch; by default a
    ///   ``SourceFactory`` recording into `log`.
    public init(
        source: any DataSource, writer: any DataWriter = ReadOnlyWriter(reason: "this source cannot be edited yet"),
        log: RequestLog = RequestLog(), makeDependencies: Make? = nil
    ) {
        self.source = source
        self.writer = writer
        self.log = log
        if let makeDependencies {
            self.makeDependencies = makeDependencies
        } else {
            let factory = SourceFactory(log: log)
            self.makeDependencies = { choice throws(DataError) in try factory.dependencies(for: choice) }
        }
    }
}
