import BulletinData
import BulletinFeatures
import TermView

/// One album's photos: id, title, URL and thumbnail URL (shown, never fetched).
struct AlbumScreen: OneListScreen {
    let model: AlbumViewModel

    var list: RecordListModel<Photo> { model.photos }
    /// Photos are not edited here.
    func perform(_ intent: EditIntent) {}

    /// The list's keys; Enter shows the selected photo whole (a photo has no screen of its own).
    var keyMap: KeyMap<ListScreenIntent> {
        model.photos.listScreenKeys(noun: "photo", failed: model.photos.rowsUnavailableReason).openingRaw(noun: "photo")
    }
    var keyHelp: [KeyHelp] { keyMap.help }
    var summary: String {
        guard model.photos.state.value != nil else { return "" }
        return [model.photos.reloadFailureText, model.photos.listSummary(model.photos.heading)]
            .compactMap { $0 }.joined(separator: " · ")
    }
    var isLoading: Bool { model.photos.state.isLoading || model.find.finder.isWorking }
    var busyWord: String { model.photos.state.isLoading ? "loading" : model.photos.findBusyWord ?? "loading" }

    /// The photos' table above the selected photo's URL and thumbnail URL written whole (the
    /// table's cells cut them on a narrow terminal; on one too narrow for a URL's line, it goes
    /// on over the next).
    func render(in area: Rect, on surface: inout Surface) {
        guard model.photos.state.value != nil, area.height > 6 else {
            RecordListTable.render(model.photos, in: area, on: &surface)
            return
        }
        // The fields take a row each, more where a URL is longer than its row (shown whole).
        let fields = model.selectedPhotoFields
        let rows = min(max(2, DetailFieldsView.rows(fields, width: area.width).count), area.height - 4)
        let (tableArea, detailArea) = area.splitTop(area.height - 1 - rows)
        RecordListTable.render(model.photos, in: tableArea, on: &surface)
        DetailFieldsView.render(fields, in: detailArea.splitTop(1).1, on: &surface)
    }
}
