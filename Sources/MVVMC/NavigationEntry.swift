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
    /// The route that reopens this screen, such as `"users/3"` (the deep-link path shown in
    /// the header); `nil` for entries that have none. Pushing an entry whose route equals the
    /// top's route is ignored, so a double Enter never opens the same screen twice.
    public let route: String?
    /// Push or modal.
    public let style: PresentationStyle
    /// What to show: in Bulletin, the screen's live view model (`any ScreenViewModel`).
    public let destination: Destination
    /// The coordinator responsible for this entry, kept alive while the entry is on the stack.
    public let owner: AnyObject?
    let onRemove: (@MainActor () -> Void)?

    init(
        id: Int, title: String, route: String?, style: PresentationStyle, destination: Destination, owner: AnyObject?,
        onRemove: (@MainActor () -> Void)?
    ) {
        self.id = id
        self.title = title
        self.route = route
        self.style = style
        self.destination = destination
        self.owner = owner
        self.onRemove = onRemove
    }
}

/// A screen to put on the stack, before it gets an id: used by ``NavigationStack/setStack(_:)``.
@MainActor
public struct NavigationRequest<Destination> {
    /// See ``NavigationEntry/title``.
    public var title: String
    /// See ``NavigationEntry/route``.
    public var route: String?
    /// See ``NavigationEntry/style``.
    public var style: PresentationStyle
    /// See ``NavigationEntry/destination``.
    public var destination: Destination
    /// See ``NavigationEntry/owner``.
    public var owner: AnyObject?
    /// Runs once when the entry leaves the stack, whatever removed it.
    public var onRemove: (@MainActor () -> Void)?

    /// Describes a screen; nothing happens until it is handed to the stack.
    public init(
        _ destination: Destination, title: String, route: String? = nil, style: PresentationStyle = .push,
        owner: AnyObject? = nil, onRemove: (@MainActor () -> Void)? = nil
    ) {
        self.destination = destination
        self.title = title
        self.route = route
        self.style = style
        self.owner = owner
        self.onRemove = onRemove
    }
}
