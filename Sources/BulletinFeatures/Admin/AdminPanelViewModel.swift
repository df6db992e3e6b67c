import BulletinData
import Observation

/// The Admin panel: where the data comes from and how many records it holds.
@MainActor
@Observable
public final class AdminPanelViewModel {
    // MARK: - Properties

    public private(set) var state: LoadState<DataStatistics> = .idle
    @ObservationIgnored private let source: any DataSource
    @ObservationIgnored private let runner = LoadRunner()

    // MARK: - Init

    public init(source: any DataSource) { self.source = source }

    // MARK: - Presentation

    /// The source's kind and location, always shown.
    public var sourceFields: [DetailField] {
        let descriptor = source.descriptor
        let kind: String =
            switch descriptor.kind {
            case .embedded: "Embedded data set"
            case .rest: "REST API (JSONPlaceholder-compatible)"
            case .file: "json-server file"
            }
        return [DetailField("Source", kind), DetailField("Location", descriptor.location)]
    }

    /// The counts, once loaded; `…` while loading.
    public var countFields: [DetailField] {
        switch state {
        case .idle, .loading:
            return ["Users", "Posts", "Comments"].map { DetailField($0, "…") }
        case let .loaded(statistics):
            return [
                DetailField("Users", String(statistics.users)),
                DetailField("Posts", String(statistics.posts)),
                DetailField("Comments", String(statistics.comments)),
            ]
        case .failed:
            return []
        }
    }

    // MARK: - Intents

    /// The screen appeared: count unless already counted or counting.
    public func start() {
        if case .idle = state { reload() }
    }

    /// Counts again (`r`).
    public func reload() {
        state = .loading
        runner.run({ [source] () async throws(DataError) in try await source.statistics() }) { [weak self] outcome in
            self?.state = outcome
        }
    }

    /// The screen left the stack: the count in flight is cancelled and its result dropped.
    public func cancelLoad() { runner.cancel() }

    /// Counts and waits for the result.
    public func load() async {
        reload()
        await runner.wait()
    }
}
