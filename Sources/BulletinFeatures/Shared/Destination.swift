import MVVMC

/// What a navigation-stack entry shows: one case per screen, holding its live view model.
///
/// The UI layer switches over this enum to pick a screen, so adding a screen is a compile
/// error everywhere it must be handled.
@MainActor
public enum Destination {
    case home(HomeViewModel)
    case userList(UserListViewModel)
    case userDetail(UserDetailViewModel)
    case postList(PostListViewModel)
    case postDetail(PostDetailViewModel)
    case adminPanel(AdminPanelViewModel)
    case linkError(LinkErrorViewModel)
    case search(SearchViewModel)
    case recordForm(RecordFormViewModel)
    case confirmation(ConfirmationViewModel)

    /// The screen's title for the header's breadcrumbs; may change once data has loaded
    /// (a user screen shows the user's name).
    public var title: String {
        switch self {
        case .home: "Home"
        case .userList: "Users"
        case let .userDetail(model): model.title
        case .postList: "Posts"
        case let .postDetail(model): model.title
        case .adminPanel: "Admin panel"
        case .linkError: "Not found"
        case .search: "Search"
        case let .recordForm(model): model.title
        case let .confirmation(model): model.title
        }
    }

    /// The view model, for identity checks in tests.
    public var viewModel: AnyObject {
        switch self {
        case let .home(model): model
        case let .userList(model): model
        case let .userDetail(model): model
        case let .postList(model): model
        case let .postDetail(model): model
        case let .adminPanel(model): model
        case let .linkError(model): model
        case let .search(model): model
        case let .recordForm(model): model
        case let .confirmation(model): model
        }
    }

    /// The screen appeared: start its load (does nothing when loaded or loading).
    public func start() {
        switch self {
        case .home, .linkError, .recordForm, .confirmation: break
        case let .userList(model): model.start()
        case let .userDetail(model): model.start()
        case let .postList(model): model.start()
        case let .postDetail(model): model.start()
        case let .adminPanel(model): model.start()
        case let .search(model): model.start()
        }
    }

    /// The screen left the stack: cancel its load, so a late result changes nothing even if
    /// something still holds the view model.
    public func stop() {
        switch self {
        case .home, .linkError, .confirmation: break
        case let .recordForm(model): model.stop()
        case let .userList(model): model.cancelLoad()
        case let .userDetail(model): model.cancelLoad()
        case let .postList(model): model.cancelLoad()
        case let .postDetail(model): model.cancelLoad()
        case let .adminPanel(model): model.cancelLoad()
        case let .search(model): model.cancelLoad()
        }
    }

    /// The screen's address as it is now, when it changes while the screen is shown (Search's
    /// query); `nil` when the entry's route says it.
    public var currentRoute: String? {
        if case let .search(model) = self { return model.link.path }
        return nil
    }

    /// A stack entry for this screen at `link` whose removal stops the screen's load, then
    /// runs `onRemove`.
    /// - Parameters:
    ///   - title: The breadcrumb's fallback title.
    ///   - link: The screen's address; its path becomes the entry's route.
    ///   - owner: The coordinator kept alive by the entry.
    public func request(
        title: String, link: DeepLink, owner: AnyObject?, onRemove: (@MainActor () -> Void)? = nil
    ) -> NavigationRequest<Destination> {
        NavigationRequest(self, title: title, route: link.path, owner: owner) {
            self.stop()
            onRemove?()
        }
    }
}

extension NavigationStack where Destination == BulletinFeatures.Destination {
    /// Pushes `request` and starts its screen's load; does nothing when the top already
    /// shows the same route (see ``NavigationStack/push(_:)``).
    /// - Returns: Whether the screen was pushed.
    @discardableResult
    public func show(_ request: NavigationRequest<BulletinFeatures.Destination>) -> Bool {
        guard push(request) != nil else { return false }
        request.destination.start()
        return true
    }
}
