/// Whether the current load is a reload the person asked for (`r`), which bypasses caches.
///
/// A task-local value, so it reaches ``HTTPClient`` and the file stores through any data
/// source without changing the ``DataSource`` methods: loads run normally answer from the
/// run's in-memory cache (Back and revisits never wait); a reload fetches again (with
/// `If-None-Match` when an `ETag` is known) and re-reads files.
public enum FetchContext {
    /// `true` inside ``reloading(_:_:)`` with `true`.
    @TaskLocal public static var isReload = false

    /// Runs `operation` with ``isReload`` set to `reload`.
    /// - Throws: Whatever `operation` throws.
    public static func reloading<T: Sendable>(
        _ reload: Bool, _ operation: @Sendable () async throws(DataError) -> T
    ) async throws(DataError) -> T {
        do {
            return try await $isReload.withValue(reload) { try await operation() }
        } catch let error as DataError {
            throw error
        } catch {
            throw .cancelled
        }
    }
}
