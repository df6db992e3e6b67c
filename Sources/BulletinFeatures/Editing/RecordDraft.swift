import BulletinData

/// The fields of a record form and the record they make: a user (name, username, email, phone,
/// website, company name), a post (author id, title, body) or a comment (post id, name, email, body).
///
/// Editing keeps every field the form does not show (a user's address, the company's
/// catch phrase), so saving an edit never drops data.
enum RecordDraft {
    /// Longest accepted title or name (characters).
    static let shortLimit = 200
    /// Longest accepted body (characters).
    static let bodyLimit = 5000

    /// The fields for a new record of `kind`; `parent` prefills a post's author or a comment's post.
    static func fields(for kind: RecordKind, parent: RecordID?) -> [FormField] {
        switch kind {
        case .user: userFields(nil)
        case .post: postFields(Post(userId: parent ?? RecordID(""), id: 0, title: "", body: ""))
        case .comment: commentFields(Comment(postId: parent ?? RecordID(""), id: 0, name: "", email: "", body: ""))
        }
    }

    /// The fields holding `record`'s values.
    static func fields(for record: Record) -> [FormField] {
        switch record {
        case let .user(user): userFields(user)
        case let .post(post): postFields(post)
        case let .comment(comment): commentFields(comment)
        }
    }

    /// The field an edit of a `kind` record opens on: the one a person came to change (a user's
    /// name, a post's title, a comment's body), never a foreign key, which stays one Tab away.
    static func editedField(of kind: RecordKind) -> FormFieldID {
        switch kind {
        case .user: .name
        case .post: .title
        case .comment: .body
        }
    }

    /// The record the fields describe; `original` supplies the id and the fields not shown.
    static func record(kind: RecordKind, fields: [FormField], original: Record?) -> Record {
        let value = { (id: FormFieldID) in fields.first { $0.id == id }?.trimmed ?? "" }
        let optional = { (id: FormFieldID) -> String? in value(id).isEmpty ? nil : value(id) }
        switch kind {
        case .user:
            var user = User(id: original?.id ?? 0, name: "", username: "")
            if case let .user(old)? = original { user = old }
            user.name = value(.name)
            user.username = value(.username)
            user.email = optional(.email)
            user.phone = optional(.phone)
            user.website = optional(.website)
            user.company = company(named: optional(.companyName), keeping: user.company)
            return .user(user)
        case .post:
            return .post(Post(userId: RecordID(value(.authorID)), id: original?.id ?? 0, title: unmarked(value(.title)),
                              body: unmarked(value(.body))))
        case .comment:
            return .comment(Comment(postId: RecordID(value(.postID)), id: original?.id ?? 0, name: unmarked(value(.name)),
                                    email: value(.email), body: unmarked(value(.body))))
        }
    }

    /// `text` for a field with nothing lost: every C0 control as its Unicode control picture
    /// (U+2400 + code: ␍, ␉, ␀, ␛, and in a one-line field a line feed as ␊) and DEL as ␡, which
    /// the field shows harmlessly (TermView would otherwise turn a tab into a space and drop the
    /// rest); ``unmarked(_:)`` turns them back on save, so editing one word of a body keeps its
    /// tabs, `\r\n` and escape bytes. A multi-line field (`keepingLineBreaks`) keeps its line
    /// feeds as the line breaks it edits.
    static func marked(_ text: String, keepingLineBreaks: Bool = false) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepingLineBreaks: scalars.append(scalar)
            case 0x00..<0x20: scalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: scalars.append(Unicode.Scalar(0x2421)!)
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// `text` with the control pictures of ``marked(_:keepingLineBreaks:)`` turned back into
    /// the characters they stand for. Any other character, `↵` included, is kept as typed.
    static func unmarked(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x2400..<0x2420: scalars.append(Unicode.Scalar(scalar.value - 0x2400)!)
            case 0x2421: scalars.append(Unicode.Scalar(0x7F))
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    // MARK: - Private

    private static func userFields(_ user: User?) -> [FormField] {
        [
            FormField(.name, label: "Name", text: user?.name ?? "", rules: [.required, .maxLength(100)]),
            FormField(.username, label: "Username", text: user?.username ?? "", rules: [.required, .noSpaces, .maxLength(40)]),
            FormField(.email, label: "Email", text: user?.email ?? "", rules: [.required, .email, .maxLength(100)]),
            FormField(.phone, label: "Phone", text: user?.phone ?? "", rules: [.phone, .maxLength(40)]),
            FormField(.website, label: "Website", text: user?.website ?? "", rules: [.noSpaces, .maxLength(100)]),
            FormField(.companyName, label: "Company", text: user?.company?.name ?? "", rules: [.maxLength(100)]),
        ]
    }

    private static func postFields(_ post: Post) -> [FormField] {
        [
            FormField(.authorID, label: "Author id", text: post.userId.text, rules: [.required, .recordID, .existingUser]),
            FormField(.title, label: "Title", text: marked(post.title), rules: [.required, .maxLength(shortLimit)]),
            FormField(.body, label: "Body", text: marked(post.body, keepingLineBreaks: true), multiline: true, rules: [.required, .maxLength(bodyLimit)]),
        ]
    }

    private static func commentFields(_ comment: Comment) -> [FormField] {
        [
            FormField(.postID, label: "Post id", text: comment.postId.text, rules: [.required, .recordID, .existingPost]),
            FormField(.name, label: "Name", text: marked(comment.name), rules: [.required, .maxLength(shortLimit)]),
            FormField(.email, label: "Email", text: comment.email, rules: [.required, .email, .maxLength(100)]),
            FormField(.body, label: "Body", text: marked(comment.body, keepingLineBreaks: true), multiline: true, rules: [.required, .maxLength(bodyLimit)]),
        ]
    }

    private static func company(named name: String?, keeping old: User.Company?) -> User.Company? {
        guard var company = old else { return name.map { User.Company(name: $0, catchPhrase: nil, bs: nil) } }
        company.name = name
        return company.name == nil && company.catchPhrase == nil && company.bs == nil ? nil : company
    }
}

extension RecordKind {
    /// `user`, `post`, `comment`.
    public var noun: String {
        switch self {
        case .user: "user"
        case .post: "post"
        case .comment: "comment"
        }
    }
}
