import BulletinData

/// The services the features need, built once at the composition root and passed down
/// through `init`. No singletons, no global locator.
public struct AppDependencies: Sendable {
    /// Where users, posts and comments come from.
    public var source: any DataSource

    public init(source: any DataSource) { self.source = source }
}
