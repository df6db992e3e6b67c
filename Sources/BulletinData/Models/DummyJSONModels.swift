import Foundation

/// DummyJSON's list envelope, `{"users": [...], "total": 208, "skip": 0, "limit": 30}`
/// (https://dummyjson.com/docs), with the list under a key named by the resource.
///
/// The list decodes leniently (``LenientArray``): records that do not decode are skipped and
/// reported when decoding through ``JSONDecoding/decodeReportingIssues(_:from:location:root:)``.
struct DummyJSONPage<Record: Decodable>: Decodable {
    /// The records of this page.
    var records: [Record]
    /// How many records the whole list holds.
    var total: Int
    /// How many records come before this page.
    var skip: Int
    /// The page size asked for.
    var limit: Int

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The list is read from the member named by the ``IssueCollector``'s root (`users`).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let name = IssueCollector.from(decoder)?.root ?? "users"
        records = try container.decode(LenientArray<Record>.self, forKey: Key(stringValue: name)).elements
        total = try container.decode(Int.self, forKey: Key(stringValue: "total"))
        skip = try container.decodeIfPresent(Int.self, forKey: Key(stringValue: "skip")) ?? 0
        limit = try container.decodeIfPresent(Int.self, forKey: Key(stringValue: "limit")) ?? records.count
    }
}

/// A DummyJSON user (`/users`, https://dummyjson.com/docs/users): `firstName`, `lastName`,
/// `username`, `age`, `gender`, `birthDate`, `role`, `email`, `phone`,
/// `address {address, city, state, postalCode, country, coordinates {lat, lng}}`,
/// `company {name, title, department}`, and more that Bulletin leaves out.
///
/// `id`, `firstName`, `lastName` and `username` are required; an optional member of the wrong
/// type is reported as a blanked field (when issues are collected) and read as missing.
struct DummyJSONUser: Decodable {
    struct Coordinates: Decodable { var lat: Double?; var lng: Double? }
    struct Address: Decodable {
        var address: String?
        var city: String?
        var state: String?
        var postalCode: String?
        var country: String?
        var coordinates: Coordinates?
    }
    struct Company: Decodable { var name: String?; var title: String?; var department: String? }

    var id: RecordID
    var firstName: String
    var lastName: String
    var username: String
    var age: Int?
    var gender: String?
    var birthDate: String?
    var role: String?
    var email: String?
    var phone: String?
    var address: Address?
    var company: Company?

    private enum CodingKeys: String, CodingKey {
        case id, firstName, lastName, username, age, gender, birthDate, role, email, phone, address, company
    }

    /// - Throws: `DecodingError` for a missing or wrong-typed required member.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(RecordID.self, forKey: .id)
        firstName = try container.decode(String.self, forKey: .firstName)
        lastName = try container.decode(String.self, forKey: .lastName)
        username = try container.decode(String.self, forKey: .username)
        age = try container.decodeLeniently(Int.self, forKey: .age, in: decoder)
        gender = try container.decodeLeniently(String.self, forKey: .gender, in: decoder)
        birthDate = try container.decodeLeniently(String.self, forKey: .birthDate, in: decoder)
        role = try container.decodeLeniently(String.self, forKey: .role, in: decoder)
        email = try container.decodeLeniently(String.self, forKey: .email, in: decoder)
        phone = try container.decodeLeniently(String.self, forKey: .phone, in: decoder)
        address = try container.decodeLeniently(Address.self, forKey: .address, in: decoder)
        company = try container.decodeLeniently(Company.self, forKey: .company, in: decoder)
    }

    /// The same user in Bulletin's (JSONPlaceholder's) shape: name is first and last name,
    /// street the `address` line, catch phrase the job title, bs the department; and, as the
    /// ``UserProfile/dummyJSON(_:)`` profile, everything the user screen shows in DummyJSON's words.
    var user: User {
        User(
            id: id, name: "\(firstName) \(lastName)", username: username, email: email,
            address: address.map {
                User.Address(
                    street: $0.address, suite: nil, city: $0.city, zipcode: $0.postalCode,
                    geo: $0.coordinates.map { User.Geo(lat: $0.lat.map { String($0) }, lng: $0.lng.map { String($0) }) })
            },
            phone: phone, website: nil,
            company: company.map { User.Company(name: $0.name, catchPhrase: $0.title, bs: $0.department) },
            profile: .dummyJSON(profile))
    }

    private var profile: DummyJSONProfile {
        DummyJSONProfile(
            age: age, gender: gender, birthDate: birthDate, role: role, email: email, phone: phone,
            address: address.map {
                DummyJSONProfile.Address(street: $0.address, city: $0.city, state: $0.state, postalCode: $0.postalCode,
                                         country: $0.country)
            },
            company: company.map { DummyJSONProfile.Company(name: $0.name, title: $0.title, department: $0.department) })
    }
}

/// A DummyJSON post (`/posts`, https://dummyjson.com/docs/posts):
/// `{"id", "title", "body", "tags": [...], "reactions": {"likes", "dislikes"}, "views", "userId"}`.
///
/// `id`, `title`, `body` and `userId` are required; `tags`, `reactions` and `views` may be
/// missing, and one of the wrong type is reported as a blanked field and read as missing.
struct DummyJSONPost: Decodable {
    struct Reactions: Decodable { var likes: Int?; var dislikes: Int? }

    var post: Post

    private enum CodingKeys: String, CodingKey { case id, title, body, userId, tags, reactions, views }

    /// - Throws: `DecodingError` for a missing or wrong-typed required member.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let reactions = try container.decodeLeniently(Reactions.self, forKey: .reactions, in: decoder)
        let details = DummyJSONPostDetails(
            tags: try container.decodeLeniently([String].self, forKey: .tags, in: decoder) ?? [],
            likes: reactions?.likes, dislikes: reactions?.dislikes,
            views: try container.decodeLeniently(Int.self, forKey: .views, in: decoder))
        post = Post(
            userId: try container.decode(RecordID.self, forKey: .userId), id: try container.decode(RecordID.self, forKey: .id),
            title: try container.decode(String.self, forKey: .title), body: try container.decode(String.self, forKey: .body),
            details: .dummyJSON(details))
    }
}

/// A DummyJSON comment (`/comments`, https://dummyjson.com/docs/comments):
/// `{"id", "body", "postId", "likes", "user": {"id", "username", "fullName"}}`.
struct DummyJSONComment: Decodable {
    struct Author: Decodable { var id: RecordID?; var username: String?; var fullName: String? }

    var id: RecordID
    var body: String
    var postId: RecordID
    var likes: Int?
    var user: Author?

    private enum CodingKeys: String, CodingKey { case id, body, postId, likes, user }

    /// - Throws: `DecodingError` for a missing or wrong-typed `id`, `body` or `postId`.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(RecordID.self, forKey: .id)
        body = try container.decode(String.self, forKey: .body)
        postId = try container.decode(RecordID.self, forKey: .postId)
        likes = try container.decodeLeniently(Int.self, forKey: .likes, in: decoder)
        user = try container.decodeLeniently(Author.self, forKey: .user, in: decoder)
    }

    /// The comment in Bulletin's shape: the author's full name as the subject, the username as
    /// the address; likes and the commenter as its ``CommentDetails/dummyJSON(_:)`` details.
    var comment: Comment {
        Comment(postId: postId, id: id, name: user?.fullName ?? "—", email: user?.username ?? "—", body: body,
                details: .dummyJSON(DummyJSONCommentDetails(
                    likes: likes, fullName: user?.fullName, username: user?.username, userID: user?.id)))
    }
}
