import BulletinData
import Observation

/// The level of Bulletin's navigation a shared record is on, named in the source's words.
public enum RecordLevel: Sendable, Equatable {
    /// The top level (``SourceVocabulary/users``: users, GitHub accounts, categories).
    case user
    /// The second level (``SourceVocabulary/posts``: posts, repositories, meals).
    case post
    /// The third level (``SourceVocabulary/comments``).
    case comment
}

/// A screen whose view model has a selected record that `o` opens and `y` copies.
@MainActor
public protocol SharesRecord: AnyObject {
    /// The selected record (the post itself on a post with no comment selected), or `nil`
    /// when nothing is selected or loaded.
    var sharedRecord: SharedRecord? { get }
}

/// Opens and copies the selected record (`o`, `y`) and says what happened in the status line.
///
/// Owned by the ``AppCoordinator`` for the run (a source switch keeps it); the record's kind
/// is named with the active source's vocabulary (`Repository 7 has no web address`).
@MainActor
public final class ShareService {
    private let sharing: Sharing
    private let note: StatusNote
    private let vocabulary: @MainActor () -> SourceVocabulary

    /// - Parameters:
    ///   - sharing: The opener, the clipboard and the sanitizer.
    ///   - note: Where the outcome is shown.
    ///   - vocabulary: The active source's words for its kinds.
    public init(sharing: Sharing, note: StatusNote, vocabulary: @escaping @MainActor () -> SourceVocabulary) {
        self.sharing = sharing
        self.note = note
        self.vocabulary = vocabulary
    }

    /// `o`: opens the record's web address, or says why nothing was opened.
    public func open(_ record: SharedRecord?) {
        guard let record else { return note.show("Nothing is selected to open") }
        guard let address = record.webAddress else {
            return note.show("\(name(of: record.level).singularTitle) \(record.id) has no web address to open")
        }
        note.show(sharing.opener.open(sharing.sanitize(address)).message)
    }

    /// `y`: copies the record's web address, or its id and title, and says what was copied.
    public func copy(_ record: SharedRecord?) {
        guard let record else { return note.show("Nothing is selected to copy") }
        note.show(sharing.clipboard.copy(sharing.sanitize(record.copyText)).message)
    }

    /// The source's name for records of `level`.
    private func name(of level: RecordLevel) -> KindName {
        let words = vocabulary()
        switch level {
        case .user: return words.users
        case .post: return words.posts
        case .comment: return words.comments ?? KindName("comment", "comments")
        }
    }
}
