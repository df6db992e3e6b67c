import BulletinData

/// The Admin panel's check of a source before switching to it: its cheapest read, the first
/// page of users (`GET /users` on a JSONPlaceholder API, DummyJSON's first page, GitHub's
/// `GET /users`), within a deadline, so a dead or silent URL leaves the current source in place.
enum SourceProbe {
    /// Whether `choice` is checked before the switch: URLs are; the embedded set and files
    /// (already checked to be JSON by ``SourceChoice``) are not, since a large file's first read
    /// is its whole index and may rightly take longer than any deadline.
    static func isNeeded(for choice: LaunchOptions.Source) -> Bool { choice.kind.declaration.probedBeforeSwitch }

    /// Reads the first page of `source`'s users, giving up after `seconds`.
    /// - Throws: The read's ``DataError``, or ``DataError/timedOut(url:)`` naming the source's
    ///   location when the deadline passes first (the read is then cancelled).
    static func firstRead(of source: any DataSource, within seconds: Double) async throws(DataError) {
        let failure = await withTaskGroup(of: DataError?.self) { group -> DataError? in
            group.addTask {
                do throws(DataError) {
                    _ = try await source.userPage(after: nil)
                    return nil
                } catch {
                    return error
                }
            }
            group.addTask {
                do {
                    try await Task.sleep(for: .milliseconds(Int(max(0, seconds) * 1000)))
                } catch {
                    return nil   // cancelled: the read finished first
                }
                return .timedOut(url: source.descriptor.location)
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if let failure { throw failure }
    }
}
