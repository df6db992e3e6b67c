/// What a navigation-stack entry shows: one case per screen, holding its live view model.
///
/// The UI layer switches over this enum to pick a screen, so adding a screen is a compile
/// error everywhere it must be handled.
@MainActor
public enum Destination {
    case home(HomeViewModel)
    case userList(UserListViewModel)
    case userDetail(UserDetailViewModel)
    case postDetail(PostDetailViewModel)
    case adminPanel(AdminPanelViewModel)

    /// The screen's title for the header's breadcrumbs; may change once data has loaded
    /// (a user screen shows the user's name).
    public var title: String {
        switch self {
        case .home: "Home"
        case .userList: "Users"
        case let .userDetail(model): model.title
        case let .postDetail(model): model.title
        case .adminPanel: "Admin panel"
        }
    }

    /// The view model, for identity checks in tests.
    public var viewModel: AnyObject {
        switch self {
        case let .home(model): model
        case let .userList(model): model
        case let .userDetail(model): model
        case let .postDetail(model): model
        case let .adminPanel(model): model
        }
    }
}
