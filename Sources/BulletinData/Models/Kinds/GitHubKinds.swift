/// A GitHub account as Bulletin shows it (https://docs.github.com/rest/users/users):
/// what `GET /users` lists (login, id, type, site admin) and, once the account is opened,
/// what `GET /users/{login}` adds (name, company, blog, location, bio, e-mail, the counts,
/// when it was created). The fields `/users` does not send are `nil` until the account itself
/// was fetched; an empty string from GitHub (a `blog` of `""`) is kept as `nil`.
public struct GitHubAccount: Hashable, Sendable {
    /// The login, exactly as GitHub spells it (`shipit[bot]`).
    public var login: String
    /// GitHub's numeric account id.
    public var id: Int?
    /// `User`, `Organization` or `Bot`.
    public var type: String?
    /// Whether the account is a GitHub staff administrator (`site_admin`).
    public var siteAdmin: Bool?
    /// The display name (`name`), if the account set one.
    public var name: String?
    /// `company`, as typed by the account (often `@org`).
    public var company: String?
    /// `blog`: the account's web site.
    public var blog: String?
    /// `location`, free text.
    public var location: String?
    /// `bio`, free text.
    public var bio: String?
    /// The public e-mail address (`email`), if any.
    public var email: String?
    /// How many accounts follow this one (`followers`).
    public var followers: Int?
    /// How many accounts this one follows (`following`).
    public var following: Int?
    /// How many public repositories it owns (`public_repos`).
    public var publicRepositories: Int?
    /// When the account was created (`created_at`, ISO 8601 as GitHub sends it: `2007-10-20T05:24:19Z`).
    public var createdAt: String?
    /// Its page on the web (`html_url`): `https://github.com/mojombo`.
    public var webURL: String?

    /// Creates an account; only the login is required (the rest is `nil` until known).
    public init(
        login: String, id: Int? = nil, type: String? = nil, siteAdmin: Bool? = nil, name: String? = nil,
        company: String? = nil, blog: String? = nil, location: String? = nil, bio: String? = nil,
        email: String? = nil, followers: Int? = nil, following: Int? = nil, publicRepositories: Int? = nil,
        createdAt: String? = nil, webURL: String? = nil
    ) {
        self.login = login
        self.id = id
        self.type = type
        self.siteAdmin = siteAdmin
        self.name = name
        self.company = company
        self.blog = blog
        self.location = location
        self.bio = bio
        self.email = email
        self.followers = followers
        self.following = following
        self.publicRepositories = publicRepositories
        self.createdAt = createdAt
        self.webURL = webURL
    }
}

/// A GitHub repository as Bulletin shows it (https://docs.github.com/rest/repos/repos):
/// what `GET /users/{login}/repos` lists and `GET /repos/{owner}/{repo}` describes.
/// Counts are the API's (`stargazers_count`, `forks_count`, `open_issues_count`); dates are
/// ISO 8601 text as GitHub sends them (`2024-05-01T12:00:00Z`).
public struct GitHubRepositoryDetails: Hashable, Sendable {
    /// The licence as GitHub names it (`license`: `{"spdx_id": "MIT", "name": "MIT License"}`).
    public struct License: Hashable, Sendable {
        /// The SPDX identifier (`MIT`); GitHub sends `NOASSERTION` for one it cannot tell.
        public var spdxID: String?
        /// The licence's name (`MIT License`).
        public var name: String?

        /// Creates a licence from its two names.
        public init(spdxID: String?, name: String?) {
            self.spdxID = spdxID
            self.name = name
        }
    }

    /// `owner/name`.
    public var fullName: String
    /// `description`, if any.
    public var description: String?
    /// The repository's topics (`topics`), in GitHub's order; empty when it has none.
    public var topics: [String]
    /// The main language, as GitHub detects it.
    public var language: String?
    /// The licence, if GitHub found one.
    public var license: License?
    /// `default_branch`: `main`.
    public var defaultBranch: String?
    /// `stargazers_count`.
    public var stars: Int?
    /// `forks_count`.
    public var forks: Int?
    /// `open_issues_count` (GitHub counts open pull requests too).
    public var openIssues: Int?
    /// `created_at`.
    public var createdAt: String?
    /// `pushed_at`: the last push.
    public var pushedAt: String?
    /// `updated_at`: the last change to the repository's record.
    public var updatedAt: String?
    /// `homepage`, if set (an empty one is `nil`).
    public var homepage: String?
    /// Its page on the web (`html_url`).
    public var webURL: String?
    /// Whether it is a fork of another repository.
    public var isFork: Bool
    /// Whether it is archived (read-only on GitHub).
    public var isArchived: Bool

    /// Creates the details from the repository's fields; only the full name is required.
    public init(
        fullName: String, description: String? = nil, topics: [String] = [], language: String? = nil,
        license: License? = nil, defaultBranch: String? = nil, stars: Int? = nil, forks: Int? = nil,
        openIssues: Int? = nil, createdAt: String? = nil, pushedAt: String? = nil, updatedAt: String? = nil,
        homepage: String? = nil, webURL: String? = nil, isFork: Bool = false, isArchived: Bool = false
    ) {
        self.fullName = fullName
        self.description = description
        self.topics = topics
        self.language = language
        self.license = license
        self.defaultBranch = defaultBranch
        self.stars = stars
        self.forks = forks
        self.openIssues = openIssues
        self.createdAt = createdAt
        self.pushedAt = pushedAt
        self.updatedAt = updatedAt
        self.homepage = homepage
        self.webURL = webURL
        self.isFork = isFork
        self.isArchived = isArchived
    }
}
