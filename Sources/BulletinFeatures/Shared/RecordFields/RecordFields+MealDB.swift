import BulletinData

extension RecordFields {
    /// A TheMealDB category's lines. (Contract placeholder: its name.)
    static func mealCategory(_ category: MealCategory, of user: User) -> [DetailField] {
        [DetailField("Category", category.name)]
    }

    /// A TheMealDB meal's lines. (Contract placeholder: its id.)
    static func mealFacts(_ meal: Meal, of post: Post) -> [DetailField] {
        [DetailField("Meal", meal.id)]
    }
}
