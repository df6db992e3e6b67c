import BulletinData

/// A screen whose data comes through one ``ScreenLoad`` (every list and detail screen): it
/// gets its ``state``, reload flags, ``isLoading`` and ``start()`` from there, so they read
/// and behave the same on every screen.
@MainActor
public protocol LoadingScreen: ScreenViewModel {
    /// What the load delivers.
    associatedtype Loaded: Sendable
    /// The screen's load and reload.
    var loader: ScreenLoad<Loaded> { get }
    /// Loads again (`r`), keeping what is shown.
    func reload()
}

extension LoadingScreen {
    /// Where the screen's data is (``ScreenLoad/state``).
    public var state: LoadState<Loaded> { loader.state }
    /// Whether a reload (`r`) is on its way while what was loaded before stays shown.
    public var isReloading: Bool { loader.isReloading }
    /// Why the last reload failed, while what was loaded before stays shown; `nil` after a
    /// reload that worked.
    public var reloadError: DataError? { loader.reloadError }
    /// The status line's words for ``reloadError`` (`Not reloaded: …`), or `nil`.
    public var reloadFailureText: String? { loader.reloadFailureText }
    /// Whether the first load is still on its way.
    public var isLoading: Bool { loader.state.isLoading }
    /// The screen appeared: loads unless loaded or loading.
    public func start() { loader.start(reload) }
    /// Loads again and returns once the result is shown (screens that also wait for a finder,
    /// pages or a search say so in their own `load()`).
    public func load() async {
        reload()
        await loader.wait()
    }
}
