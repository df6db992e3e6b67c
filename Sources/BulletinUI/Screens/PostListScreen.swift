import BulletinData
import BulletinFeatures
import TermView

/// The Posts list: id, author and title in aligned columns.
struct PostListScreen: OneListScreen {
    let model: PostListViewModel

    var list: RecordListModel<PostRow> { model.list }
    func perform(_ intent: EditIntent) { model.perform(intent) }

    /// The Posts list's key map and help, kept while the list's key state holds (``KeyMapMemo``).
    static let keyMemo = KeyMapMemo<ListKeysToken, ListScreenIntent>()

    /// The list's keys now, the editing keys (`a`, `e`, `d`, `u`) among them, built once per
    /// change of their state.
    var keys: KeyMapMemo<ListKeysToken, ListScreenIntent>.Entry {
        model.list.listScreenKeys(noun: model.vocabulary.posts.singular, failed: model.rowsUnavailableReason,
                                  edit: model.editBindings, memo: Self.keyMemo)
    }
    var keyMap: KeyMap<ListScreenIntent> { keys.keys }
    var keyHelp: [KeyHelp] { keys.help }
    /// The list's summary; while its rows are still arriving (over 0.3 s), a 10-cell bar of the
    /// bytes indexed before it: `██░░░░░░░░ 233472 posts so far · indexing 16% of 611.5 MB`.
    var summary: String {
        let summary = model.list.listSummary(model.summary)
        guard model.isPartial, let fraction = model.loadProgressFraction() else { return summary }
        return ProgressBar(fraction: fraction).text(cells: 10) + " " + summary
    }
    var isLoading: Bool { model.list.isBusy || model.find.finder.isWorking }
    /// A file's load progress (read from the source on each frame, not observed) is shown.
    var changesWhileLoading: Bool { model.loadProgressText != nil }
    var busyWord: String {
        model.state.isLoading || model.isReloading && model.list.windowWork == nil || model.isPartial ? "loading"
            : model.list.findBusyWord ?? "loading"
    }

    func render(in area: Rect, on surface: inout Surface) {
        RecordListTable.render(model.list, progress: model.loadProgressText, fraction: model.loadProgressFraction(),
                               in: area, on: &surface)
    }
}
