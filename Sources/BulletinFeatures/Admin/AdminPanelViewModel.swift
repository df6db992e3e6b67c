import BulletinData
import Observation

/// The Admin panel: where the data comes from and how many records it holds.
@MainActor
@Observable
public final class AdminPanelViewModel {
    // MARK: - Properties

    public private(set) var state: LoadState<DataStatistics> = .idle
    /// Records the source had to leave out (or read with a field blanked) so far this run.
    public private(set) var issues: [RecordIssue] = []
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
            case .dummyJSON: "DummyJSON API"
            case .github: "GitHub REST API"
            }
        var fields = [DetailField("Source", kind), DetailField("Location", descriptor.location)]
        if let authentication = descriptor.authentication { fields.append(DetailField("Auth", authentication)) }
        return fields
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

    /// One line per record left out, such as `users[3].name null (record skipped) in db.json`.
    public var issueLines: [String] {
        issues.map { "\($0) in \($0.location)" }
    }

    // MARK: - Intents

    /// The screen appeared: count unless already counted or counting.
    public func start() {
        if case .idle = state { reload() }
    }

    /// Counts again (`r`).
    public func reload() {
        let reloading = !state.isIdle
        state = .loading
        runner.run(reloading: reloading, { [source] () async throws(DataError) in
            let statistics = try await source.statistics()
            return Counted(statistics: statistics, issues: await source.recordIssues())
        }) { [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case let .loaded(counted):
                issues = counted.issues
                state = .loaded(counted.statistics)
            case let .failed(error): state = .failed(error)
            case .idle, .loading: break
            }
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

/// The counts and the record issues, loaded together.
private struct Counted: Sendable {
    var statistics: DataStatistics
    var issues: [RecordIssue]
}
