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

    /// Creates a value from its fields, as in the JSON.
    public init(
        id: RecordID, name: String, username: String, email: String? = nil, address: Address? = nil,
        phone: String? = nil, website: String? = nil, company: Company? = nil
    ) {
        self.id = id
        self.name = name
        self.username = username
        self.email = email
        self.address = address
        self.phone = phone
        self.website = website
        self.company = company
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
