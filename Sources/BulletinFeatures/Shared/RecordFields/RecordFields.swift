import BulletinData

/// The labelled lines detail screens show for a record, in its source's words: one function
/// per source's kind, picked by the record's typed details (``UserProfile``, ``PostDetails``,
/// ``CommentDetails``). Each source's lines live in their own file (`RecordFields+GitHub.swift`, …).
enum RecordFields {
    /// A user's profile lines; missing fields show `—`.
    static func profile(of user: User) -> [DetailField] {
        switch user.profile {
        case .plain: plainProfile(of: user)
        case let .github(account): github(account, of: user)
        case let .dummyJSON(profile): dummyJSON(profile, of: user)
        case let .mealCategory(category): mealCategory(category, of: user)
        case let .extra(details): plainProfile(of: user) + extra(details)
        }
    }

    /// A post's lines beyond its title and body; none for JSONPlaceholder posts.
    static func facts(of post: Post) -> [DetailField] {
        switch post.details {
        case .plain: []
        case let .github(repository): github(repository, of: post)
        case let .dummyJSON(details): dummyJSON(details, of: post)
        case let .meal(meal): mealFacts(meal, of: post)
        case let .extra(details): extra(details)
        }
    }

    /// A comment's lines beyond its name, address and body; none for JSONPlaceholder comments.
    static func facts(of comment: Comment) -> [DetailField] {
        switch comment.details {
        case .plain: []
        case let .dummyJSON(details): dummyJSON(details, of: comment)
        case let .extra(details): extra(details)
        }
    }

    /// A database row's other columns, each under its column's name (`plan: gold`).
    static func extra(_ details: [SourceDetail]) -> [DetailField] {
        details.map { DetailField($0.label, Display.text($0.value)) }
    }

    /// A JSONPlaceholder photo's addresses: its URL and its thumbnail's (shown, never fetched).
    static func photo(_ photo: Photo) -> [DetailField] {
        [
            DetailField("URL", Display.text(photo.url), type: .url),
            DetailField("Thumbnail", Display.text(photo.thumbnailUrl), type: .url),
        ]
    }

    /// JSONPlaceholder's user fields.
    static func plainProfile(of user: User) -> [DetailField] {
        let address = user.address
        let company = user.company
        return [
            DetailField("Name", user.name),
            DetailField("Username", user.username),
            DetailField("Email", Display.text(user.email)),
            DetailField("Phone", Display.text(user.phone)),
            DetailField("Website", Display.text(user.website), type: .url),
            DetailField(
                "Address",
                Display.joined([address?.street, address?.suite, address?.city, address?.zipcode])),
            DetailField("Company", Display.joined([company?.name, company?.catchPhrase], separator: " — ")),
        ]
    }
}
