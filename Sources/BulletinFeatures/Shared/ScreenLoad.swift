import BulletinData
import Observation

/// The one load and reload every screen with data runs (lists and details alike): its
/// ``LoadState``, the ``LoadRunner`` behind it, and the rule that **a reload keeps what is
/// shown**.
///
/// Once a value has loaded, ``reload(keepsValue:_:value:then:)`` leaves ``state`` as it is and
/// sets ``isReloading``; a failure is kept in ``reloadError`` (``reloadFailureText``: `Not
/// reloaded: …`, the same words on every screen), a success replaces the value and clears it.
/// Only a first load that fails becomes `.failed`.
@MainActor
@Observable
public final class ScreenLoad<Value: Sendable> {
    // Observed by hand through key paths made once per load: the macro's `\.state` literal in a
    // generic class is instantiated at run time on every read (`swift_getKeyPath` demangling the
    // generic argument), as `NavigationStack.entries` found; a list's cells read `state` per frame.

    /// Where the value is: not asked for yet, on its way, here, or failed.
    public private(set) var state: LoadState<Value> {
        get {
            access(keyPath: stateKey)
            return storedState
        }
        set { withMutation(keyPath: stateKey) { storedState = newValue } }
    }
    /// Whether a reload (`r`) is on its way while the value loaded before stays shown.
    public private(set) var isReloading: Bool {
        get {
            access(keyPath: isReloadingKey)
            return storedIsReloading
        }
        set { withMutation(keyPath: isReloadingKey) { storedIsReloading = newValue } }
    }
    /// Why the last reload failed, while the value loaded before stays shown; `nil` after a
    /// reload that worked.
    public private(set) var reloadError: DataError? {
        get {
            access(keyPath: reloadErrorKey)
            return storedReloadError
        }
        set { withMutation(keyPath: reloadErrorKey) { storedReloadError = newValue } }
    }
    @ObservationIgnored private var storedState: LoadState<Value> = .idle
    @ObservationIgnored private var storedIsReloading = false
    @ObservationIgnored private var storedReloadError: DataError?
    /// The three observed properties' key paths, made once per load.
    @ObservationIgnored private let stateKey: KeyPath<ScreenLoad, LoadState<Value>> = \.state
    @ObservationIgnored private let isReloadingKey: KeyPath<ScreenLoad, Bool> = \.isReloading
    @ObservationIgnored private let reloadErrorKey: KeyPath<ScreenLoad, DataError?> = \.reloadError
    @ObservationIgnored private let runner = LoadRunner()
    @ObservationIgnored private let pageRunner = LoadRunner()

    /// Creates an idle load.
    public init() {}

    /// The status line's words for ``reloadError`` (`Not reloaded: HTTP 500 from … (showing
    /// what was loaded before)`), or `nil`.
    public var reloadFailureText: String? { reloadError.map(Display.reloadFailed) }

    /// Runs `reload` unless a load has started already (a screen's `start()`).
    public func start(_ reload: () -> Void) {
        if state.isIdle { reload() }
    }

    /// Runs `fetch`, cancelling the load in flight.
    /// - Parameters:
    ///   - keepsValue: Whether what is shown stays during the load and after a failure; by
    ///     default, whenever a value is loaded. `false` shows `.loading` at once.
    ///   - fetch: Reads the data (captures only the source and ids); a load after the first
    ///     bypasses caches (``FetchContext/isReload``).
    ///   - value: Turns what `fetch` read into the value shown (on the main actor).
    ///   - then: Runs after every delivered outcome, once ``state`` is set: with what `fetch`
    ///     read, or `nil` when it failed (a failed reload, or a first load now `.failed`).
    public func reload<Fetched: Sendable>(
        keepsValue: Bool? = nil,
        _ fetch: @escaping @Sendable () async throws(DataError) -> Fetched,
        value: @escaping @MainActor (Fetched) -> Value,
        then: @escaping @MainActor (Fetched?) -> Void = { _ in }
    ) {
        pageRunner.cancel()
        let reloading = !state.isIdle
        let keeps = keepsValue ?? (state.value != nil)
        if keeps { isReloading = true } else { state = .loading }
        runner.run(reloading: reloading, fetch) { [weak self] outcome in
            guard let self else { return }
            isReloading = false
            switch outcome {
            case let .failed(error) where keeps:
                reloadError = error
            case let .failed(error):
                reloadError = nil
                state = .failed(error)
            case let .loaded(fetched):
                reloadError = nil
                state = .loaded(value(fetched))
            case .idle, .loading: break
            }
            then(outcome.value)
        }
    }

    /// The paging hook: loads a page after the value (DummyJSON's and GitHub's pages) beside
    /// it, cancelling the page in flight; a reload or ``stop()`` cancels it too. `then` gets the
    /// page or why it failed, and appends it with ``show(_:)``.
    public func loadPage<Page: Sendable>(
        _ fetch: @escaping @Sendable () async throws(DataError) -> Page,
        then: @escaping @MainActor (LoadState<Page>) -> Void
    ) {
        pageRunner.run(fetch, completion: then)
    }

    /// Waits for the page in flight, if any.
    public func waitForPage() async { await pageRunner.wait() }

    /// Puts `value` in place of what is shown (an appended page, a saved row, rows that
    /// arrived in a batch), keeping any reload error.
    public func show(_ value: Value) { state = .loaded(value) }

    /// Shows `.loading` (rows arriving in batches let go of what was shown before).
    public func showLoading() { state = .loading }

    /// The screen left the stack: the load in flight is cancelled and its result dropped.
    public func stop() {
        runner.cancel()
        pageRunner.cancel()
        isReloading = false
    }

    /// Waits for the load in flight (tests, and a screen's own `load()`).
    public func wait() async { await runner.wait() }
}
