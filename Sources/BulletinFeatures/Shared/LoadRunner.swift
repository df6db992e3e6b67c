import BulletinData

/// Runs a view model's loads, one at a time, on the main actor.
///
/// Starting a load cancels the one in flight. A load whose task was cancelled (a newer
/// load started, or the view model went away with its screen) never delivers its result,
/// so a dead screen is never updated. The operation captures only the data source and ids,
/// never the view model, so popping a screen releases its view model at once; the runner's
/// `deinit` then cancels the load in flight.
@MainActor
final class LoadRunner {
    private var task: Task<Void, Never>?

    init() {}

    isolated deinit { task?.cancel() }

    /// Starts `operation`, cancelling any load in flight, and hands its outcome to `completion`
    /// unless cancelled first.
    /// - Parameter reloading: The person asked for fresh data (`r`): caches are bypassed
    ///   (``FetchContext/isReload``).
    func run<Value: Sendable>(
        reloading: Bool = false,
        _ operation: @escaping @Sendable () async throws(DataError) -> Value,
        completion: @escaping @MainActor (LoadState<Value>) -> Void
    ) {
        task?.cancel()
        task = Task { @MainActor in
            let outcome: LoadState<Value>
            do throws(DataError) {
                outcome = .loaded(try await FetchContext.reloading(reloading, operation))
            } catch {
                outcome = .failed(error)
            }
            guard !Task.isCancelled else { return }
            completion(outcome)
        }
    }

    /// Waits until the current load has finished (or been cancelled).
    func wait() async { await task?.value }

    /// Cancels the load in flight; its result will not be delivered.
    func cancel() { task?.cancel() }
}

/// Runs `operation` and captures its outcome, so two loads can run side by side with
/// `async let` and keep their typed error.
func attempt<Value: Sendable>(
    _ operation: @Sendable () async throws(DataError) -> Value
) async -> Result<Value, DataError> {
    do throws(DataError) {
        return .success(try await operation())
    } catch {
        return .failure(error)
    }
}
