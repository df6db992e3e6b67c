import BulletinFeatures
import TermView

/// A user's profile above the list of their posts.
struct UserDetailScreen: Screen {
    let model: UserDetailViewModel

    /// The posts list's keys now, with `a`/`e`/`d`/`u`, and `v` (the user as the source holds it)
    /// while no `/` prompt is open.
    var keyMap: KeyMap<ListScreenIntent> {
        let keys = model.listScreenKeys(
            noun: model.vocabulary.posts.singular, failed: model.rowsUnavailableReason, edit: model.editBindings)
        guard !model.find.finder.isEditing else { return keys }
        return keys + KeyMap([
            KeyBinding(keys: [.character("v")], description: "Raw view of the \(model.vocabulary.users.singular)",
                       group: "Data", action: ListScreenIntent.raw).disabled(model.rawUnavailableReason),
        ])
    }
    var keyHelp: [KeyHelp] { keyMap.help }
    var summary: String {
        guard model.state.value != nil else { return "" }
        return [model.reloadFailureText, model.findSummary(model.postsHeading), model.postsNote]
            .compactMap { $0 }.joined(separator: " · ")
    }
    var capturesKeys: Bool { model.find.capturesKeys }
    var isLoading: Bool { model.state.isLoading || model.isReloading || model.find.finder.isWorking }
    var busyWord: String { model.state.isLoading || model.isReloading ? "loading" : model.findBusyWord ?? "loading" }

    func render(in area: Rect, on surface: inout Surface) {
        if LoadStateView.render(model.state, what: "\(model.vocabulary.users.singular) \(model.userID)", in: area, on: &surface) { return }
        let profile = model.profile
        let (profileArea, rest) = area.splitTop(profile.count + 1)
        renderProfile(profile, in: profileArea.inset(by: 0), on: &surface)
        let (headingArea, postsArea) = rest.splitTop(1)
        surface.write(model.postsHeading, at: Point(x: headingArea.x + 1, y: headingArea.y), style: .title,
                      maxWidth: headingArea.width - 1)
        let columns = model.postColumns
        let table = model.findTable(columns: columns.map { Self.column($0, idWidth: model.idWidth) }) {
            [model] row, column in model.postCell(row: row, column: columns[column])
        }
        model.renderFindTable(table, in: postsArea, on: &surface)
    }

    /// Column widths: the id as wide as the widest id, right-aligned, like the counts; the
    /// title (a repository's name) takes the rest.
    static func column(_ column: UserDetailViewModel.PostColumn, idWidth: Int = 4) -> TableColumn {
        switch column {
        case .id: TableColumn(column.title, width: .fixed(idWidth), alignment: .right)
        case .title: TableColumn(column.title, width: .flexible(min: 10, weight: 1))
        case .name: TableColumn(column.title, width: .flexible(min: 10, weight: 3))
        case .language: TableColumn(column.title, width: .flexible(min: 8, weight: 1))
        case .stars: TableColumn(column.title, width: .fixed(7), alignment: .right)
        case .forks: TableColumn(column.title, width: .fixed(7), alignment: .right)
        case .updated: TableColumn(column.title, width: .fixed(10))
        case .flags: TableColumn(column.title, width: .fixed(14))
        }
    }

    func renderStatus(in area: Rect, on surface: inout Surface) -> Bool {
        FindStatusView(find: model.find).render(in: area, on: &surface)
    }

    var statusMessage: String? { FindStatusView(find: model.find).message }

    private func renderProfile(_ fields: [DetailField], in area: Rect, on surface: inout Surface) {
        let labelWidth = (fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2
        for (index, field) in fields.enumerated() where index < area.height {
            let y = area.y + index
            surface.write(field.label + ":", at: Point(x: area.x + 1, y: y), style: .label, maxWidth: labelWidth)
            let x = area.x + 1 + labelWidth
            surface.write(TextLayout.truncate(field.value, to: area.maxX - x), at: Point(x: x, y: y), style: .normal,
                          maxWidth: area.maxX - x)
        }
    }

    func handle(_ key: Key, in area: Rect) -> Bool {
        let postsHeight = area.height - (model.profile.count + 2)
        let postsArea = Rect(x: area.x, y: area.y, width: area.width, height: max(0, postsHeight))
        let tableArea = Rect(x: area.x, y: area.y + model.profile.count + 2, width: area.width, height: max(0, postsHeight))
        return model.handleListScreenKey(key, keys: keyMap, pageSize: TableView.visibleRows(in: postsArea, showsHeader: true),
                                         tableArea: tableArea, edit: model.perform, raw: model.openRaw)
    }
}
