import BulletinData

extension DeepLink {
    /// The path that opens this screen in `vocabulary`'s words: `users/3/posts/7` on
    /// JSONPlaceholder, `users/dstufft/repos/xmlrpc2` on GitHub (the repository id
    /// `dstufft/xmlrpc2` without its owner), `categories/Dessert/meals/52772` on TheMealDB.
    ///
    /// Ids are written as the source spells them (`users/shipit[bot]`); only what would
    /// break the path is percent-encoded (``segment(_:)``), so ``parse(_:vocabulary:)`` reads
    /// every path this writes back to the same link.
    public func route(in vocabulary: SourceVocabulary) -> String {
        let users = vocabulary.usersRoute
        let posts = vocabulary.postsRoute
        switch self {
        case .home: return "home"
        case .users: return users
        case let .user(id): return "\(users)/\(Self.segment(id.text))"
        case let .userPost(user, post):
            return "\(users)/\(Self.segment(user.text))/\(posts)/\(Self.segment(Self.local(post, of: user, vocabulary)))"
        case let .userAlbum(user, album):
            return "\(users)/\(Self.segment(user.text))/albums/\(Self.segment(album.text))"
        case .posts: return posts
        case let .post(id):
            if vocabulary.postIDsIncludeUserID, let slash = id.text.firstIndex(of: "/") {
                let owner = String(id.text[..<slash])
                let name = String(id.text[id.text.index(after: slash)...])
                return "\(posts)/\(Self.segment(owner))/\(Self.segment(name))"
            }
            return "\(posts)/\(Self.segment(id.text))"
        case .admin: return "admin"
        case let .search(query): return query.isEmpty ? "search" : "search?q=" + SearchQueryEncoding.encode(query)
        }
    }

    /// The accepted forms in `vocabulary`'s words: `users/ID/repos/ID` on GitHub; `posts`
    /// and `posts/ID` only where the source has a list of every post.
    public static func acceptedForms(in vocabulary: SourceVocabulary) -> [String] {
        let users = vocabulary.usersRoute
        let posts = vocabulary.postsRoute
        let all = vocabulary.hasAllPostsList ? [posts, "\(posts)/ID"] : []
        let albums = vocabulary.userLists.contains(.albums) ? ["\(users)/ID/albums/ID"] : []
        return ["home", users, "\(users)/ID", "\(users)/ID/\(posts)/ID"] + albums + all + ["admin", "search?q=TEXT"]
    }

    /// An id as one path segment: as the source spells it, with `%`, `/`, `?`, `#`, spaces and
    /// control characters percent-encoded (UTF-8), so the segment reads back to the same text.
    public static func segment(_ id: String) -> String {
        var out = ""
        for scalar in id.unicodeScalars {
            let escaped = scalar == "%" || scalar == "/" || scalar == "?" || scalar == "#"
                || scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format
            guard escaped else {
                out.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 { out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2) }
        }
        return out
    }

    /// The part of `post`'s id a route under `user` names: without `user/` where the
    /// source's post ids include their user's (GitHub), else the whole id.
    static func local(_ post: RecordID, of user: RecordID, _ vocabulary: SourceVocabulary) -> String {
        let prefix = user.text + "/"
        guard vocabulary.postIDsIncludeUserID, post.text.hasPrefix(prefix) else { return post.text }
        return String(post.text.dropFirst(prefix.count))
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
