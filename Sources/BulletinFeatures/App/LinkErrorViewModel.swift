import BulletinData
import MVVMC
import Observation

/// The screen a well-formed link opens when its record is missing or the source could not say
/// (a rate limit, a server error): what was asked for, why it cannot be shown, a way Home
/// (Enter, or Esc), and where trying again may help, a retry.
@MainActor
@Observable
public final class LinkErrorViewModel: ScreenViewModel {
    /// The path that was asked for, such as `posts/999`.
    public let path: String
    /// Why it cannot be shown, such as `No post 999 in embedded data set`.
    public let reason: String
    /// The source's words (the header's route of this screen uses them).
    public let vocabulary: SourceVocabulary
    /// Whether the record is missing, or the source did not answer.
    public let kind: DeepLinkResolver.Failure.Kind
    @ObservationIgnored private let router: Router<AppRoute>
    @ObservationIgnored private let retryLink: (@MainActor () -> Void)?

    /// - Parameters:
    ///   - failure: The link and why it cannot be opened.
    ///   - vocabulary: The source's words, for the path as the header writes it.
    ///   - router: Where Enter goes (Home).
    ///   - retry: Opens the link again (``retry()``), where the failure was not a missing record.
    public init(failure: DeepLinkResolver.Failure, vocabulary: SourceVocabulary = .jsonPlaceholder, router: Router<AppRoute>,
                retry: (@MainActor () -> Void)? = nil) {
        self.path = failure.link.route(in: vocabulary)
        self.vocabulary = vocabulary
        self.reason = failure.reason
        self.kind = failure.kind
        self.router = router
        self.retryLink = retry
    }

    /// `Not found`, `Rate limited` or `Could not open`: the header says what happened.
    public var title: String {
        switch kind {
        case .missing: "Not found"
        case .rateLimited: "Rate limited"
        case .unanswered: "Could not open"
        }
    }

    /// Why trying again does not apply here (the record is missing), or `nil` when it does.
    public var retryUnavailable: String? {
        kind == .missing || retryLink == nil ? "the record is not there; trying again finds the same" : nil
    }

    /// `r`: opens the link again (the same path, through the source).
    public func retry() {
        guard retryUnavailable == nil else { return }
        retryLink?()
    }

    /// The heading: `Cannot open posts/999`.
    public var heading: String { "Cannot open \(path)" }

    /// Enter: go Home.
    public func goHome() { router.go(.home) }
}
