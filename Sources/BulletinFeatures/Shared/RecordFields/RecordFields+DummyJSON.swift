import BulletinData

extension RecordFields {
    /// A DummyJSON user's lines. (Contract placeholder: JSONPlaceholder's lines, until the DummyJSON work fills it.)
    static func dummyJSON(_ profile: DummyJSONProfile, of user: User) -> [DetailField] {
        plainProfile(of: user)
    }

    /// A DummyJSON post's lines. (Contract placeholder: the tags.)
    static func dummyJSON(_ details: DummyJSONPostDetails, of post: Post) -> [DetailField] {
        [DetailField("Tags", Display.joined(details.tags))]
    }

    /// A DummyJSON comment's lines. (Contract placeholder: the likes.)
    static func dummyJSON(_ details: DummyJSONCommentDetails, of comment: Comment) -> [DetailField] {
        [DetailField("Likes", details.likes.map(String.init) ?? Display.missing)]
    }
}
