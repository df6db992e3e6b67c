import BulletinData

extension RecordFields {
    /// A GitHub account's lines. (Contract placeholder: the login only, until the GitHub work fills it.)
    static func github(_ account: GitHubAccount, of user: User) -> [DetailField] {
        [DetailField("Login", account.login)]
    }

    /// A GitHub repository's lines. (Contract placeholder: language and stars.)
    static func github(_ repository: GitHubRepositoryDetails, of post: Post) -> [DetailField] {
        [DetailField("Language", Display.text(repository.language)),
         DetailField("Stars", repository.stars.map(String.init) ?? Display.missing)]
    }
}
