import Observation

/// The screens the user has opened, bottom (root) to top; the top one is drawn.
///
/// Every removal (``pop()``, ``popTo(id:)``, ``popToRoot()``, ``replaceTop(with:)``,
/// ``setStack(_:)``, ``dismiss()``) runs each removed entry's `onRemove` once, top first,
/// and releases the entry with its owner. Popping the root does nothing. Observable, so a
/// host that read ``entries`` while drawing is told to redraw when they change.
@MainActor
@Observable
public final class NavigationStack<Destination> {
    // MARK: - Properties

    /// The entries, root first.
    ///
    /// Observed by hand through ``entriesKey``: the macro's `\.entries` literal in a generic class
    /// is instantiated at run time on every read (`swift_getKeyPath` looking the generic argument
    /// up by its mangled name), ~4% of a one-row move's CPU with the host's four reads a frame.
    public private(set) var entries: [NavigationEntry<Destination>] {
        get {
            access(keyPath: entriesKey)
            return storedEntries
        }
        set {
            withMutation(keyPath: entriesKey) { storedEntries = newValue }
        }
    }
    @ObservationIgnored private var storedEntries: [NavigationEntry<Destination>] = []
    /// `\.entries`, made once per stack.
    @ObservationIgnored private let entriesKey: KeyPath<NavigationStack, [NavigationEntry<Destination>]> = \.entries
    @ObservationIgnored private var nextID = 1

    // MARK: - Init

    public init() {}

    // MARK: - API

    /// The entry being shown, if any.
    public var top: NavigationEntry<Destination>? { entries.last }

    /// The entry's titles, root first, for breadcrumbs and tests.
    public var titles: [String] { entries.map(\.title) }

    /// The routes of the entries, root first (`nil` for entries without one).
    public var routes: [String?] { entries.map(\.route) }

    /// Puts a screen on top, unless `route` is non-nil and equal to the top entry's route
    /// (the same screen is already shown: a second Enter, a repeated command).
    /// - Returns: The new entry's id, or `nil` when the push was ignored (nothing is retained
    ///   and `onRemove` never runs).
    @discardableResult
    public func push(
        _ destination: Destination, title: String, route: String? = nil, owner: AnyObject? = nil,
        onRemove: (@MainActor () -> Void)? = nil
    ) -> Int? {
        push(NavigationRequest(destination, title: title, route: route, style: .push, owner: owner, onRemove: onRemove))
    }

    /// Puts `request` on top (as a push or a modal, by its style), with the same guard as
    /// ``push(_:title:route:owner:onRemove:)``.
    /// - Returns: The new entry's id, or `nil` when the top already shows `request.route`.
    @discardableResult
    public func push(_ request: NavigationRequest<Destination>) -> Int? {
        if let route = request.route, route == top?.route { return nil }
        return append(request)
    }

    /// Shows a modal (a dialog or form) over the top screen, with the same guard as `push`.
    /// - Returns: The new entry's id, or `nil` when the top already shows `route`.
    @discardableResult
    public func present(
        _ destination: Destination, title: String, route: String? = nil, owner: AnyObject? = nil,
        onRemove: (@MainActor () -> Void)? = nil
    ) -> Int? {
        push(NavigationRequest(destination, title: title, route: route, style: .modal, owner: owner, onRemove: onRemove))
    }

    /// Removes the top entry unless it is the root.
    /// - Returns: `true` when an entry was removed.
    @discardableResult
    public func pop() -> Bool {
        guard entries.count > 1 else { return false }
        remove(from: entries.count - 1)
        return true
    }

    /// Removes the top entry if it is a modal.
    /// - Returns: `true` when a modal was dismissed.
    @discardableResult
    public func dismiss() -> Bool {
        guard entries.count > 1, top?.style == .modal else { return false }
        remove(from: entries.count - 1)
        return true
    }

    /// Removes every entry above the one with `id`; does nothing if no entry has that id.
    public func popTo(id: Int) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        remove(from: index + 1)
    }

    /// Removes the entry with `id` and every entry above it; does nothing for an unknown id or
    /// the root. A child flow that completes uses this to take its screens off the stack.
    public func remove(id: Int) {
        guard let index = entries.firstIndex(where: { $0.id == id }), index > 0 else { return }
        remove(from: index)
    }

    /// Removes every entry above the root.
    public func popToRoot() { remove(from: 1) }

    /// Replaces the top entry (or pushes, on an empty stack).
    @discardableResult
    public func replaceTop(with request: NavigationRequest<Destination>) -> Int {
        if !entries.isEmpty { remove(from: entries.count - 1) }
        return append(request)
    }

    /// Replaces the whole stack at once, as a deep link does.
    public func setStack(_ requests: [NavigationRequest<Destination>]) {
        remove(from: 0)
        for request in requests { append(request) }
    }

    // MARK: - Private

    @discardableResult
    private func append(_ request: NavigationRequest<Destination>) -> Int {
        let id = nextID
        nextID += 1
        entries.append(
            NavigationEntry(
                id: id, title: request.title, route: request.route, style: request.style, destination: request.destination,
                owner: request.owner, onRemove: request.onRemove))
        return id
    }

    /// Removes entries from `index` up, notifying top first.
    private func remove(from index: Int) {
        guard index < entries.count else { return }
        let removed = entries[index...].reversed()
        entries.removeSubrange(index...)
        for entry in removed { entry.onRemove?() }
    }
}
