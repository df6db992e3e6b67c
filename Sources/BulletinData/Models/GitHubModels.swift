import Foundation

/// A GitHub account as `GET /users` lists it (https://docs.github.com/rest/users/users):
/// `login`, `id`, `type`, … ; and as `GET /users/{login}` describes it, with `name`,
/// `company`, `blog`, `location`, `email`, `bio`, `followers`, `public_repos`.
struct GitHubUser: Decodable {
    var login: String
    var id: Int?
    var name: String?
    var company: String?
    var blog: String?
    var location: String?
    var email: String?
    var bio: String?
    var followers: Int?
    var publicRepos: Int?

    enum CodingKeys: String, CodingKey {
        case login, id, name, company, blog, location, email, bio, followers
        case publicRepos = "public_repos"
    }

    /// The account as a ``User``: the login is the id and username (it is what `/users/{login}`
    /// takes), the name falls back to the login, the location is the city, the blog the website,
    /// the bio the company's catch phrase and the followers and public repositories its `bs` line.
    var user: User {
        let counts = [followers.map { "\($0) followers" }, publicRepos.map { "\($0) public repos" }].compactMap { $0 }
        let hasCompany = company != nil || bio != nil || !counts.isEmpty
        return User(
            id: RecordID(login), name: name ?? login, username: login, email: email,
            address: location.map { User.Address(street: nil, suite: nil, city: $0, zipcode: nil, geo: nil) },
            phone: nil, website: blog.flatMap { $0.isEmpty ? nil : $0 },
            company: hasCompany
                ? User.Company(name: company, catchPhrase: bio, bs: counts.isEmpty ? nil : counts.joined(separator: ", "))
                : nil)
    }
}

/// A repository as `GET /users/{login}/repos` and `GET /repos/{owner}/{repo}` describe it:
/// `name`, `full_name`, `description`, `language`, `stargazers_count`, `updated_at`, `owner.login`.
struct GitHubRepository: Decodable {
    struct Owner: Decodable { var login: String }

    var name: String
    var fullName: String
    var description: String?
    var language: String?
    var stargazersCount: Int?
    var updatedAt: String?
    var owner: Owner?

    enum CodingKeys: String, CodingKey {
        case name, description, language, owner
        case fullName = "full_name"
        case stargazersCount = "stargazers_count"
        case updatedAt = "updated_at"
    }

    /// The repository as a ``Post`` under its owner: id `owner/name`, title the name, body the
    /// description followed by `Language: Swift · ★ 12 · updated 2024-05-01`.
    var post: Post {
        let facts = [
            language.map { "Language: \($0)" }, stargazersCount.map { "★ \($0)" },
            updatedAt.map { "updated \($0.prefix(10))" },
        ].compactMap { $0 }.joined(separator: " · ")
        let owner = owner?.login ?? String(fullName.split(separator: "/").first ?? "")
        return Post(
            userId: RecordID(owner), id: RecordID(fullName), title: name,
            body: [description ?? "No description.", facts].filter { !$0.isEmpty }.joined(separator: "\n\n"))
    }
}
