import Foundation
import BulletinData

// The web address of each kind of record, for `o` (open) and `y` (copy). Sources other than
// JSONPlaceholder carry theirs in the records' typed details (``UserProfile``, ``PostDetails``).

extension User {
    /// Where the user is on the web: a GitHub account's profile page (its `html_url`, else
    /// `https://github.com/LOGIN`), else the `website` the record gives (JSONPlaceholder's
    /// `hildegard.org` gets `http://`); `nil` when it has none.
    public var webAddress: String? {
        switch profile {
        case let .github(account): account.webURL.flatMap(WebAddress.normalized) ?? "https://github.com/" + account.login
        case .plain, .dummyJSON, .mealCategory: website.flatMap(WebAddress.normalized)
        }
    }
}

extension Post {
    /// Where the post is on the web: a GitHub repository's page (its `html_url`, else
    /// `https://github.com/OWNER/NAME`), a meal's source page, else its video; `nil` for the
    /// others, which have none.
    public var webAddress: String? {
        switch details {
        case let .github(repository):
            repository.webURL.flatMap(WebAddress.normalized) ?? "https://github.com/" + repository.fullName
        case let .meal(meal): (meal.source ?? meal.video).flatMap(WebAddress.normalized)
        case .plain, .dummyJSON: nil
        }
    }
}

/// Web addresses as records hold them.
public enum WebAddress {
    /// `text` as an address a browser opens: trimmed, `http://` added when it names no scheme
    /// (`hildegard.org` → `http://hildegard.org`); `nil` when empty or holding spaces.
    public static func normalized(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains(where: \.isWhitespace) else { return nil }
        return trimmed.contains("://") ? trimmed : "http://" + trimmed
    }
}

/// The record `o` and `y` act on: its level (named in the source's words), id, title and web address.
public struct SharedRecord: Equatable, Sendable {
    /// Whether it is a user, a post or a comment.
    public var level: RecordLevel
    /// The record's id.
    public var id: RecordID
    /// A user's name, a post's title, a comment's name.
    public var title: String
    /// Where it is on the web, or `nil`.
    public var webAddress: String?

    /// - Parameters: See the properties.
    public init(level: RecordLevel, id: RecordID, title: String, webAddress: String? = nil) {
        self.level = level
        self.id = id
        self.title = title
        self.webAddress = webAddress
    }

    /// What `y` copies: the address, else the id and title (`3 Ervin Howell`).
    public var copyText: String { webAddress ?? "\(id) \(title)" }
}
