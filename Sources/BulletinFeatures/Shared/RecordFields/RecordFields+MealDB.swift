import BulletinData

extension RecordFields {
    /// A TheMealDB category's lines: its name, TheMealDB's id for it, the picture's URL and
    /// the description (one paragraph; the profile line shows its start).
    static func mealCategory(_ category: MealCategory, of user: User) -> [DetailField] {
        [
            DetailField("Category", category.name),
            DetailField("Id", Display.text(category.id)),
            DetailField("Picture", Display.text(category.thumbnail), type: .url),
            DetailField("Description", Display.text(category.description.map(oneLine))),
        ]
    }

    /// A TheMealDB meal's lines under its name: area (cuisine), tags, the source and video URLs
    /// and the picture's; missing ones show `—`. Its category is the byline's (`in Dessert`),
    /// not a line of its own. The ingredients are a table
    /// (``ingredients(of:)``), the instructions the post's body.
    static func mealFacts(_ meal: Meal, of post: Post) -> [DetailField] {
        [
            DetailField("Area", Display.text(meal.area)),
            DetailField("Tags", Display.joined(meal.tags)),
            DetailField("Source", Display.text(meal.source), type: .url),
            DetailField("Video", Display.text(meal.video), type: .url),
            DetailField("Picture", Display.text(meal.thumbnail), type: .url),
        ]
    }

    /// A meal's ingredients with their measures (`—` where TheMealDB gives none), or `nil`
    /// for a post that is not a meal. An empty table for a meal listed but not looked up.
    static func ingredients(of post: Post) -> DetailTable? {
        guard case let .meal(meal) = post.details else { return nil }
        return DetailTable(
            title: "Ingredients", columns: ["Ingredient", "Measure"],
            rows: meal.ingredients.map { [$0.name, Display.text($0.measure)] })
    }

    /// The heading above a post's body, for sources whose body is not free text: `Instructions`
    /// for a meal; `nil` elsewhere.
    static func bodyHeading(of post: Post) -> String? {
        guard case .meal = post.details else { return nil }
        return "Instructions"
    }

    /// Line breaks as spaces, for a paragraph shown on one profile line.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
