import BulletinData

extension DeepLink {
    /// What Tab offers for the last segment of `path` (as typed after `:open`), each the whole
    /// path it would make, in `vocabulary`'s words: the screens first (`home`, `admin`, the
    /// users and posts routes with a `/` after them, `search`), then after `users/` the ids of
    /// `userIDs` (the users loaded so far: GitHub's are logins) written as routes write them
    /// (``segment(_:)``), then after `users/ID/` the lists that have links there (`posts/`,
    /// `albums/`). Candidates are those starting with what is typed; none is offered where no
    /// link goes on (after a post's id).
    public static func completions(of path: String, vocabulary: SourceVocabulary, userIDs: [String]) -> [String] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let typed = segments.last ?? ""
        let before = segments.dropLast().joined(separator: "/")
        let lead = before.isEmpty ? "" : before + "/"
        let options: [String]
        switch segments.count {
        case 1:
            options = ["home", "admin", vocabulary.usersRoute + "/"]
                + (vocabulary.hasAllPostsList ? [vocabulary.postsRoute + "/"] : []) + ["search"]
        case 2 where segments[0] == vocabulary.usersRoute:
            var seen = Set<String>()
            options = userIDs.map(segment).filter { seen.insert($0).inserted }
        case 3 where segments[0] == vocabulary.usersRoute && !segments[1].isEmpty:
            options = [vocabulary.postsRoute + "/"] + (vocabulary.userLists.contains(.albums) ? ["albums/"] : [])
        default:
            options = []
        }
        return options.filter { $0.hasPrefix(typed) }.map { lead + $0 }
    }
}
