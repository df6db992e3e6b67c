import BulletinData
import Observation

/// One album's screen: its photos (title, URL, thumbnail URL), with the filter, sort and jump
/// of every list. Reached from a user's Albums tab (`users/1/albums/3`).
@MainActor
@Observable
public final class AlbumViewModel: ListScreenViewModel {
    /// The album shown.
    public let albumID: RecordID
    /// Its owner, whose screen is below it.
    public let userID: RecordID
    /// The photos.
    public let photos: RecordListModel<Photo>
    /// The album's title once known (from the owner's albums), for the header.
    public private(set) var albumTitle: String?
    @ObservationIgnored private let source: any DataSource
    @ObservationIgnored private var titleTask: Task<Void, Never>?

    /// - Parameters:
    ///   - albumID: The album.
    ///   - userID: Its owner.
    ///   - title: Its title when the opener knows it (the Albums tab does).
    public init(albumID: RecordID, userID: RecordID, title: String? = nil, source: any DataSource) {
        self.albumID = albumID
        self.userID = userID
        self.source = source
        albumTitle = title
        photos = RecordListModel.photos(of: albumID, source: source)
    }

    isolated deinit { titleTask?.cancel() }

    /// The album's title once known, `Album 3` before.
    public var title: String { albumTitle ?? "Album \(albumID)" }

    /// The photos list.
    public var list: RecordListModel<Photo> { photos }

    /// The selected photo's labelled fields (its URL and thumbnail URL, whole, which the
    /// table's cells may cut); none while no photo is selected.
    public var selectedPhotoFields: [DetailField] {
        photos.selectedRow.map(RecordFields.photo) ?? []
    }

    public var isLoading: Bool { photos.state.isLoading }

    /// Loads the photos (and the title, when a deep link opened the album).
    public func start() {
        photos.start()
        guard albumTitle == nil, titleTask == nil else { return }
        titleTask = Task { @MainActor [weak self, source, userID, albumID] in
            let albums = await attempt { () async throws(DataError) in try await source.albums(userID: userID) }
            guard let self, !Task.isCancelled, case let .success(list) = albums else { return }
            albumTitle = list.first { $0.id == albumID }?.title
        }
    }

    public func stop() {
        photos.stop()
        titleTask?.cancel()
    }

    public func load() async {
        await photos.load()
        await titleTask?.value
    }
}
