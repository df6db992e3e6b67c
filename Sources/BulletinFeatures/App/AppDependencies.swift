import BulletinData

/// The services the features need, built once at the composition root and passed down
/// through `init`. No singletons, no global locator.
public struct AppDependencies: Sendable {
    /// Where users, posts and comments come from.
    public var source: any DataSource
    /// Where edits go: the same data as ``source`` (an atomic file save, REST writes, the
    /// embedded set's copy), or a ``ReadOnlyWriter`` saying why not.
    public var writer: any DataWriter

    public init(source: any DataSource, writer: any DataWriter = ReadOnlyWriter(reason: "this source cannot be edited yet")) {
        self.source = source
        self.writer = writer
    }
}
