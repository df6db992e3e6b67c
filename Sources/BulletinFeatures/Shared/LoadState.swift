import BulletinData

/// Where a screen's data is: not asked for yet, on its way, here, or failed with a reason.
public enum LoadState<Value: Sendable>: Sendable {
    case idle
    case loading
    case loaded(Value)
    case failed(DataError)

    /// The loaded value, if any.
    public var value: Value? {
        if case let .loaded(value) = self { return value }
        return nil
    }

    /// The failure, if any.
    public var error: DataError? {
        if case let .failed(error) = self { return error }
        return nil
    }

    /// `true` before the first load starts.
    public var isIdle: Bool {
        if case .idle = self { return true }
        return false
    }

    /// `true` while loading (or before the first load starts).
    public var isLoading: Bool {
        switch self {
        case .idle, .loading: true
        case .loaded, .failed: false
        }
    }

    /// The same state with a loaded value transformed by `transform`.
    public func map<Other: Sendable>(_ transform: (Value) -> Other) -> LoadState<Other> {
        switch self {
        case .idle: .idle
        case .loading: .loading
        case let .loaded(value): .loaded(transform(value))
        case let .failed(error): .failed(error)
        }
    }
}
