import BulletinData
import Foundation
import MVVMC
import Observation

/// Which record the raw view (`v`) shows: its kind and id, and for records the source gives no
/// raw read for (a photo, an album, a todo), the record as Bulletin holds it.
public struct RawRecordRequest: Sendable, Equatable {
    /// The record's kind: a user, a post or a comment (in the source's words on screen).
    public var kind: RecordKind
    /// The record's id, as the source gives it.
    public var id: RecordID
    /// A record of another kind than ``kind`` (a photo): its name and its JSON as held, shown
    /// instead of asking the source; `nil` for the source's own users, posts and comments.
    public var held: (name: KindName, json: String)?

    /// - Parameters: See the properties.
    public init(_ kind: RecordKind, id: RecordID) {
        self.kind = kind
        self.id = id
    }

    /// A record Bulletin holds as `value` (a ``Photo``): shown as its JSON, named `name`.
    public static func held(_ value: some Encodable, name: KindName, id: RecordID) -> RawRecordRequest {
        var request = RawRecordRequest(.post, id: id)
        request.held = (name, JSONText.prettyPrinted(value))
        return request
    }

    public static func == (lhs: RawRecordRequest, rhs: RawRecordRequest) -> Bool {
        lhs.kind == rhs.kind && lhs.id == rhs.id && lhs.held?.name == rhs.held?.name && lhs.held?.json == rhs.held?.json
    }
}

/// The raw view: one record as the source holds it (``DataSource/rawRecord(_:id:)``),
/// pretty-printed JSON, scrollable; what the detail screens have no label for shows here.
///
/// The text is the data's own and may hold control characters: the screen draws them
/// harmlessly, as every text Bulletin draws.
@MainActor
@Observable
public final class RawRecordViewModel: LoadingScreen, FindsInText {
    // MARK: - Properties

    /// The record shown.
    public let request: RawRecordRequest
    /// The record's text once loaded; `.loaded(nil)` when the source cannot give it.
    /// The record's text as the source sends it (``ScreenLoad``; `r` shows `.loading` again).
    public let loader = ScreenLoad<String?>()
    /// The first visible line, kept across redraws.
    public var scrollOffset = 0
    /// `/` in the record's text: the prompt, the matches and the current one.
    public let textFind = TextFind()
    /// Copies the record's text (`y`): set by the coordinator to the ``ShareService``'s
    /// ``ShareService/copyJSON(_:of:)``; `nil`: nothing to copy with.
    @ObservationIgnored public var copier: (@MainActor (_ text: String, _ name: String) -> Void)?
    @ObservationIgnored private let source: any DataSource

    // MARK: - Init

    /// - Parameters:
    ///   - request: The record to show.
    ///   - source: Where it comes from.
    public init(_ request: RawRecordRequest, source: any DataSource) {
        self.request = request
        self.source = source
    }

    // MARK: - Presentation

    /// The source's words.
    public var vocabulary: SourceVocabulary { source.vocabulary }

    /// The record's name in the source's words: `repository dstufft/xmlrpc2`, `comment 3`.
    public var recordName: String {
        "\(request.held?.name.singular ?? Self.name(of: request.kind, in: vocabulary)) \(request.id)"
    }

    /// `Raw user 3`, `Raw repository dstufft/xmlrpc2`.
    public var title: String { "Raw \(recordName)" }

    /// The text's lines (empty until loaded, or when the source cannot give the record), each
    /// with its invisible characters written as JSON escapes (``visible(_:)``).
    public var lines: [String] {
        guard case let .loaded(text?) = state else { return [] }
        return Self.shownLines(of: text)
    }

    /// The lines the raw view shows for a record's `text`: split at its line breaks, each
    /// ``visible(_:)``. What `y` and `Y` copy is these lines, one per line.
    public nonisolated static func shownLines(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { visible(String($0)) }
    }

    /// `line` with every control character (C0, DEL, C1) and every invisible format character
    /// (bidi overrides such as U+202E, zero-width spaces) written as the JSON escape `\u202E`:
    /// what the record holds stays readable and cannot reorder or hide the text around it.
    public nonisolated static func visible(_ line: String) -> String {
        var out = ""
        for scalar in line.unicodeScalars {
            let category = scalar.properties.generalCategory
            if category == .control || category == .format {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Why there is nothing to show although the load worked: the source keeps no record as
    /// received (`GitHub REST API at … gives no record as received`); `nil` otherwise.
    public var unavailableReason: String? {
        guard case .loaded(nil) = state else { return nil }
        return "\(source.descriptor.description) gives no record as received"
    }

    /// The status line: `post 3 · 24 lines`, or the reason.
    public var summary: String {
        switch state {
        case .idle, .loading: "Loading \(recordName)…"
        case .failed: "Failed to load \(recordName)"
        case .loaded(nil): unavailableReason ?? ""
        case .loaded: "\(recordName) · " + Display.count(lines.count, "line", "lines")
        }
    }

    /// A record kind's singular name in `vocabulary`'s words.
    public static func name(of kind: RecordKind, in vocabulary: SourceVocabulary) -> String {
        switch kind {
        case .user: vocabulary.users.singular
        case .post: vocabulary.posts.singular
        case .comment: vocabulary.comments?.singular ?? "comment"
        }
    }

    // MARK: - Intents

    /// Asks the source for the record again (`r`).
    public func reload() {
        if let held = request.held { return loader.show(held.json) }
        loader.reload(keepsValue: false, { [source, request] () async throws(DataError) in
            try await source.rawRecord(request.kind, id: request.id)
        }, value: { $0 })
    }

    /// The screen left the stack: the load in flight is cancelled.
    public func stop() { loader.stop() }

    /// `y` (and `Y`): copies the record as the view shows it, or says it has not loaded.
    public func copy() {
        guard !lines.isEmpty else { return }
        copier?(lines.joined(separator: "\n"), recordName)
    }

    /// Scrolls by `delta` lines; the screen clamps to the text's height.
    public func scroll(by delta: Int) { scrollOffset = max(0, scrollOffset + delta) }
    /// Scrolls to the top.
    public func scrollToTop() { scrollOffset = 0 }
    /// Scrolls to the end (the screen clamps).
    public func scrollToEnd() { scrollOffset = Int.max / 2 }
}
