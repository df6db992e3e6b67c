/// What DummyJSON's `/users` sends beyond JSONPlaceholder's fields (https://dummyjson.com/docs/users):
/// `age`, `gender`, `birthDate`, `role`, the whole `address` and the `company` with the
/// person's `title` and `department`. (Passwords, bank and card numbers, SSNs and the like,
/// which DummyJSON also sends, are not kept.)
public struct DummyJSONProfile: Hashable, Sendable {
    /// A postal address as DummyJSON sends it: `{"address", "city", "state", "stateCode", "postalCode", "country"}`.
    public struct Address: Hashable, Sendable {
        /// `address`: the street line, such as `626 Main Street`.
        public var street: String?
        /// `city`, such as `Phoenix`.
        public var city: String?
        /// `state`, such as `Mississippi`.
        public var state: String?
        /// `postalCode`, such as `29112`.
        public var postalCode: String?
        /// `country`, such as `United States`.
        public var country: String?

        /// Creates an address from its fields.
        public init(street: String? = nil, city: String? = nil, state: String? = nil, postalCode: String? = nil,
                    country: String? = nil) {
            self.street = street
            self.city = city
            self.state = state
            self.postalCode = postalCode
            self.country = country
        }
    }

    /// The employer and the person's place in it: `company {name, title, department}`.
    public struct Company: Hashable, Sendable {
        /// The company's name, such as `Dooley, Kozey and Cronin`.
        public var name: String?
        /// The job title, such as `Sales Manager`.
        public var title: String?
        /// Such as `Engineering`.
        public var department: String?

        /// Creates a company from its fields.
        public init(name: String? = nil, title: String? = nil, department: String? = nil) {
            self.name = name
            self.title = title
            self.department = department
        }
    }

    /// Age in years.
    public var age: Int?
    /// As DummyJSON sends it (`female`, `male`).
    public var gender: String?
    /// As DummyJSON sends it, such as `1996-5-30` (year-month-day, not zero-padded).
    public var birthDate: String?
    /// As DummyJSON sends it (`admin`, `moderator`, `user`).
    public var role: String?
    /// `email`.
    public var email: String?
    /// `phone`, as DummyJSON formats it (`+81 965-431-3024`).
    public var phone: String?
    /// `address`, whole.
    public var address: Address?
    /// `company`, with the person's title and department in it.
    public var company: Company?

    /// Creates a profile from its fields.
    public init(
        age: Int? = nil, gender: String? = nil, birthDate: String? = nil, role: String? = nil, email: String? = nil,
        phone: String? = nil, address: Address? = nil, company: Company? = nil
    ) {
        self.age = age
        self.gender = gender
        self.birthDate = birthDate
        self.role = role
        self.email = email
        self.phone = phone
        self.address = address
        self.company = company
    }
}

/// What DummyJSON's `/posts` sends beyond JSONPlaceholder's fields (https://dummyjson.com/docs/posts):
/// `tags`, `reactions {likes, dislikes}`, `views`.
public struct DummyJSONPostDetails: Hashable, Sendable {
    /// `tags`, in DummyJSON's order, such as `["history", "american", "crime"]`.
    public var tags: [String]
    /// `reactions.likes`.
    public var likes: Int?
    /// `reactions.dislikes`.
    public var dislikes: Int?
    /// `views`: how many times the post was seen.
    public var views: Int?

    /// Creates the details from the post's fields.
    public init(tags: [String] = [], likes: Int? = nil, dislikes: Int? = nil, views: Int? = nil) {
        self.tags = tags
        self.likes = likes
        self.dislikes = dislikes
        self.views = views
    }
}

/// What DummyJSON's `/comments` sends beyond JSONPlaceholder's fields
/// (https://dummyjson.com/docs/comments): `likes` and `user {id, username, fullName}`.
public struct DummyJSONCommentDetails: Hashable, Sendable {
    /// `likes`.
    public var likes: Int?
    /// `user.fullName`, such as `Emma Wilson`.
    public var fullName: String?
    /// `user.username`, such as `emmac`.
    public var username: String?
    /// `user.id`: the commenter, a DummyJSON user.
    public var userID: RecordID?

    /// Creates the details from the comment's fields.
    public init(likes: Int? = nil, fullName: String? = nil, username: String? = nil, userID: RecordID? = nil) {
        self.likes = likes
        self.fullName = fullName
        self.username = username
        self.userID = userID
    }
}
