import BulletinData
import MVVMC

/// A screen's view model as the navigation stack, the coordinators and the host see it: what
/// every screen answers, so nothing switches over the kinds of screen.
///
/// A screen with data implements ``start()``, ``stop()``, ``load()``, ``isLoading`` and, when a
/// write can change what it shows, ``reloadAfterWrite(selecting:)``; the defaults are for
/// screens without data (Home, a form, a dialog). The UI layer maps each kind of view model to
/// its screen in one place (`ScreenHost.screen(for:)`).
@MainActor
public protocol ScreenViewModel: AnyObject {
    /// The screen's title for the header's breadcrumbs and the window title; may change once
    /// data has loaded (a user screen shows the user's name).
    var title: String { get }

    /// The screen's address as it is now, when it changes while the screen is shown (Search's
    /// query); `nil` (the default) when the stack entry's route says it.
    var currentRoute: String? { get }

    /// The words of the screen's source (``DataSource/vocabulary``) for its titles, counts,
    /// messages and route; JSONPlaceholder's (the default) for screens without a source.
    var vocabulary: SourceVocabulary { get }

    /// Whether the screen's data is still on its way (before and during its first load or a
    /// reload that replaces what is shown); `false` for screens without data.
    var isLoading: Bool { get }

    /// The screen appeared: start its load; does nothing when loaded or loading.
    func start()

    /// The screen left the stack: cancel its load, so a late result changes nothing even if
    /// something still holds the view model.
    func stop()

    /// Loads the screen's data again and returns once it is shown; returns at once for
    /// screens without data.
    func load() async

    /// After a write: reloads the screen's data and, when the screen lists `record`, selects
    /// it. Screens that show no records (Home, forms, dialogs) do nothing (the default).
    func reloadAfterWrite(selecting record: Record?) async

    /// Others changed, added or deleted rows (`--live`, ``LiveUpdates``): the screen reads again
    /// what it shows of them, keeping its selection, scroll and whatever is typed. Screens that
    /// show none of them do nothing (the default).
    func othersChanged(_ changes: [DataChange]) async
}

// The defaults, for screens without data of their own.
extension ScreenViewModel {
    /// `nil`: the stack entry's route says where the screen is.
    public var currentRoute: String? { nil }
    /// JSONPlaceholder's words: the screen has no source of its own.
    public var vocabulary: SourceVocabulary { .jsonPlaceholder }
    /// `false`: nothing to wait for.
    public var isLoading: Bool { false }
    /// Nothing to load.
    public func start() {}
    /// Nothing to cancel.
    public func stop() {}
    /// Nothing to load: returns at once.
    public func load() async {}
    /// Nothing a write changes.
    public func reloadAfterWrite(selecting record: Record?) async {}
    /// Shows nothing others change.
    public func othersChanged(_ changes: [DataChange]) async {}
}

/// What a navigation-stack entry shows: the screen's live view model.
public typealias Destination = any ScreenViewModel

extension ScreenViewModel {
    /// A stack entry for this screen at `link` whose removal stops the screen's load, then
    /// runs `onRemove`.
    /// - Parameters:
    ///   - title: The breadcrumb's fallback title.
    ///   - link: The screen's address; its path in the screen's ``vocabulary`` becomes the
    ///     entry's route (`nil`: no route).
    ///   - style: Push (a full screen) or modal (a dialog or form over the screen beneath).
    ///   - owner: The coordinator kept alive by the entry.
    public func request(
        title: String, link: DeepLink?, style: PresentationStyle = .push, owner: AnyObject?,
        onRemove: (@MainActor () -> Void)? = nil
    ) -> NavigationRequest<Destination> {
        NavigationRequest(self, title: title, route: link?.route(in: vocabulary), style: style, owner: owner) {
            self.stop()
            onRemove?()
        }
    }
}

extension NavigationStack where Destination == any ScreenViewModel {
    /// Pushes or presents `request` (by its style) and starts its screen's load; does nothing
    /// when the top already shows the same route (see ``NavigationStack/push(_:)``).
    /// - Returns: The new entry's id, or `nil` when nothing was shown.
    @discardableResult
    public func show(_ request: NavigationRequest<any ScreenViewModel>) -> Int? {
        guard let id = push(request) else { return nil }
        request.destination.start()
        return id
    }
}
