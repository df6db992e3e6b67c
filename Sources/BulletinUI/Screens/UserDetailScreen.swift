import BulletinData
import BulletinFeatures
import TermView

/// A user's profile above the list of their posts; where the source has them (JSONPlaceholder),
/// tabs switch to their albums and todos (`Posts (10)  Albums (10)  Todos (20)`).
struct UserDetailScreen: Screen {
    let model: UserDetailViewModel

    private var lists: UserDetailLists { model.lists }

    /// The keys of the list shown now: the posts' with `a`/`e`/`d`/`u`, or the albums' or todos';
    /// with tabs, Tab and `1 2 3` switch lists and Space toggles a todo (`o`, `y`, `v` are the host's).
    var keyMap: KeyMap<UserDetailIntent> {
        guard lists.hasTabs else { return postKeys.map(UserDetailIntent.list) }
        let listKeys: KeyMap<ListScreenIntent>
        let captures: Bool
        switch lists.active {
        case .posts: (listKeys, captures) = (postKeys, model.find.capturesKeys)
        case .albums: (listKeys, captures) = (Self.keys(of: lists.albums, noun: "album"), lists.albums?.find.capturesKeys ?? false)
        case .todos:
            // A todo has no screen of its own: Enter shows it whole.
            (listKeys, captures) = (Self.keys(of: lists.todos, noun: "todo").openingRaw(noun: "todo"),
                                    lists.todos?.find.capturesKeys ?? false)
        }
        let list = listKeys.withoutDigitJump().map(UserDetailIntent.list)
        return captures ? list : lists.switchKeys() + list
    }

    private var postKeys: KeyMap<ListScreenIntent> {
        lists.posts.listScreenKeys(noun: model.vocabulary.posts.singular, failed: model.rowsUnavailableReason, edit: model.editBindings)
    }

    private static func keys<Row>(of list: RecordListModel<Row>?, noun: String) -> KeyMap<ListScreenIntent> {
        guard let list else { return KeyMap([]) }
        return list.listScreenKeys(noun: noun, failed: list.rowsUnavailableReason)
    }

    var keyHelp: [KeyHelp] { keyMap.help }

    var summary: String {
        guard model.state.value != nil else { return "" }
        let list: String
        var listFailure: String?
        switch lists.active {
        case .posts:
            list = [lists.posts.listSummary(model.postsHeading), model.postsNote].compactMap { $0 }.joined(separator: " · ")
            listFailure = lists.posts.reloadFailureText
        case .albums:
            list = lists.albums.map { $0.listSummary($0.heading) } ?? ""
            listFailure = lists.albums?.reloadFailureText
        case .todos:
            list = lists.todos.map { $0.listSummary($0.heading) } ?? ""
            listFailure = lists.todos?.reloadFailureText
        }
        let message = lists.active == .todos ? lists.todoMessage : nil
        return [message, model.reloadFailureText ?? listFailure, list].compactMap { $0 }.joined(separator: " · ")
    }

    private var activeFind: FindBar {
        switch lists.active {
        case .posts: model.find
        case .albums: lists.albums?.find ?? model.find
        case .todos: lists.todos?.find ?? model.find
        }
    }

    var capturesKeys: Bool { activeFind.capturesKeys }
    var isLoading: Bool {
        if model.state.isLoading || model.isReloading || activeFind.finder.isWorking { return true }
        return switch lists.active {
        case .posts: lists.posts.isBusy
        case .albums: lists.albums?.state.isLoading ?? false
        case .todos: lists.todos?.state.isLoading ?? false
        }
    }
    var busyWord: String {
        model.state.isLoading || model.isReloading || lists.posts.isBusy ? "loading" : lists.posts.findBusyWord ?? "loading"
    }

