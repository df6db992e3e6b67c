import BulletinData
import MVVMC

/// Runs the user-browsing flow: User List → user detail → post detail (or, from the user's
/// Albums tab, an album's photos).
///
/// Pushed entries own this coordinator (see ``FlowCoordinator``); the flow has no result.
@MainActor
public final class UserListCoordinator: FlowCoordinator {
    public typealias Route = UserListRoute

    private let context: FlowContext

    /// - Parameter context: The stack, the source and where edits go.
    public init(_ context: FlowContext) { self.context = context }

    /// The app's navigation stack, from the context.
    public var stack: NavigationStack<any ScreenViewModel> { context.stack }
    /// The flow starts on its list.
    public var firstRoute: UserListRoute { .list }

    /// The stack entry for `route`, with a fresh view model (not started).
    public func request(for route: UserListRoute) -> NavigationRequest<any ScreenViewModel> {
        let (source, editor) = (context.source, context.editing?.editor)
        let words = source.vocabulary
        switch route {
        case .list:
            let model = UserListViewModel(source: source, router: router)
            model.editor = editor
            return model.request(title: words.users.title, link: route.link, owner: self)
        case let .user(id):
            let model = UserDetailViewModel(userID: id, source: source, router: router)
            model.editor = editor
            model.lists.writer = context.editing?.writer
            model.lists.saves = context.editing
            if let share = context.share {
                // A todo has no screen of its own: Enter shows it whole (a cut title in full).
                model.lists.todos?.onOpen = { [weak model] _ in share.showRaw(model?.subject(for: .raw)) }
            }
            return model.request(title: "\(words.users.singularTitle) \(id)", link: route.link, owner: self)
        case let .album(id, userID):
            let model = AlbumViewModel(albumID: id, userID: userID, source: source)
            if let share = context.share {
                // A photo has no screen of its own: Enter shows it whole, as `v` does.
                model.photos.onOpen = { [weak model] _ in share.showRaw(model?.subject(for: .raw)) }
            }
            return model.request(title: "\(SourceVocabulary.albums.singularTitle) \(id)", link: route.link, owner: self)
        case let .post(id, _):
            let model = PostDetailViewModel(postID: id, source: source)
            model.editor = editor
            return model.request(title: "\(words.posts.singularTitle) \(id)", link: route.link, owner: self)
        }
    }
}
