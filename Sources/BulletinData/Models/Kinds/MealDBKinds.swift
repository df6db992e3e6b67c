/// A TheMealDB category, as `categories.php` lists it (https://www.themealdb.com/api.php):
/// `{"idCategory": "3", "strCategory": "Dessert", "strCategoryThumb": "…", "strCategoryDescription": "…"}`.
public struct MealCategory: Hashable, Sendable {
    /// `strCategory`, which `filter.php?c=` takes.
    public var name: String
    /// `strCategoryDescription`.
    public var description: String?

    /// Creates a category from its fields.
    public init(name: String, description: String? = nil) {
        self.name = name
        self.description = description
    }
}

/// A TheMealDB meal: `filter.php?c=` lists `idMeal`, `strMeal`, `strMealThumb`; `lookup.php?i=`
/// adds category, area, tags, instructions, twenty ingredient/measure pairs, source and video.
public struct Meal: Hashable, Sendable {
    /// `idMeal`.
    public var id: String
    /// `strMeal`.
    public var name: String

    /// Creates a meal from its fields.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
