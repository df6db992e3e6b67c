import Foundation

/// A GitHub account as `GET /users` lists it (https://docs.github.com/rest/users/users#list-users):
/// `login`, `id`, `type`, `site_admin`, `html_url`; and as `GET /users/{login}` describes it
/// (https://docs.github.com/rest/users/users#get-a-user), adding `name`, `company`, `blog`,
/// `location`, `email`, `bio`, `followers`, `following`, `public_repos`, `created_at`.
/// `/search/users` items have the list's shape.
struct GitHubUser: Decodable {
    var login: String
    var id: Int?
    var type: String?
    var siteAdmin: Bool?
    var name: String?
    var company: String?
    var blog: String?
    var location: String?
    var email: String?
    var bio: String?
    var followers: Int?
    var following: Int?
    var publicRepos: Int?
    var createdAt: String?
    var htmlURL: String?

    enum CodingKeys: String, CodingKey {
        case login, id, type, name, company, blog, location, email, bio, followers, following
        case siteAdmin = "site_admin"
        case publicRepos = "public_repos"
        case createdAt = "created_at"
        case htmlURL = "html_url"
    }

    /// The account in Bulletin's words.
    var account: GitHubAccount {
        GitHubAccount(
            login: login, id: id, type: type, siteAdmin: siteAdmin, name: name.nonEmpty, company: company.nonEmpty,
            blog: blog.nonEmpty, location: location.nonEmpty, bio: bio.nonEmpty, email: email.nonEmpty,
            followers: followers, following: following, publicRepositories: publicRepos, createdAt: createdAt,
            webURL: htmlURL)
    }

    /// The account as a ``User`` with ``UserProfile/github(_:)``: the login is the id and
    /// username (it is what `/users/{login}` takes), the name falls back to the login; the
    /// e-mail, blog (as website) and company name fill JSONPlaceholder's fields of the same
    /// meaning (for export and the other lists), and nothing else is squeezed into them.
    var user: User {
        let account = account
        return User(
            id: RecordID(login), name: account.name ?? login, username: login, email: account.email,
            website: account.blog, company: account.company.map { User.Company(name: $0, catchPhrase: nil, bs: nil) },
            profile: .github(account))
    }
}

/// A repository as `GET /users/{login}/repos`, `GET /repos/{owner}/{repo}` and the items of
/// `GET /search/repositories` describe it (https://docs.github.com/rest/repos/repos): `name`,
/// `full_name`, `owner.login`, `description`, `topics`, `language`, `license`, `default_branch`,
/// `stargazers_count`, `forks_count`, `open_issues_count`, `created_at`, `pushed_at`,
/// `updated_at`, `homepage`, `html_url`, `fork`, `archived`. The API's older names of the counts
/// are read where the newer are missing: `watchers_count` and `watchers` (the stars, before
/// 2012's rename), `forks`, `open_issues`.
struct GitHubRepository: Decodable {
    struct Owner: Decodable { var login: String }
    struct License: Decodable {
        var spdxID: String?
        var name: String?
        enum CodingKeys: String, CodingKey {
            case name
            case spdxID = "spdx_id"
        }
    }

    var name: String
    var fullName: String
    var owner: Owner?
    var description: String?
    var topics: [String]?
    var language: String?
    var license: License?
    var defaultBranch: String?
    var stargazersCount: Int?
    var forksCount: Int?
    var openIssuesCount: Int?
    var watchersCount: Int?
    var watchers: Int?
    var forks: Int?
    var openIssues: Int?
    var createdAt: String?
    var pushedAt: String?
    var updatedAt: String?
    var homepage: String?
    var htmlURL: String?
    var fork: Bool?
    var archived: Bool?

    enum CodingKeys: String, CodingKey {
        case name, owner, description, topics, language, license, homepage, fork, archived, watchers, forks
        case fullName = "full_name"
        case defaultBranch = "default_branch"
        case stargazersCount = "stargazers_count"
        case forksCount = "forks_count"
        case openIssuesCount = "open_issues_count"
        case watchersCount = "watchers_count"
        case openIssues = "open_issues"
        case createdAt = "created_at"
        case pushedAt = "pushed_at"
        case updatedAt = "updated_at"
        case htmlURL = "html_url"
    }

    /// The repository in Bulletin's words.
    var details: GitHubRepositoryDetails {
        GitHubRepositoryDetails(
            fullName: fullName, description: description.nonEmpty, topics: topics ?? [], language: language,
            license: license.map { .init(spdxID: $0.spdxID, name: $0.name) }, defaultBranch: defaultBranch,
            stars: stargazersCount ?? watchersCount ?? watchers, forks: forksCount ?? forks,
            openIssues: openIssuesCount ?? openIssues, createdAt: createdAt,
            pushedAt: pushedAt, updatedAt: updatedAt, homepage: homepage.nonEmpty, webURL: htmlURL,
            isFork: fork ?? false, isArchived: archived ?? false)
    }

    /// The repository as a ``Post`` under its owner, with ``PostDetails/github(_:)``: id
    /// `owner/name`, title the name, body the description (or `No description.`); the rest is
    /// in the details, which the repository screen labels.
    var post: Post {
        let owner = owner?.login ?? String(fullName.split(separator: "/").first ?? "")
        return Post(
            userId: RecordID(owner), id: RecordID(fullName), title: name,
            body: description.nonEmpty ?? "No description.", details: .github(details))
    }
}

extension Optional where Wrapped == String {
    /// The text, or `nil` when it is missing or empty (GitHub sends `""` for an unset blog).
    fileprivate var nonEmpty: String? {
        guard let self, !self.isEmpty else { return nil }
        return self
    }
}
