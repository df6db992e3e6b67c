/// What a source sent about a user beyond JSONPlaceholder's fields, typed per source.
///
/// ``User`` keeps the fields every screen navigates by (id, name, username); a source with
/// more to say puts its own record here, and the user's screen shows it labelled in the
/// source's words. Indirect, so a ``User`` stays small in long lists.
public indirect enum UserProfile: Hashable, Sendable {
    /// Nothing beyond ``User``'s own fields (JSONPlaceholder, db.json, the embedded set).
    case plain
    /// A GitHub account (`GET /users/{login}`).
    case github(GitHubAccount)
    /// A DummyJSON user (`/users`): age, gender, title, …
    case dummyJSON(DummyJSONProfile)
    /// A TheMealDB category (`categories.php`).
    case mealCategory(MealCategory)
    /// A database row's columns beyond JSONPlaceholder's fields (a SQLite `users` table's
    /// `plan`), as labelled text, in the table's order.
    case extra([SourceDetail])
}

/// What a source sent about a post beyond JSONPlaceholder's fields, typed per source.
/// Indirect, so a ``Post`` stays small in long lists.
public indirect enum PostDetails: Hashable, Sendable {
    /// Nothing beyond ``Post``'s own fields.
    case plain
    /// A GitHub repository (`GET /users/{login}/repos`, `GET /repos/{owner}/{repo}`).
    case github(GitHubRepositoryDetails)
    /// A DummyJSON post: tags, reactions and views.
    case dummyJSON(DummyJSONPostDetails)
    /// A TheMealDB meal (`filter.php` gives name and thumbnail; `lookup.php` the rest).
    case meal(Meal)
    /// A database row's columns beyond JSONPlaceholder's fields, as labelled text.
    case extra([SourceDetail])
}

/// What a source sent about a comment beyond JSONPlaceholder's fields, typed per source.
public indirect enum CommentDetails: Hashable, Sendable {
    /// Nothing beyond ``Comment``'s own fields.
    case plain
    /// A DummyJSON comment: likes and the commenter's full name.
    case dummyJSON(DummyJSONCommentDetails)
    /// A database row's columns beyond JSONPlaceholder's fields, as labelled text.
    case extra([SourceDetail])
}
