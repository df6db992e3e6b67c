import BulletinData
import Foundation
import MVVMC

/// The root coordinator: owns the navigation stack, shows Home, starts the child flows,
/// opens deep links and runs `:` commands.
///
/// Child coordinators are not kept in a list here: the stack entries they push own them,
/// so a child is released as soon as its last screen leaves the stack.
@MainActor
public final class AppCoordinator: Coordinator {
    public typealias Route = AppRoute
    public typealias Output = Never

    // MARK: - Properties

    /// The screens, root (Home) first.
    public let stack = NavigationStack<any ScreenViewModel>()
    /// The `:` prompt; its commands run through ``perform(_:)``.
    public private(set) lazy var commandLine = CommandLineViewModel(
        vocabulary: { [weak self] in self?.dependencies.source.vocabulary ?? .jsonPlaceholder },
        sourceName: { [weak self] in self?.dependencies.source.descriptor.kind.declaration.name ?? "This source" },
        history: CommandHistory(path: dependencies.historyPath),
        userIDs: { [weak self] in self?.loadedUserIDs() ?? [] },
        execute: { [weak self] in self?.perform($0) })
    /// The users loaded in this run, offered by Tab after `:open users/` (``loadedUserIDs()``).
    var loadedUsers = LoadedUserIDs()
    /// The status line's message: outcomes of saves, deletes and undos.
    public let statusNote = StatusNote()
    /// `--live`: others' changes taken to the screens, and how watching goes (the header's badge).
    public private(set) lazy var live = LiveUpdates(stack: stack, note: statusNote)
    /// Forms, delete confirmations and undo for the active source (it remembers the last
    /// delete); replaced with the source by ``switchSource(to:)``.
    public private(set) lazy var editing = makeEditing()
    /// `o`, `y` and `v` on the screen's subject, for the run (a source switch keeps it); `v`
    /// pushes the raw view of the record, read from the active source.
    public private(set) lazy var share: ShareService = makeShare()
    /// The active source, its writer and request log; replaced by ``switchSource(to:)``.
    public private(set) var dependencies: AppDependencies
    private let onQuit: @MainActor () -> Void
    private var linkTask: Task<Void, Never>?

    /// The share service: `v` pushes a raw view whose `y` copies through it, `Y` reads the
    /// record from the active source.
    private func makeShare() -> ShareService {
        let showRaw: @MainActor (RawRecordRequest) -> Void = { [weak self] request in
            guard let self else { return }
            let model = RawRecordViewModel(request, source: dependencies.source)
            model.copier = { [weak self] text, name in self?.share.copyJSON(text, of: name) }
            stack.show(model.request(title: model.title, link: nil, owner: nil))
        }
        let readRaw: @MainActor (RawRecordRequest) async throws(DataError) -> String? = { [weak self] request async throws(DataError) in
            guard let source = self?.dependencies.source else { return nil }
            return try await source.rawRecord(request.kind, id: request.id)
        }
        return ShareService(sharing: dependencies.sharing, note: statusNote, showRaw: showRaw, readRaw: readRaw)
    }

    // MARK: - Init

    /// - Parameters:
    ///   - dependencies: The services built at the composition root.
    ///   - onQuit: Called when the user chooses Quit; the composition root ends the run loop.
    public init(dependencies: AppDependencies, onQuit: @escaping @MainActor () -> Void) {
        self.dependencies = dependencies
        self.onQuit = onQuit
    }

    // MARK: - Coordinator

    /// Shows Home as the stack's root.
    public func start() {
        watchStackForUsers()
        apply([.home])
        live.watch(dependencies.source)
    }

    /// Esc while a write waits for another program's lock (a database's, up to `--timeout`):
    /// stops the wait, so the save, delete or toggle fails now with nothing written (its own
    /// message follows, everything typed kept), and says so meanwhile.
    /// - Returns: Whether a write was waiting (the key is taken); `false` when none was.
    /// Whether a record is being read for a form or a question (``EditingService/isOpening``).
    public var isOpening: Bool { editing.isOpening }

