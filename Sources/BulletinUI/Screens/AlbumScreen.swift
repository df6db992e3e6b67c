import BulletinFeatures
import TermView

/// One album's photos: id, title, URL and thumbnail URL (shown, never fetched).
struct AlbumScreen: Screen {
    let model: AlbumViewModel

    /// The list's keys (photos do not open: no Enter).
    var keyMap: KeyMap<ListScreenIntent> {
        model.photos.listScreenKeys(noun: "photo", failed: model.photos.rowsUnavailableReason).withoutOpen()
    }
    var keyHelp: [KeyHelp] { keyMap.help }
    var summary: String {
        guard model.photos.state.value != nil else { return "" }
        return [model.photos.reloadFailureText, model.photos.findSummary(model.photos.heading)]
            .compactMap { $0 }.joined(separator: " · ")
    }
    var capturesKeys: Bool { model.find.capturesKeys }
    var isLoading: Bool { model.photos.state.isLoading || model.find.finder.isWorking }
    var busyWord: String { model.photos.state.isLoading ? "loading" : model.photos.findBusyWord ?? "loading" }

    /// The photos' table above the selected photo's URL and thumbnail URL written whole (the
    /// table's cells cut them on a narrow terminal).
    func render(in area: Rect, on surface: inout Surface) {
        guard model.photos.state.value != nil, area.height > 6 else {
            RecordListTable.render(model.photos, in: area, on: &surface)
            return
        }
        let (tableArea, detailArea) = area.splitTop(area.height - 3)
        RecordListTable.render(model.photos, in: tableArea, on: &surface)
        guard let photo = model.photos.selectedRow else { return }
        for (offset, (label, value)) in [("URL", photo.url), ("Thumbnail", photo.thumbnailUrl)].enumerated() {
            let y = detailArea.y + 1 + offset
            surface.write(label + ":", at: Point(x: detailArea.x + 1, y: y), style: .label, maxWidth: 11)
            surface.write(value, at: Point(x: detailArea.x + 12, y: y), style: .normal, maxWidth: detailArea.maxX - detailArea.x - 12)
        }
    }

    func renderStatus(in area: Rect, on surface: inout Surface) -> Bool {
        FindStatusView(find: model.find).render(in: area, on: &surface)
    }

    var statusMessage: String? { FindStatusView(find: model.find).message }

    func handle(_ key: Key, in area: Rect) -> Bool {
        model.photos.handleListScreenKey(key, keys: keyMap, pageSize: TableView.visibleRows(in: area, showsHeader: true),
                                         tableArea: area)
    }
}