    func render(in area: Rect, on surface: inout Surface) {
        if LoadStateView.render(model.state, what: "\(model.vocabulary.users.singular) \(model.userID)", in: area, on: &surface) { return }
        let shown = Self.profileRows(DetailFieldsView.rows(model.profile, width: area.width).count, height: area.height)
        let (profileArea, rest) = area.splitTop(shown + 1)
        DetailFieldsView.render(model.profile, in: Rect(x: profileArea.x, y: profileArea.y, width: profileArea.width, height: shown),
                                on: &surface)
        let (headingArea, listArea) = rest.splitTop(1)
        if lists.hasTabs {
            renderTabs(in: headingArea, on: &surface)
        } else {
            surface.write(model.postsHeading, at: Point(x: headingArea.x + 1, y: headingArea.y), style: .title,
                          maxWidth: headingArea.width - 1)
        }
        switch lists.active {
        case .posts: RecordListTable.render(lists.posts, in: listArea, on: &surface)
        case .albums: if let albums = lists.albums { RecordListTable.render(albums, in: listArea, on: &surface) }
        case .todos: if let todos = lists.todos { RecordListTable.render(todos, in: listArea, on: &surface) }
        }
    }

    /// `Posts (10)  Albums (10)  Todos (20)`, the list shown in the title style, the others muted.
    private func renderTabs(in area: Rect, on surface: inout Surface) {
        var x = area.x + 1
        for (kind, title) in zip(lists.kinds, lists.tabTitles) where x < area.maxX {
            surface.write(title, at: Point(x: x, y: area.y), style: kind == lists.active ? .title : .muted, maxWidth: area.maxX - x)
            x += DisplayWidth.of(title) + 2
        }
    }

    func renderStatus(in area: Rect, on surface: inout Surface) -> Bool {
        FindStatusView(find: activeFind).render(in: area, on: &surface)
    }

    var statusMessage: String? { FindStatusView(find: activeFind).message }

    /// How many of the profile's `count` rows (``DetailFieldsView/rows(_:width:)``: a field's,
    /// more for a long URL) show in a body `height` rows tall: all of them while the list below keeps its header and at least one row (a blank line and the heading
    /// sit between them), fewer on a short terminal, so the list never disappears under the profile.
    static func profileRows(_ count: Int, height: Int) -> Int {
        min(count, max(0, height - 2 - 2))
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        let profileRows = Self.profileRows(DetailFieldsView.rows(model.profile, width: area.width).count, height: area.height)
        let listHeight = area.height - (profileRows + 2)
        let listArea = Rect(x: area.x, y: area.y, width: area.width, height: max(0, listHeight))
        let tableArea = Rect(x: area.x, y: area.y + profileRows + 2, width: area.width, height: max(0, listHeight))
        let pageSize = TableView.visibleRows(in: listArea, showsHeader: true)
        let keys = keyMap
        guard let intent = keys.action(for: key) else {
            // A key that is not the list's ends a jump to an id and goes on to the host's keys.
            activeFind.cancelJump()
            return false
        }
        lists.clearMessage()
        switch intent {
        case let .show(number): lists.show(number: number)
        case .next: lists.showNext()
        case .toggle: lists.toggleSelectedTodo()
        case .list:
            let listKeys = KeyMap(keys.bindings.compactMap { binding -> KeyBinding<ListScreenIntent>? in
                guard case let .list(intent) = binding.action else { return nil }
                var mapped = KeyBinding<ListScreenIntent>(patterns: [], description: "", group: "", action: intent)
                mapped.help = binding.help
                return mapped
            })
            switch lists.active {
            case .posts:
                return lists.posts.handleListScreenKey(key, keys: listKeys, pageSize: pageSize, tableArea: tableArea,
                                                       reload: model.reload, edit: model.perform)
            case .albums:
                return lists.albums?.handleListScreenKey(key, keys: listKeys, pageSize: pageSize, tableArea: tableArea) ?? false
            case .todos:
                return lists.todos?.handleListScreenKey(key, keys: listKeys, pageSize: pageSize, tableArea: tableArea) ?? false
            }
        }
        return true
    }
}