    /// Esc while a form or a question is opening: it does not open; `false` when none is.
    public func stopOpening() -> Bool { editing.stopOpening() }

    /// Told when a form or a question that was opening opened (`true`) or did not (`false`),
    /// whichever source's editing opened it.
    public var onOpeningEnded: (@MainActor (_ opened: Bool) -> Void)? {
        didSet { editing.onOpeningEnded = onOpeningEnded }
    }

    public func stopWaitingWrite() -> Bool {
        guard dependencies.writer.isWaitingForOthers else { return false }
        dependencies.writer.stopWaiting()
        statusNote.show("Stopped waiting for a lock someone else holds: nothing was written")
        return true
    }

    public func navigate(to route: AppRoute) {
        switch route {
        case .home: stack.popToRoot()
        case .users: makeUsers().start()
        case .posts: makePosts().start()
        case .admin: makeAdmin().start()
        case let .search(query): makeSearch(query: query).start()
        case .quit: onQuit()
        }
    }

    // MARK: - Deep links and commands

    /// Goes to `link` with its whole back stack, replacing the stack with one `setStack`.
    ///
    /// Links to lists apply at once. Links naming records (`users/3`, `users/3/posts/7`,
    /// `posts/12`) are first checked through the data source, which also finds the author
    /// that `posts/12`'s back stack goes through; until then the current screen stays. A
    /// missing record opens the link error screen above Home. A newer link cancels an older one.
    public func open(_ link: DeepLink) {
        linkTask?.cancel()
        linkTask = nil
        guard !DeepLinkResolver.isImmediate(link) else { return apply(link.stack()) }
        let source = dependencies.source
        linkTask = Task { [weak self] in
            let outcome: Result<[DeepLink], DeepLinkResolver.Failure>
            do throws(DeepLinkResolver.Failure) {
                outcome = .success(try await DeepLinkResolver.resolve(link, source: source))
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            switch outcome {
            case let .success(links): self.apply(links)
            case let .failure(failure): self.showFailure(failure)
            }
        }
    }

    /// Switches to another source at run time: builds its source and writer together, closes
    /// every screen of the old source (their coordinators and view models are released) and
    /// shows Home › Users of the new one.
    /// - Throws: ``DataError`` when the source cannot be built (such as an invalid URL); the
    ///   old source and screens then stay.
    public func switchSource(to choice: LaunchOptions.Source) throws(DataError) {
        adopt(try dependencies.makeDependencies(choice))
    }

    /// The Admin panel's switch: builds the source for `choice`; for a URL, reads its first page
    /// of users (`GET /users` on a JSONPlaceholder API) within ``AppDependencies/probeTimeout``
    /// seconds; and only then switches as ``switchSource(to:)`` does, with the request log
    /// started over for the new source (``RequestLog/startOver(since:)``), so every line of the
    /// Admin panel describes it.
    /// - Throws: ``DataError`` when the source cannot be built or that first read fails or
    ///   takes too long; the current source and screens then stay.
    public func trySwitchSource(to choice: LaunchOptions.Source) async throws(DataError) {
        let next = try dependencies.makeDependencies(choice)
        let started = Date()
        if SourceProbe.isNeeded(for: choice) {
            try await SourceProbe.firstRead(of: next.source, within: dependencies.probeTimeout)
        }
        guard !Task.isCancelled else { throw .cancelled }
        next.log.startOver(since: started)
        adopt(next)
    }

    /// Makes `next` the active source: closes every screen of the old one and shows Home › Users.
    private func adopt(_ given: AppDependencies) {
        var next = given
        next.sharing = dependencies.sharing
        next.probeTimeout = dependencies.probeTimeout
        next.historyPath = dependencies.historyPath
        linkTask?.cancel()
        linkTask = nil
        dependencies = next
        editing = makeEditing()
        apply([.home, .users])
        live.watch(next.source)
        // After the stack changed: reading the old screens' users just before it came first.
        loadedUsers = LoadedUserIDs()
    }

    /// Waits until the link being opened (if any) has been applied.
    /// `package`: a hook for tests (and the bench), not the product's API.
    package func waitForLink() async { await linkTask?.value }

    /// Runs a `:` command.
    public func perform(_ command: AppCommand) {
        switch command {
        case let .open(link): open(link)
        case .quit: onQuit()
        case let .goTo(id):
            if let list = stack.top?.destination as? any FindableScreen { return list.goTo(id: id) }
            commandLine.show(dependencies.source.vocabulary.goToHint(id))
        case let .search(text): open(.search(text))
        case let .userList(command): showUserList(command)
        }
    }

    /// `:albums`, `:repos`, …: shows that list on the user's screen on top, else says where it is.
    private func showUserList(_ command: ListCommand) {
        guard case let .userList(kind) = command.target else { return }
        if let user = stack.top?.destination as? UserDetailViewModel, user.lists.kinds.contains(kind) {
            return user.lists.show(kind)
        }
        let source = dependencies.source
        commandLine.show(source.vocabulary.userListHint(command, sourceName: source.descriptor.kind.declaration.name))
    }

    // MARK: - Private

    /// Replaces the stack with the screens of `links` (root first) and starts their loads.
    private func apply(_ links: [DeepLink]) {
        stack.setStack(requests(for: links))
        for entry in stack.entries { entry.destination.start() }
    }

    private func showFailure(_ failure: DeepLinkResolver.Failure) {
        let model = LinkErrorViewModel(failure: failure, vocabulary: dependencies.source.vocabulary, router: router) {
            [weak self] in self?.open(failure.link)
        }
        stack.setStack([homeRequest(), model.request(title: model.title, link: failure.link, owner: nil)])
    }

    /// One request per link; links of one flow share one child coordinator.
    private func requests(for links: [DeepLink]) -> [NavigationRequest<any ScreenViewModel>] {
        var users: UserListCoordinator?
        var posts: PostsCoordinator?
        func usersFlow() -> UserListCoordinator {
            if let users { return users }
            let made = makeUsers()
            users = made
            return made
        }
        func postsFlow() -> PostsCoordinator {
            if let posts { return posts }
            let made = makePosts()
            posts = made
            return made
        }
        return links.map { link in
            switch link {
            case .home: homeRequest()
            case .users: usersFlow().request(for: .list)
            case let .user(id): usersFlow().request(for: .user(id: id))
            case let .userPost(user, post): usersFlow().request(for: .post(id: post, userID: user))
            case let .userAlbum(user, album): usersFlow().request(for: .album(id: album, userID: user))
            case .posts: postsFlow().request(for: .list)
            case let .post(id): users?.request(for: .post(id: id)) ?? postsFlow().request(for: .post(id: id))
            case .admin: makeAdmin().request(for: .panel)
            case let .search(query): makeSearch(query: query).request(for: .results(query: query))
            }
        }
    }

    private var router: Router<AppRoute> { Router { [weak self] in self?.navigate(to: $0) } }

    private func homeRequest() -> NavigationRequest<any ScreenViewModel> {
        HomeViewModel(
            sourceLabel: dependencies.source.descriptor.description, vocabulary: dependencies.source.vocabulary,
            router: router)
            .request(title: "Home", link: .home, owner: nil)
    }

    private func makeEditing() -> EditingService {
        let editing = EditingService(stack: stack, source: dependencies.source, writer: dependencies.writer, note: statusNote)
        editing.onOpeningEnded = onOpeningEnded
        return editing
    }

    /// The stack, the active source and its editing, for a flow starting now.
    private var flowContext: FlowContext { FlowContext(stack: stack, source: dependencies.source, editing: editing, share: share) }

    private func makeUsers() -> UserListCoordinator { UserListCoordinator(flowContext) }

    private func makePosts() -> PostsCoordinator { PostsCoordinator(flowContext) }

    private func makeSearch(query: String) -> SearchCoordinator { SearchCoordinator(flowContext, query: query) }

    private func makeAdmin() -> AdminPanelCoordinator {
        AdminPanelCoordinator(
            stack: stack, dependencies: dependencies,
            switchSource: { [weak self] choice async throws(DataError) in try await self?.trySwitchSource(to: choice) })
    }
}
