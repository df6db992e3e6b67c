/// A GitHub account as Bulletin shows it (https://docs.github.com/rest/users/users):
/// what `GET /users` lists (login, type, site admin) and, once the account is opened,
/// what `GET /users/{login}` adds. Counts are `nil` until the account itself was fetched.
public struct GitHubAccount: Hashable, Sendable {
    /// The login, exactly as GitHub spells it (`shipit[bot]`).
    public var login: String
    /// `User`, `Organization` or `Bot`.
    public var type: String?
    /// Whether the account is a GitHub staff administrator.
    public var siteAdmin: Bool?

    /// Creates an account from what `GET /users` lists.
    public init(login: String, type: String? = nil, siteAdmin: Bool? = nil) {
        self.login = login
        self.type = type
        self.siteAdmin = siteAdmin
    }
}

/// A GitHub repository as Bulletin shows it (https://docs.github.com/rest/repos/repos).
public struct GitHubRepositoryDetails: Hashable, Sendable {
    /// `owner/name`.
    public var fullName: String
    /// The main language, as GitHub detects it.
    public var language: String?
    /// `stargazers_count`.
    public var stars: Int?

    /// Creates the details from the repository's fields.
    public init(fullName: String, language: String? = nil, stars: Int? = nil) {
        self.fullName = fullName
        self.language = language
        self.stars = stars
    }
}
