import Foundation

/// A member name read at run time (TheMealDB's `strIngredient1` … `strIngredient20`).
struct MealDBKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// TheMealDB's list envelope: `{"meals": [...]}` or `{"categories": [...]}`
/// (https://www.themealdb.com/api.php), the member named by the ``IssueCollector``'s root.
///
/// `{"meals": null}`, TheMealDB's answer when nothing matches (with HTTP 200), is an empty
/// list. Records that do not decode are skipped and reported (``LenientArray``).
struct MealDBList<Record: Decodable>: Decodable {
    /// The records that decoded, in the answer's order.
    var records: [Record]

    /// - Throws: `DecodingError` when the member is missing or neither an array nor null.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MealDBKey.self)
        let name = MealDBKey(IssueCollector.from(decoder)?.root ?? "meals")
        guard container.contains(name) else {
            throw DecodingError.keyNotFound(name, .init(codingPath: decoder.codingPath, debugDescription: "missing"))
        }
        records = try container.decode(LenientArray<Record>?.self, forKey: name)?.elements ?? []
    }
}

/// What TheMealDB sends as text: blank (`""`, `" "`) is the same as `null`.
extension KeyedDecodingContainer where Key == MealDBKey {
    /// The member `name` as text, `nil` when missing, null or blank. A member of another type
    /// is reported as a blanked field (when issues are collected) and read as `nil`.
    /// - Throws: The `DecodingError` when no ``IssueCollector`` is installed.
    func mealText(_ name: String, in decoder: any Decoder) throws -> String? {
        let value = try decodeLeniently(String.self, forKey: MealDBKey(name), in: decoder)
        guard let value, !value.allSatisfy(\.isWhitespace) else { return nil }
        return value.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A category of `categories.php`:
/// `{"idCategory", "strCategory", "strCategoryThumb", "strCategoryDescription"}`, all text.
struct MealDBCategory: Decodable {
    var category: MealCategory

    /// `strCategory` is required; the other members may be missing, null or blank.
    /// - Throws: `DecodingError` when `strCategory` is missing, null, blank or not text.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MealDBKey.self)
        let name = try container.decode(String.self, forKey: MealDBKey("strCategory"))
        guard !name.allSatisfy(\.isWhitespace) else {
            throw DecodingError.valueNotFound(
                String.self, .init(codingPath: decoder.codingPath + [MealDBKey("strCategory")], debugDescription: "blank"))
        }
        category = MealCategory(
            id: try container.mealText("idCategory", in: decoder), name: name,
            thumbnail: try container.mealText("strCategoryThumb", in: decoder),
            description: try container.mealText("strCategoryDescription", in: decoder))
    }

    /// The category as Bulletin's top-level record: id and name are the category's name
    /// (what `filter.php?c=` takes, and what deep links name: `categories/Dessert`).
    var user: User {
        User(id: RecordID(category.name), name: category.name, username: category.name, profile: .mealCategory(category))
    }
}

/// A meal of `filter.php` (`strMeal`, `strMealThumb`, `idMeal`) or the whole meal of
/// `lookup.php` / `search.php` (category, area, tags, instructions, `strIngredient1…20` with
/// `strMeasure1…20`, `strSource`, `strYoutube`); ids are text (`"52772"`).
struct MealDBMeal: Decodable {
    /// How many ingredient/measure slots TheMealDB has.
    static let ingredientSlots = 20

    var meal: Meal

    /// `idMeal` and `strMeal` are required; every other member may be missing, null or blank.
    /// - Throws: `DecodingError` when `idMeal` or `strMeal` is missing or not text.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MealDBKey.self)
        let id = try container.decode(String.self, forKey: MealDBKey("idMeal"))
        let name = try container.decode(String.self, forKey: MealDBKey("strMeal"))
        var ingredients: [Meal.Ingredient] = []
        for slot in 1...Self.ingredientSlots {
            guard let ingredient = try container.mealText("strIngredient\(slot)", in: decoder) else { continue }
            ingredients.append(Meal.Ingredient(ingredient, measure: try container.mealText("strMeasure\(slot)", in: decoder)))
        }
        let tags = try container.mealText("strTags", in: decoder)?
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } ?? []
        meal = Meal(
            id: id, name: name, thumbnail: try container.mealText("strMealThumb", in: decoder),
            category: try container.mealText("strCategory", in: decoder),
            area: try container.mealText("strArea", in: decoder), tags: tags,
            instructions: try container.mealText("strInstructions", in: decoder).map(Self.unixLineBreaks),
            ingredients: ingredients, source: try container.mealText("strSource", in: decoder),
            video: try container.mealText("strYoutube", in: decoder))
    }

    /// The meal as Bulletin's second-level record, under `category` (the category it was
    /// listed in, else its own `strCategory`): the title is the name, the body the instructions.
    func post(category: String? = nil) -> Post {
        var meal = meal
        if meal.category == nil { meal.category = category }
        return Post(userId: RecordID(meal.category ?? ""), id: RecordID(meal.id), title: meal.name,
                    body: meal.instructions ?? "", details: .meal(meal))
    }

    /// `\r\n` and lone `\r` as `\n`.
    static func unixLineBreaks(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}
