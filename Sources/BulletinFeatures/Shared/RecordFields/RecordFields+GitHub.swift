import BulletinData

extension RecordFields {
    /// A GitHub account's lines (https://docs.github.com/rest/users/users#get-a-user): name,
    /// login, type (with `site admin` when it is one), company, blog, location, bio, e-mail,
    /// followers, following, public repositories, created (the day) and its web URL; what
    /// GitHub did not send shows `—`.
    static func github(_ account: GitHubAccount, of user: User) -> [DetailField] {
        [
            DetailField("Name", Display.text(account.name)),
            DetailField("Login", account.login),
            DetailField("Type", Display.joined([account.type, account.siteAdmin == true ? "site admin" : nil],
                                               separator: " · ")),
            DetailField("Company", Display.text(account.company)),
            DetailField("Blog", Display.text(account.blog), type: .url),
            DetailField("Location", Display.text(account.location)),
            DetailField("Bio", Display.text(GitHubText.oneLine(account.bio))),
            DetailField("E-mail", Display.text(account.email)),
            DetailField("Followers", GitHubText.count(account.followers)),
            DetailField("Following", GitHubText.count(account.following)),
            DetailField("Public repositories", GitHubText.count(account.publicRepositories)),
            DetailField("Created", GitHubText.day(account.createdAt)),
            DetailField("Web URL", Display.text(account.webURL), type: .url),
        ]
    }

    /// A GitHub repository's lines under its name and owner
    /// (https://docs.github.com/rest/repos/repos#get-a-repository): full name, topics,
    /// language, licence, default branch, stars, forks, open issues, created, pushed,
    /// homepage, web URL, and `Fork` / `Archived` when it is one. (The description is the body.)
    static func github(_ repository: GitHubRepositoryDetails, of post: Post) -> [DetailField] {
        var fields = [
            DetailField("Full name", repository.fullName),
            DetailField("Topics", Display.joined(repository.topics)),
            DetailField("Language", Display.text(repository.language)),
            DetailField("Licence", GitHubText.license(repository.license)),
            DetailField("Default branch", Display.text(repository.defaultBranch)),
            DetailField("Stars", GitHubText.count(repository.stars)),
            DetailField("Forks", GitHubText.count(repository.forks)),
            DetailField("Open issues", GitHubText.count(repository.openIssues)),
            DetailField("Created", GitHubText.day(repository.createdAt)),
            DetailField("Pushed", GitHubText.day(repository.pushedAt)),
            DetailField("Homepage", Display.text(repository.homepage), type: .url),
            DetailField("Web URL", Display.text(repository.webURL), type: .url),
        ]
        if let flags = GitHubText.flags(repository) { fields.append(DetailField("Status", flags)) }
        return fields
    }
}

/// How GitHub's values read on screen: counts, days, licences and a repository's flags.
enum GitHubText {
    /// `1950`, or `—` when GitHub did not send the count.
    static func count(_ value: Int?) -> String { value.map(String.init) ?? Display.missing }

    /// The day of an ISO 8601 time as GitHub sends it (`2007-10-20T05:24:19Z` → `2007-10-20`);
    /// text of another shape is shown as it is, a missing one as `—`.
    static func day(_ timestamp: String?) -> String {
        guard let timestamp, !timestamp.isEmpty else { return Display.missing }
        let day = timestamp.prefix(10)
        let isDay = day.count == 10 && day.enumerated().allSatisfy { index, character in
            index == 4 || index == 7 ? character == "-" : character.isASCII && character.isNumber
        }
        return isDay ? String(day) : timestamp
    }

    /// `MIT License (MIT)`; only the name when GitHub could not tell the SPDX id (`NOASSERTION`).
    static func license(_ license: GitHubRepositoryDetails.License?) -> String {
        guard let license else { return Display.missing }
        let spdx = license.spdxID.flatMap { $0.isEmpty || $0 == "NOASSERTION" ? nil : $0 }
        switch (license.name, spdx) {
        case let (name?, spdx?) where name != spdx: return "\(name) (\(spdx))"
        case let (name?, _): return name
        case let (nil, spdx?): return spdx
        case (nil, nil): return Display.missing
        }
    }

    /// `fork`, `archived`, `fork, archived`, or `nil` for neither.
    static func flags(_ repository: GitHubRepositoryDetails) -> String? {
        let flags = [repository.isFork ? "fork" : nil, repository.isArchived ? "archived" : nil].compactMap { $0 }
        return flags.isEmpty ? nil : flags.joined(separator: ", ")
    }

    /// Free text on one line: runs of white space (line breaks in a bio) become one space.
    static func oneLine(_ text: String?) -> String? {
        text.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    }
}
