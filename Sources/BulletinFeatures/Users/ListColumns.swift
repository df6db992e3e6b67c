import BulletinData
import ViewState

/// A name for one of a kind's declared columns (``UserColumn``, ``PostColumn``,
/// ``PostRowColumn``): its declaration and a row's text in it make the column the list model
/// holds (``column``).
public protocol ColumnKey: Sendable, Equatable {
    /// The rows the column belongs to.
    associatedtype Row: Sendable & Identifiable where Row.ID == RecordID
    /// The column as data: its title, value type (alignment and sort follow) and width policy.
    var declaration: ListColumn { get }
    /// The text `row` shows in `column` (what the filter matches and the sort reads).
    static func text(of row: Row, column: Self) -> String
}

extension ColumnKey {
    /// The column's header text.
    public var title: String { declaration.title }

    /// The column as the list model holds it: its declaration and a row's text in it.
    public var column: RecordListModel<Row>.Column {
        let key = self
        return .init(declaration) { Self.text(of: $0, column: key) }
    }
}

/// A column the users list can show; which ones it shows, left to right, follows the source's
/// declared user shape (``columns(for:)``).
public enum UserColumn: ColumnKey, CaseIterable {
    case id, name, username, email, company
    /// GitHub's `login`, `type` (User, Organization, Bot) and `site_admin`.
    case login, accountType, siteAdmin
    /// TheMealDB's `strCategoryDescription`.
    case categoryDescription

    /// The column as data: its title, value type (alignment and sort follow) and width policy.
    public var declaration: ListColumn {
        switch self {
        case .id: .id
        case .name: ListColumn("Name", width: ColumnWidth(min: 10, max: 40))
        case .username: ListColumn("Username", width: ColumnWidth(min: 8, max: 30))
        case .email: ListColumn("Email", width: ColumnWidth(min: 10, max: 40))
        case .company: ListColumn("Company", width: ColumnWidth(min: 8, max: 40))
        case .login: ListColumn("Login", width: ColumnWidth(min: 10, max: 40))
        case .accountType: ListColumn("Type", width: ColumnWidth(min: 4, max: 14))
        case .siteAdmin: ListColumn("Site admin", .boolean)
        case .categoryDescription: ListColumn("Description", width: ColumnWidth(min: 10, max: 400))
        }
    }


    /// JSONPlaceholder's columns (every source without its own): id, name, username, email, company.
    public static let standard: [UserColumn] = [.id, .name, .username, .email, .company]
    /// GitHub's: login, type, site admin (what `GET /users` sends; the login is also the id).
    public static let github: [UserColumn] = [.login, .accountType, .siteAdmin]
    /// TheMealDB's categories: the name (also the id `filter.php?c=` takes) and description.
    public static let mealCategories: [UserColumn] = [.name, .categoryDescription]

    /// The columns for `source`'s users, as its declaration's ``SourceDeclaration/userShape``
    /// says: ``github`` for accounts, ``mealCategories`` for categories, ``standard`` for people.
    public static func columns(for source: any DataSource) -> [UserColumn] {
        switch source.descriptor.kind.declaration.userShape {
        case .account: github
        case .mealCategory: mealCategories
        case .person: standard
        }
    }

    /// The text `user` shows in `column` (what the filter matches). A GitHub account's site
    /// admin flag reads `yes` or `no`; what GitHub did not send, `—`.
    public static func text(of user: User, column: UserColumn) -> String {
        switch column {
        case .id: return user.id.text
        case .name: return user.name
        case .username: return user.username
        case .email: return Display.text(user.email)
        case .company: return Display.text(user.company?.name)
        case .login, .accountType, .siteAdmin: return accountText(of: user, column: column)
        case .categoryDescription:
            guard case let .mealCategory(category) = user.profile else { return Display.missing }
            return Display.text(category.description)
        }
    }

    /// A GitHub column's text: the account's login, type or site admin flag.
    private static func accountText(of user: User, column: UserColumn) -> String {
        guard case let .github(account) = user.profile else { return column == .login ? user.username : Display.missing }
        switch column {
        case .accountType: return Display.text(account.type)
        case .siteAdmin: return account.siteAdmin.map { $0 ? "yes" : "no" } ?? Display.missing
        default: return account.login
        }
    }
}

/// A column a user's posts list can show; which ones it shows follows the source's declared
/// post shape (``columns(for:)``).
public enum PostColumn: ColumnKey, CaseIterable {
    case id, title
    /// A GitHub repository's name, language, stars, forks, last update and flags (fork, archived).
    case name, language, stars, forks, updated, flags

    /// The column as data: its title, value type (alignment and sort follow) and width policy.
    public var declaration: ListColumn {
        switch self {
        case .id: .id
        case .title: .title
        case .name: ListColumn("Name", width: ColumnWidth(min: 10, max: 60))
        case .language: ListColumn("Language", width: ColumnWidth(min: 8, max: 20))
        case .stars: ListColumn("★", .integer, width: ColumnWidth(min: 3, max: 8))
        case .forks: ListColumn("Forks", .integer, width: ColumnWidth(min: 5, max: 8))
        case .updated: ListColumn("Updated", .dateTime)
        case .flags: ListColumn("Flags", width: ColumnWidth(min: 5, max: 16))
        }
    }


    /// JSONPlaceholder's columns: id and title.
    public static let standard: [PostColumn] = [.id, .title]
    /// TheMealDB's meals: id and the meal's name (`strMeal`), headed `Name`.
    public static let meals: [PostColumn] = [.id, .name]
    /// A GitHub user's repositories: name, language, ★, forks, updated, flags.
    public static let github: [PostColumn] = [.name, .language, .stars, .forks, .updated, .flags]

    /// The columns for `source`'s posts, as its declaration's ``SourceDeclaration/postShape``
    /// says: ``github`` for repositories, ``meals`` for meals, ``standard`` for articles.
    public static func columns(for source: any DataSource) -> [PostColumn] {
        switch source.descriptor.kind.declaration.postShape {
        case .repository: github
        case .meal: meals
        case .article: standard
        }
    }

    /// The text `post` shows in `column` (what the filter matches); a repository's updated
    /// column is the day (`2024-05-01`), its flags `fork`, `archived` or both.
    public static func text(of post: Post, column: PostColumn) -> String {
        switch column {
        case .id: return post.id.text
        case .title, .name: return post.title
        case .language, .stars, .forks, .updated, .flags:
            guard case let .github(repository) = post.details else { return Display.missing }
            return repositoryText(of: repository, column: column)
        }
    }

    private static func repositoryText(of repository: GitHubRepositoryDetails, column: PostColumn) -> String {
        switch column {
        case .language: Display.text(repository.language)
        case .stars: GitHubText.count(repository.stars)
        case .forks: GitHubText.count(repository.forks)
        case .updated: GitHubText.day(repository.updatedAt)
        default: GitHubText.flags(repository) ?? ""
        }
    }
}
