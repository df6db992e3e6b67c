/// A TheMealDB category, as `categories.php` lists it (https://www.themealdb.com/api.php):
/// `{"idCategory": "3", "strCategory": "Dessert", "strCategoryThumb": "…", "strCategoryDescription": "…"}`.
///
/// Bulletin shows a category as a ``User`` whose id and name are ``name`` (the value
/// `filter.php?c=` takes), with this record as its ``UserProfile/mealCategory(_:)``.
public struct MealCategory: Hashable, Sendable {
    /// `idCategory`, TheMealDB's own number for the category (`"3"`), as text.
    public var id: String?
    /// `strCategory`, which `filter.php?c=` takes.
    public var name: String
    /// `strCategoryThumb`: the URL of the category's picture (shown, never fetched).
    public var thumbnail: String?
    /// `strCategoryDescription`: a paragraph of plain text, line breaks kept.
    public var description: String?

    /// Creates a category from its fields.
    public init(id: String? = nil, name: String, thumbnail: String? = nil, description: String? = nil) {
        self.id = id
        self.name = name
        self.thumbnail = thumbnail
        self.description = description
    }
}

/// A TheMealDB meal: `filter.php?c=` lists `idMeal`, `strMeal`, `strMealThumb`; `lookup.php?i=`
/// adds category, area, tags, instructions, twenty ingredient/measure pairs, source and video.
///
/// Every member but ``id`` and ``name`` is `nil` (or empty) until the meal itself was looked up.
/// Blank values (`""`, `" "`, `null`: TheMealDB sends all three for unused slots) are `nil`.
public struct Meal: Hashable, Sendable {
    /// One line of the ingredients table: `strIngredientN` with its `strMeasureN`.
    public struct Ingredient: Hashable, Sendable {
        /// `strIngredientN`, such as `soy sauce`.
        public var name: String
        /// `strMeasureN`, such as `3/4 cup`; `nil` when TheMealDB gives none.
        public var measure: String?

        /// Creates an ingredient line.
        public init(_ name: String, measure: String? = nil) {
            self.name = name
            self.measure = measure
        }
    }

    /// `idMeal`.
    public var id: String
    /// `strMeal`.
    public var name: String
    /// `strMealThumb`: the URL of the meal's picture (shown, never fetched).
    public var thumbnail: String?
    /// `strCategory`, such as `Dessert`.
    public var category: String?
    /// `strArea`, the cuisine, such as `Japanese`.
    public var area: String?
    /// `strTags`, split at commas: `"Meat,Casserole"` → `["Meat", "Casserole"]`.
    public var tags: [String]
    /// `strInstructions`, with line breaks as `\n` (TheMealDB sends `\r\n`).
    public var instructions: String?
    /// The non-blank `strIngredient1…20`, in order, each with its measure.
    public var ingredients: [Ingredient]
    /// `strSource`: the web page the recipe comes from.
    public var source: String?
    /// `strYoutube`: a video of the recipe.
    public var video: String?

    /// Creates a meal from its fields.
    public init(
        id: String, name: String, thumbnail: String? = nil, category: String? = nil, area: String? = nil,
        tags: [String] = [], instructions: String? = nil, ingredients: [Ingredient] = [], source: String? = nil,
        video: String? = nil
    ) {
        self.id = id
        self.name = name
        self.thumbnail = thumbnail
        self.category = category
        self.area = area
        self.tags = tags
        self.instructions = instructions
        self.ingredients = ingredients
        self.source = source
        self.video = video
    }
}
