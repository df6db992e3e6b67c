/// How an entry is shown: a full screen, or a modal drawn over the screen beneath it.
public enum PresentationStyle: Sendable, Equatable {
    case push
    case modal
}

/// One screen on the ``NavigationStack``: plain data that tests can inspect.
///
/// The entry keeps its `owner` (the coordinator that pushed it) alive; when the entry
/// leaves the stack, for whatever reason, `onRemove` runs once and the owner is released.
@MainActor
public struct NavigationEntry<Destination> {
    /// Unique within one stack, increasing with each push.
    public let id: Int
    /// A fallback title for breadcrumbs, such as `"User 3"`.
    public let title: String
    /// Push or modal.
    public let style: PresentationStyle
    /// What to show: in Bulletin, an enum of live view models.
    public let destination: Destination
    /// The coordinator responsible for this entry, kept alive while the entry is on the stack.
    public let owner: AnyObject?
    let onRemove: (@MainActor () -> Void)?

    init(
        id: Int, title: String, style: PresentationStyle, destination: Destination, owner: AnyObject?,
        onRemove: (@MainActor () -> Void)?
    ) {
        self.id = id
        self.title = title
        self.style = style
        self.destination = destination
        self.owner = owner
        self.onRemove = onRemove
    }
}

/// A screen to put on the stack, before it gets an id: used by ``NavigationStack/setStack(_:)``.
@MainActor
public struct NavigationRequest<Destination> {
    public var title: String
    public var style: PresentationStyle
    public var destination: Destination
    public var owner: AnyObject?
    public var onRemove: (@MainActor () -> Void)?

    public init(
        _ destination: Destination, title: String, style: PresentationStyle = .push, owner: AnyObject? = nil,
        onRemove: (@MainActor () -> Void)? = nil
    ) {
        self.destination = destination
        self.title = title
        self.style = style
        self.owner = owner
        self.onRemove = onRemove
    }
}
