import BulletinData

/// What a record key needs from the record it acts on.
public enum SubjectNeed: Sendable, Equatable {
    /// `o`: a web address to open.
    case webAddress
    /// `y`: text to copy (every record has some: its address, else its id and title).
    case text
    /// `v`: a record the raw view can show.
    case raw
}

/// The record `o`, `y` and `v` act on: its kind's name (in the source's words), id, title,
/// web address and where the raw view finds it.
public struct SharedRecord: Equatable, Sendable {
    /// What the record is called: `user`, `repository`, `photo`.
    public var name: KindName
    /// The record's id.
    public var id: RecordID
    /// A user's name, a post's title, a comment's name.
    public var title: String
    /// Where it is on the web, or `nil`.
    public var webAddress: String?
    /// What the raw view (`v`) shows for it, or `nil` when it has no raw view.
    public var raw: RawRecordRequest?

    /// - Parameters: See the properties.
    public init(name: KindName, id: RecordID, title: String, webAddress: String? = nil, raw: RawRecordRequest? = nil) {
        self.name = name
        self.id = id
        self.title = title
        self.webAddress = webAddress
        self.raw = raw
    }

    /// What `y` copies: the address, else the id and title (`3 Ervin Howell`).
    public var copyText: String { webAddress ?? "\(id) \(title)" }

    /// The record named in the status line: `user 3`, `photo 12`.
    public var label: String { "\(name.singular) \(id)" }

    /// Whether the record has what a key needs.
    public func has(_ need: SubjectNeed) -> Bool {
        switch need {
        case .webAddress: webAddress != nil
        case .text: true
        case .raw: raw != nil
        }
    }
}

/// A screen whose record keys (`o`, `y`, `v`) act on a record: the selected row, else the
/// screen's own record. Each view model declares the two once; ``subject(for:)`` is the one rule.
@MainActor
public protocol SharesRecord: AnyObject {
    /// The selected row's record (a user, a post in a user's tab, a comment, a photo), or `nil`
    /// when no row is selected or the list is empty.
    var selectedRecord: SharedRecord? { get }
    /// The record the screen shows (the user on a user's screen, the post on a post's), or
    /// `nil` on a list or before it has loaded.
    var screenRecord: SharedRecord? { get }
    /// The marked rows' records (`m`), in the list's order: `y` copies them all instead of the
    /// selected one. Empty where nothing is marked (or rows cannot be marked).
    var markedRecords: [SharedRecord] { get }
}

extension SharesRecord {
    /// The record a key with `need` acts on: the selected row where it has what the key needs,
    /// else the screen's own record where that has it, else the first of the two there is (so
    /// the status line can say what it lacks); `nil` when there is neither.
    public func subject(for need: SubjectNeed) -> SharedRecord? {
        let candidates = [selectedRecord, screenRecord].compactMap { $0 }
        return candidates.first { $0.has(need) } ?? candidates.first
    }

    /// A list's screen has no record of its own.
    public var screenRecord: SharedRecord? { nil }
    /// A screen without marks (a post's comments) has none marked.
    public var markedRecords: [SharedRecord] { [] }
}
