/// Records as ordered JSON (JSONPlaceholder's member order) and edits applied to a raw record
/// so that members Bulletin did not change stay as they were.
enum RecordJSON {
    // MARK: - Encoding

    /// The record in JSONPlaceholder's member order; missing optional fields are `null`.
    static func value(of record: Record) -> JSONValue {
        switch record {
        case let .user(user): value(of: user)
        case let .post(post):
            object([("userId", id(post.userId)), ("id", id(post.id)), ("title", .string(post.title)),
                    ("body", .string(post.body))])
        case let .comment(comment):
            object([("postId", id(comment.postId)), ("id", id(comment.id)), ("name", .string(comment.name)),
                    ("email", .string(comment.email)), ("body", .string(comment.body))])
        }
    }

    private static func value(of user: User) -> JSONValue {
        let geo = user.address?.geo.map { object([("lat", text($0.lat)), ("lng", text($0.lng))]) } ?? .null
        let address = user.address.map {
            object([("street", text($0.street)), ("suite", text($0.suite)), ("city", text($0.city)),
                    ("zipcode", text($0.zipcode)), ("geo", geo)])
        } ?? .null
        let company = user.company.map {
            object([("name", text($0.name)), ("catchPhrase", text($0.catchPhrase)), ("bs", text($0.bs))])
        } ?? .null
        return object([
            ("id", id(user.id)), ("name", .string(user.name)), ("username", .string(user.username)),
            ("email", text(user.email)), ("address", address), ("phone", text(user.phone)),
            ("website", text(user.website)), ("company", company),
        ])
    }

    /// A numeric id as a JSON number, any other as a string (as ``RecordID`` encodes).
    static func id(_ id: RecordID) -> JSONValue {
        id.isWholeNumber ? .number(id.text) : .string(id.text)
    }

    private static func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

    private static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(pairs.map { JSONValue.Member(key: $0.0, value: $0.1) })
    }

    // MARK: - Merging

    /// `value` without `null` members (at any depth): what a new record is written as.
    static func compacted(_ value: JSONValue) -> JSONValue {
        guard case let .object(members) = value else { return value }
        return .object(members.filter { $0.value != .null }.map { .init(key: $0.key, value: compacted($0.value)) })
    }

    /// `raw` with the members that differ between `old` and `new` changed to `new`'s: a member
    /// now `null` is removed, a changed object is merged the same way, any other change replaces
    /// the member in place (or appends it). Members `old` and `new` agree on stay exactly as in
    /// `raw`, including members Bulletin does not model and values it could not read.
    ///
    /// With `keepingTypes`, a replaced value takes the JSON type of the value it replaces where
    /// that loses nothing (``typed(_:like:)``: a string id or foreign key stays a string).
    static func applying(from old: JSONValue, to new: JSONValue, onto raw: JSONValue, keepingTypes: Bool = false) -> JSONValue {
        guard case let .object(newMembers) = new, case var .object(rawMembers) = raw else {
            return keepingTypes ? typed(compacted(new), like: raw) : compacted(new)
        }
        for member in newMembers {
            let before = old[member.key] ?? .null
            guard before != member.value else { continue }
            let position = rawMembers.firstIndex { $0.key == member.key }
            if member.value == .null {
                rawMembers.removeAll { $0.key == member.key }
            } else if let position {
                let merged = applying(from: before, to: member.value, onto: rawMembers[position].value, keepingTypes: keepingTypes)
                rawMembers[position].value = merged
            } else {
                rawMembers.append(.init(key: member.key, value: compacted(member.value)))
            }
        }
        return .object(rawMembers)
    }
}

extension Record {
    /// The same record with another id.
    func with(id: RecordID) -> Record {
        switch self {
        case var .user(user): user.id = id; return .user(user)
        case var .post(post): post.id = id; return .post(post)
        case var .comment(comment): comment.id = id; return .comment(comment)
        }
    }

    /// `user 3`, `post 12`, `comment 7`: for errors.
    var label: String { "\(kind.singular) \(id)" }
}

extension RecordKind {
    /// `user`, `post`, `comment`.
    var singular: String {
        switch self {
        case .user: "user"
        case .post: "post"
        case .comment: "comment"
        }
    }
}
