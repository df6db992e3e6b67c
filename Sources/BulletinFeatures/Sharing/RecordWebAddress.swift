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
        case .plain, .dummyJSON, .mealCategory, .extra: website.flatMap(WebAddress.normalized)
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
        case .plain, .dummyJSON, .extra: nil
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
