/// A person, in JSONPlaceholder's `/users` shape.
///
/// ```json
/// {"id": 1, "name": "Leanne Graham", "username": "Bret", "email": "Sincere@april.biz",
///  "address": {"street": "Kulas Light", "suite": "Apt. 556", "city": "Gwenborough",
///              "zipcode": "92998-3874", "geo": {"lat": "-37.3159", "lng": "81.1496"}},
///  "phone": "1-770-736-8031 x56442", "website": "hildegard.org",
///  "company": {"name": "Romaguera-Crona", "catchPhrase": "…", "bs": "…"}}
/// ```
/// `id`, `name` and `username` are required; every other field may be missing or null.
public struct User: Hashable, Sendable, Codable, Identifiable {
    public var id: RecordID
    public var name: String
    public var username: String
    public var email: String?
    public var address: Address?
    public var phone: String?
    public var website: String?
    public var company: Company?
    /// What the source sent beyond these fields (a GitHub account, a DummyJSON user, a
    /// TheMealDB category); ``UserProfile/plain`` for JSONPlaceholder. Not part of the JSON
    /// Bulletin writes.
    public var profile: UserProfile = .plain

    /// Creates a value from its fields, as in the JSON.
    public init(
        id: RecordID, name: String, username: String, email: String? = nil, address: Address? = nil,
        phone: String? = nil, website: String? = nil, company: Company? = nil, profile: UserProfile = .plain
    ) {
        self.id = id
        self.name = name
        self.username = username
        self.email = email
        self.address = address
        self.phone = phone
        self.website = website
        self.company = company
        self.profile = profile
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, username, email, address, phone, website, company
    }

    /// Decodes JSONPlaceholder's shape. `id`, `name` and `username` must be present and of the
    /// right type; the optional fields may be missing or null. When decoding through
    /// ``JSONDecoding/decodeReportingIssues(_:from:location:root:)``, an optional field of the
    /// wrong type (`"address": "n/a"`) is reported as a ``RecordIssue`` and left empty.
    /// - Throws: `DecodingError` for a bad required field (or any bad field when not collecting issues).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(RecordID.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        username = try container.decode(String.self, forKey: .username)
        email = try container.decodeLeniently(String.self, forKey: .email, in: decoder)
        address = try container.decodeLeniently(Address.self, forKey: .address, in: decoder)
        phone = try container.decodeLeniently(String.self, forKey: .phone, in: decoder)
        website = try container.decodeLeniently(String.self, forKey: .website, in: decoder)
        company = try container.decodeLeniently(Company.self, forKey: .company, in: decoder)
    }

    /// A postal address; `geo` holds latitude and longitude as decimal strings, as JSONPlaceholder sends them.
    public struct Address: Hashable, Sendable, Codable {
        public var street: String?
        public var suite: String?
        public var city: String?
        public var zipcode: String?
        public var geo: Geo?

        /// Creates a value from its fields, as in the JSON.
        public init(street: String?, suite: String?, city: String?, zipcode: String?, geo: Geo?) {
            self.street = street
            self.suite = suite
            self.city = city
            self.zipcode = zipcode
            self.geo = geo
        }
    }

    /// A coordinate pair in decimal degrees, kept as the strings the API sends (`"-37.3159"`).
    public struct Geo: Hashable, Sendable, Codable {
        public var lat: String?
        public var lng: String?

        /// Creates a value from its fields, as in the JSON.
        public init(lat: String?, lng: String?) {
            self.lat = lat
            self.lng = lng
        }
    }

    /// The user's employer.
    public struct Company: Hashable, Sendable, Codable {
        public var name: String?
        public var catchPhrase: String?
        public var bs: String?

        /// Creates a value from its fields, as in the JSON.
        public init(name: String?, catchPhrase: String?, bs: String?) {
            self.name = name
            self.catchPhrase = catchPhrase
            self.bs = bs
        }
    }
}
