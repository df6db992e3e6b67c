import BulletinData
import Foundation
import Observation
import ViewState

/// The Admin panel: where the data comes from, how many records it holds, what the source
/// has been doing (requests, errors, load time, rate limit), whether writes are on; and the
/// actions: switch to another source, export the data (see `AdminPanelViewModel+Actions`).
@MainActor
@Observable
public final class AdminPanelViewModel: LoadingScreen, AsksQuestion {
    /// Switches the app to another source (the app coordinator's); throws when it cannot be built.
    public typealias SwitchSource = @MainActor (LaunchOptions.Source) async throws(DataError) -> Void

    // MARK: - Properties

    /// The record counts: loading, loaded or failed.
    /// The counts (``ScreenLoad``; `r` shows `.loading` again).
    public let loader = ScreenLoad<DataStatistics>()
    /// Records the source had to leave out (or read with a field blanked) so far this run.
    public private(set) var issues: [RecordIssue] = []
    /// The request log at its latest change.
    public private(set) var activity = RequestLog.Snapshot()
    /// The open input (switch or export), if any.
    public internal(set) var field: AdminField?
    /// "Overwrite?", asked while an export waits to replace an existing file.
    public internal(set) var overwrite: Question<OverwriteAnswer>?
    /// Where and what the export waiting for ``overwrite`` writes.
    @ObservationIgnored var pendingExport: (path: String, format: ExportFormat)?
    /// The last action's result, such as `Exported 10 users, … to /tmp/db.json`.
    public internal(set) var notice: String?
    /// Whether an export is being written.
    public internal(set) var isExporting = false
    /// How far the export being written has got, once it says (a file source streamed).
    public internal(set) var exportProgress: ExportFile.Progress?
    /// The source a switch is trying (`http://127.0.0.1:3101`) while its first read runs.
    public internal(set) var switchingTo: String?
    /// The first visible line of the panel's scrolled text.
    public var scrollOffset = 0

    @ObservationIgnored let source: any DataSource
    @ObservationIgnored let switchSource: SwitchSource?
    @ObservationIgnored private let writeAccess: WriteAccess
    @ObservationIgnored private let editsCopyPath: String?
    @ObservationIgnored private let log: RequestLog
    @ObservationIgnored let timeZone: TimeZone
    @ObservationIgnored var exportTask: Task<Void, Never>?
    /// Where the export in flight (or last) writes.
    @ObservationIgnored var exportPath: String?
    @ObservationIgnored var switchTask: Task<Void, Never>?
    @ObservationIgnored private var observation: UUID?

    // MARK: - Init

    /// - Parameters:
    ///   - source: The active source, described and counted.
    ///   - writeAccess: Whether writes are on (the writer's ``DataWriter/access``).
    ///   - log: The source's request log.
    ///   - switchSource: Switches the app to another source; `nil` hides the switch.
    ///   - timeZone: For the clock times shown.
    ///   - editsCopyPath: Where edits are saved when that is not the source itself (the embedded
    ///     set's copy, ``EmbeddedDataWriter/copyPath``); shown beside "Writes: on".
    public init(
        source: any DataSource, writeAccess: WriteAccess = .denied(reason: "no writer"), log: RequestLog = RequestLog(),
        switchSource: SwitchSource? = nil, timeZone: TimeZone = .current, editsCopyPath: String? = nil
    ) {
        self.source = source
        self.writeAccess = writeAccess
        self.editsCopyPath = editsCopyPath
        self.log = log
        self.switchSource = switchSource
        self.timeZone = timeZone
        activity = log.snapshot
    }

    isolated deinit {
        if let observation { log.stopObserving(observation) }
        exportTask?.cancel()
    }

    // MARK: - Presentation

    /// The source's kind, location, authentication (never the token) and whether writes are on.
    public var sourceFields: [DetailField] {
        let descriptor = source.descriptor
        return [
            DetailField("Source", descriptor.kind.declaration.adminLabel), DetailField("Location", descriptor.location),
            DetailField("Auth", descriptor.authentication ?? "none"),
            DetailField("Writes", AdminStatusText.writes(writeAccess, copyPath: editsCopyPath)),
        ]
    }

