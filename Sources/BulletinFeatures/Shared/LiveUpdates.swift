import BulletinData
import MVVMC
import Observation

/// `--live` (issue 26 item 4): takes the changes the source reports others making
/// (``DataSource/liveChanges``) to the screens on the stack, and says how watching goes.
///
/// Changes that come close together (a burst of statements) are taken together: the first
/// waits ``gathering`` for the rest, then every screen on the stack, the top one first, reads
/// again what it shows of them (``ScreenViewModel/othersChanged(_:)``), keeping its selection
/// and what is typed; changes that come meanwhile are taken by the next pass, ``gathering`` later. A connection
/// lost is said in the status line and the header (``badge``) until it is made again, and then
/// every screen reads again: what changed meanwhile is not known.
@MainActor
@Observable
public final class LiveUpdates {
    /// How long the first change of a burst waits for the rest before the screens read again.
    public static let gathering: Duration = .milliseconds(100)

    /// The header's words for how watching goes (`live`, `live: connection lost, reconnecting…`,
    /// `live: no change triggers`); `nil` when the source does not watch.
    public private(set) var badge: String?
    /// Whether ``badge`` reports a problem (drawn as a warning).
    public private(set) var badgeWarns = false
    /// Passes over the stack made so far (tests wait for them).
    public private(set) var passes = 0

    @ObservationIgnored private let stack: NavigationStack<any ScreenViewModel>
    @ObservationIgnored private let note: StatusNote
    @ObservationIgnored private var watched: (any LiveChanges)?
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private var pending: [DataChange] = []
    @ObservationIgnored private var pass: Task<Void, Never>?

    /// - Parameters:
    ///   - stack: The screens to tell.
    ///   - note: Where connection losses and their end are said.
    public init(stack: NavigationStack<any ScreenViewModel>, note: StatusNote) {
        self.stack = stack
        self.note = note
    }

    isolated deinit { stop() }

    /// Watches `source`'s changes (none when it does not report any), after stopping the
    /// source watched before (a source switch).
    public func watch(_ source: any DataSource) {
        stop()
        guard let changes = source.liveChanges else { return }
        watched = changes
        badge = Self.connectingBadge
        badgeWarns = false
        let events = changes.events()
        let location = source.descriptor.location
        task = Task { [weak self] in
            for await event in events {
                guard let self, !Task.isCancelled else { return }
                handle(event, location: location)
            }
        }
    }

    /// Stops watching.
    public func stop() {
        task?.cancel()
        task = nil
        watched?.stop()
        watched = nil
        badge = nil
        pending = []
    }

    /// Waits until the changes taken so far have been shown (tests).
    /// `package`: a hook for tests, not the product's API.
    package func waitUntilShown() async {
        while let pass { await pass.value }
    }

    /// One event of the source.
    func handle(_ event: LiveEvent, location: String) {
        switch event {
        case let .watching(kinds, missing):
            if badge == Self.notInstalledBadge {
                note.show("Live: change triggers installed; watching " + kinds.map(\.rawValue).joined(separator: ", "))
            }
            badge = "live"
            badgeWarns = false
            if !missing.isEmpty {
                note.show("Live: \(missing.joined(separator: ", ")) \(missing.count == 1 ? "has" : "have") no change triggers, so "
                          + "their changes do not show; \(PostgresNotify.installHint(location)) installs them (\(kinds.count) watched)")
            }
        case let .notInstalled(hint):
            badge = Self.notInstalledBadge
            badgeWarns = true
            note.show("Live: this database has no change triggers, so others' changes do not show; \(hint) installs them "
                      + "(it prints the SQL it runs)")
        case let .changed(changes):
            // Triggers installed since watching began are heard: watching, then.
            if badge == Self.notInstalledBadge {
                badge = "live"
                badgeWarns = false
            }
            take(changes)
        case let .stopped(reason):
            badge = "live: off"
            badgeWarns = true
            note.show("Live stopped: \(reason); trying again cannot mend that")
        case let .lost(reason, retryIn) where badge == Self.connectingBadge || badge == Self.unreachableBadge:
            // Never connected yet: nothing was lost.
            let first = badge != Self.unreachableBadge
            badge = Self.unreachableBadge
            badgeWarns = true
            if first { note.show("Live: cannot connect (\(reason)): trying again by itself, first in \(Self.seconds(retryIn))") }
        case let .lost(reason, retryIn):
            let first = badge != Self.lostBadge
            badge = Self.lostBadge
            badgeWarns = true
            if first { note.show("Connection lost (\(reason)): connecting again by itself, first in \(Self.seconds(retryIn))") }
        case .restored:
            badge = "live"
            badgeWarns = false
            // Said over the loss's own note, or an empty line: never over another message (a save's).
            if note.text == nil || note.text?.hasPrefix("Connection lost") == true { note.show(Self.restoredNote) }
            take(DataChange.everything)
        }
    }

    /// The status line's words while the screens read again after a lost connection.
    static let restoredNote = "Connected again: every screen read again"
    /// The header's words while the connection is lost.
    static let lostBadge = "live: connection lost, reconnecting…"
    /// The header's words while the database has no change triggers.
    static let notInstalledBadge = "live: no change triggers"
    /// The header's words until the first connection is made.
    static let connectingBadge = "live: connecting…"
    /// The header's words while the first connection cannot be made.
    static let unreachableBadge = "live: cannot connect, retrying…"

    /// `0.5 s`, `4 s`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// Queues `changes`; the first of a burst starts a pass after ``gathering``.
    private func take(_ changes: [DataChange]) {
        pending += changes
        guard pass == nil else { return }
        pass = Task { [weak self] in
            try? await Task.sleep(for: Self.gathering)
            await self?.showPending()
        }
    }

    /// Tells every screen, the top one first, of the changes queued, until none is left; the
    /// changes that came during a pass wait ``gathering`` more before the next, so a stream of
    /// others' writes (hundreds a second) costs at most a few passes a second.
    private func showPending() async {
        while !pending.isEmpty {
            let changes = pending
            pending = []
            for entry in stack.entries.reversed() {
                await entry.destination.othersChanged(changes)
            }
            passes += 1
            if !pending.isEmpty { try? await Task.sleep(for: Self.gathering) }
        }
        // Read again: what the screens say now (a record deleted meanwhile) shows, not this.
        if note.text == Self.restoredNote { note.clear() }
        pass = nil
    }
}

extension DataChange {
    /// Every kind, any row: after a lost connection, when what changed is not known.
    static var everything: [DataChange] {
        SQLLayout.Kind.allCases.map { DataChange(kind: $0, operation: .update, ids: nil) }
    }
}
