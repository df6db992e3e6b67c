import BulletinData
import MVVMC
import Observation

/// The screen a well-formed link to a missing record opens: what was asked for, why it
/// cannot be shown, and a way Home (Enter, or Esc).
@MainActor
@Observable
public final class LinkErrorViewModel: ScreenViewModel {
    /// The path that was asked for, such as `posts/999`.
    public let path: String
    /// Why it cannot be shown, such as `No post 999 in embedded data set`.
    public let reason: String
    /// The source's words (the header's route of this screen uses them).
    public let vocabulary: SourceVocabulary
    @ObservationIgnored private let router: Router<AppRoute>

    /// - Parameters:
    ///   - failure: The link and why it cannot be opened.
    ///   - vocabulary: The source's words, for the path as the header writes it.
    ///   - router: Where Enter goes (Home).
    public init(failure: DeepLinkResolver.Failure, vocabulary: SourceVocabulary = .jsonPlaceholder, router: Router<AppRoute>) {
        self.path = failure.link.route(in: vocabulary)
        self.vocabulary = vocabulary
        self.reason = failure.reason
        self.router = router
    }

    /// `Not found`.
    public var title: String { "Not found" }

    /// The heading: `Cannot open posts/999`.
    public var heading: String { "Cannot open \(path)" }

    /// Enter: go Home.
    public func goHome() { router.go(.home) }
}