    /// The counts in the source's words, once loaded (`…` while loading), and when data was
    /// last loaded: `Users 10 · Posts 100 · Comments 500` and, where the source counted them,
    /// `Albums · Photos · Todos`; `Repositories —` where the source has no list of every post
    /// (GitHub, TheMealDB: counting them would cost a request per user); no Comments where the
    /// source has none.
    public var countFields: [DetailField] {
        let loaded = DetailField("Loaded", AdminStatusText.lastLoad(activity.lastLoad, timeZone: timeZone))
        let words = source.vocabulary
        let kinds = [words.users.title, words.posts.title] + (words.comments.map { [$0.title] } ?? [])
        switch state {
        case .idle, .loading:
            return kinds.map { DetailField($0, "…") } + [loaded]
        case let .loaded(statistics):
            // A table the role may not read is not 0 rows.
            func shown(_ count: Int, _ kind: String) -> String { statistics.notCounted.contains(kind) ? "not read" : String(count) }
            var fields = [
                DetailField(words.users.title, shown(statistics.users, "users")),
                DetailField(words.posts.title, words.hasAllPostsList ? shown(statistics.posts, "posts") : "—"),
            ]
            if let comments = words.comments { fields.append(DetailField(comments.title, shown(statistics.comments, "comments"))) }
            let more = [
                (SourceVocabulary.albums, statistics.albums, "albums"), (SourceVocabulary.photos, statistics.photos, "photos"),
                (SourceVocabulary.todos, statistics.todos, "todos"),
            ]
            fields += more.compactMap { name, count, kind in count.map { DetailField(name.title, shown($0, kind)) } }
            fields += statistics.details.map { DetailField($0.label, $0.value) }
            return fields + [loaded]
        case .failed:
            return [loaded]
        }
    }

    /// The rate-limit budget, for sources that declare one (GitHub); `nil` for others.
    public var rateLimitLine: String? {
        guard source.descriptor.kind.declaration.reportsRateLimit else { return nil }
        return AdminStatusText.rateLimit(activity.rateLimit, timeZone: timeZone)
    }

    /// The last ``RequestLog/capacity`` requests, newest first.
    public var requestLines: [String] {
        activity.requests.reversed().map { AdminStatusText.requestLine($0, timeZone: timeZone) }
    }

    /// The newest answers that carried an error body, newest first, at most three and none whose
    /// body repeats a newer one's (a run of `{}` 404s shows once): each as `PATCH 501 /posts/1`
    /// with the body the server sent (``RequestRecord/body``: an HTML page whole, markup and all,
    /// which the error itself reduces to words).
    public var errorBodies: [(request: String, body: String)] {
        var seen = Set<String>()
        var bodies: [(request: String, body: String)] = []
        for record in activity.requests.reversed() where bodies.count < 3 {
            guard let body = record.body, seen.insert(body).inserted else { continue }
            bodies.append(("\(record.method) \(record.statusText) \(record.path)", body))
        }
        return bodies
    }

    /// What was learnt about the server this run, oldest first, such as that it ignores
    /// `?userId=` (so child lists are filtered by Bulletin); empty when nothing was.
    public var serverNotes: [String] { activity.notes }

    /// The heading of ``serverNotes``: `Server behaviour` for a server; `Housekeeping` for a
    /// file, whose notes say what Bulletin tidied (temporary files a killed save left).
    public var notesTitle: String { source.descriptor.kind == .file ? "Housekeeping" : "Server behaviour" }

    /// The recent errors, newest first; a failed write names its method.
    public var errorLines: [String] {
        activity.errors.reversed().map { AdminStatusText.errorLine($0, timeZone: timeZone) }
    }

    /// One line per record left out, such as `users[3].name null (record skipped) in db.json`.
    public var issueLines: [String] {
        issues.map { "\($0) in \($0.location)" }
    }

    /// Whether the panel offers to switch source.
    public var canSwitchSource: Bool { switchSource != nil }

    // MARK: - Intents

    /// `Admin panel`.
    public var title: String { "Admin panel" }
    /// The screen appeared: count unless already counted or counting, and follow the request log.
    public func start() {
        if observation == nil {
            observation = log.observe { [weak self] in
                Task { @MainActor in self?.refreshActivity() }
            }
        }
        loader.start(reload)
    }

    /// Counts again (`r`), bypassing caches: files are read again, URLs revalidated.
    public func reload() { count(keepingShown: false) }

    /// `--live`: others changed rows, or the connection came back: counts again, what is shown
    /// staying until the new counts come (a failed count shown before is replaced by them).
    public func othersChanged(_ changes: [DataChange]) async {
        count(keepingShown: state.value != nil)
        await loader.wait()
    }

    /// Counts the records and reads the source's details; `keepingShown`: what is shown stays meanwhile.
    private func count(keepingShown: Bool) {
        loader.reload(keepsValue: keepingShown, { [source] () async throws(DataError) in
            let statistics = try await source.statistics()
            return Counted(statistics: statistics, issues: await source.recordIssues())
        }, value: { [weak self] counted in
            self?.refreshActivity()
            self?.issues = counted.issues
            return counted.statistics
        }) { [weak self] counted in
            if counted == nil { self?.refreshActivity() }
        }
    }

    /// The screen left the stack: the count and export in flight are cancelled, the log no longer followed.
    public func stop() {
        loader.stop()
        exportTask?.cancel()
        if let observation { log.stopObserving(observation) }
        observation = nil
    }

    /// Reads the request log again.
    public func refreshActivity() {
        let snapshot = log.snapshot
        if snapshot != activity { activity = snapshot }
    }
}

/// The counts and the record issues, loaded together.
private struct Counted: Sendable {
    var statistics: DataStatistics
    var issues: [RecordIssue]
}
