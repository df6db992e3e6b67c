import BulletinData

extension RecordFields {
    /// A DummyJSON user's lines, in DummyJSON's words: name, username, age, gender, e-mail,
    /// phone, the whole address, company, title and department; missing ones show `—`.
    static func dummyJSON(_ profile: DummyJSONProfile, of user: User) -> [DetailField] {
        let address = profile.address
        let company = profile.company
        return [
            DetailField("Name", user.name),
            DetailField("Username", user.username),
            DetailField("Age", profile.age.map(String.init) ?? Display.missing),
            DetailField("Gender", Display.text(profile.gender)),
            DetailField("Email", Display.text(profile.email)),
            DetailField("Phone", Display.text(profile.phone)),
            DetailField("Address", Display.joined([
                address?.street, address?.city, Display.joined([address?.state, address?.postalCode], separator: " "),
                address?.country,
            ].map { $0 == Display.missing ? nil : $0 })),
            DetailField("Company", Display.text(company?.name)),
            DetailField("Title", Display.text(company?.title)),
            DetailField("Department", Display.text(company?.department)),
        ]
    }

    /// A DummyJSON post's lines: its tags, reactions (`192 likes, 25 dislikes`) and views.
    static func dummyJSON(_ details: DummyJSONPostDetails, of post: Post) -> [DetailField] {
        [
            DetailField("Tags", Display.joined(details.tags)),
            DetailField("Reactions", Display.joined([
                details.likes.map { Display.count($0, "like", "likes") },
                details.dislikes.map { Display.count($0, "dislike", "dislikes") },
            ])),
            DetailField("Views", details.views.map(String.init) ?? Display.missing),
        ]
    }

    /// A DummyJSON comment's lines beyond its full name (the comment's name line) and
    /// username: its likes.
    static func dummyJSON(_ details: DummyJSONCommentDetails, of comment: Comment) -> [DetailField] {
        [DetailField("Likes", details.likes.map(String.init) ?? Display.missing)]
    }
}
