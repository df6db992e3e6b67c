import BulletinData
import BulletinFeatures
import TermView

/// The User List: the source's columns (id, name, username, email and company; GitHub: login,
/// type and site admin), aligned.
struct UserListScreen: OneListScreen {
    let model: UserListViewModel

    var list: RecordListModel<User> { model.list }
    func perform(_ intent: EditIntent) { model.perform(intent) }

    /// The list's keys now (``FindableScreenModel/listScreenKeys(noun:failed:edit:)``), with `a`/`e`/`d`/`u`.
    var keyMap: KeyMap<ListScreenIntent> {
        model.list.listScreenKeys(noun: model.vocabulary.users.singular, failed: model.rowsUnavailableReason, edit: model.editBindings)
    }
    var keyHelp: [KeyHelp] { keyMap.help }
    var summary: String { model.list.listSummary(model.summary) }
    var isLoading: Bool { model.list.isBusy || model.find.finder.isWorking }
    /// A file's load progress (read from the source on each frame, not observed) is shown.
    var changesWhileLoading: Bool { model.loadProgressText != nil }
    var busyWord: String { model.state.isLoading || model.isReloading ? "loading" : model.list.findBusyWord ?? "loading" }

    func render(in area: Rect, on surface: inout Surface) {
        RecordListTable.render(model.list, progress: model.loadProgressText, in: area, on: &surface)
    }
}
