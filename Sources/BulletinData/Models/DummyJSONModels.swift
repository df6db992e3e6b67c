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

/// A DummyJSON user (`/users`): `firstName`, `lastName`, `username`, `email`, `phone`,
/// `address {address, city, postalCode, coordinates {lat, lng}}`, `company {name, title, department}`, …
struct DummyJSONUser: Decodable {
    struct Coordinates: Decodable { var lat: Double?; var lng: Double? }
    struct Address: Decodable {
        var address: String?
        var city: String?
        var postalCode: String?
        var coordinates: Coordinates?
    }
    struct Company: Decodable { var name: String?; var title: String?; var department: String? }

    var id: RecordID
    var firstName: String
    var lastName: String
    var username: String
    var email: String?
    var phone: String?
    var address: Address?
    var company: Company?

    /// The same user in Bulletin's (JSONPlaceholder's) shape: name is first and last name,
    /// street the `address` line, catch phrase the job title, bs the department.
    var user: User {
        User(
            id: id, name: "\(firstName) \(lastName)", username: username, email: email,
            address: address.map {
                User.Address(
                    street: $0.address, suite: nil, city: $0.city, zipcode: $0.postalCode,
                    geo: $0.coordinates.map { User.Geo(lat: $0.lat.map { String($0) }, lng: $0.lng.map { String($0) }) })
            },
            phone: phone, website: nil,
            company: company.map { User.Company(name: $0.name, catchPhrase: $0.title, bs: $0.department) })
    }
}

/// A DummyJSON comment (`/comments`): `{"id", "body", "postId", "likes", "user": {"id", "username", "fullName"}}`.
struct DummyJSONComment: Decodable {
    struct Author: Decodable { var username: String?; var fullName: String? }

    var id: RecordID
    var body: String
    var postId: RecordID
    var user: Author?

    /// The comment in Bulletin's shape: the author's full name as the subject, the username as the address.
    var comment: Comment {
        Comment(postId: postId, id: id, name: user?.fullName ?? "—", email: user?.username ?? "—", body: body)
    }
}
