import BulletinData
import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinFeatures

/// Issue 16, item 6: Admin `s` with a URL first tries it (the first page of users within the
/// timeout) and keeps the current source when that fails, the reason under the field; after a
/// switch every line of the panel describes the new source.
@MainActor
@Suite("Switching source never strands a person", .serialized)
struct AdminSwitchProbeTests {
    static let db = SharedData.repositoryRoot.appendingPathComponent("Sources/BulletinData/Resources/embedded.json").path

    /// The app on the embedded set's file through a factory (so every source records into one log).
    func makeApp(timeout: Double = 5) throws -> AppCoordinator {
        let factory = SourceFactory(timeout: timeout)
        let app = AppCoordinator(dependencies: try factory.dependencies(for: .file(Self.db)), onQuit: {})
        app.start()
        return app
    }

    func panel(_ app: AppCoordinator) async throws -> AdminPanelViewModel {
        app.navigate(to: .admin)
        let model = try #require(app.stack.top?.destination as? AdminPanelViewModel)
        await model.load()
        return model
    }

    func submit(_ text: String, on model: AdminPanelViewModel) async {
        model.beginSwitch()
        model.editField { $0.replace(with: text) }
        model.submitField()
        #expect(model.switchingTo == text, "Trying … shows under the field while the first read runs")
        await model.waitForSwitch()
    }

    @Test("a refused port: the current source and screens stay, the reason is under the field")
    func deadURL() async throws {
        // A refused port answers at once; the timeout is long so a loaded machine's queue
        // cannot turn the refusal into "no answer in time".
        let app = try makeApp(timeout: 120)
        let model = try await panel(app)
        let url = "http://127.0.0.1:\(try LoopbackServer.closedPort())"
        await submit(url, on: model)
        #expect(app.stack.routes == ["home", "admin"])
        #expect(app.dependencies.source.descriptor == SourceDescriptor(kind: .file, location: Self.db))
        let error = try #require(model.field?.error)
        #expect(error.hasPrefix("Cannot reach \(url)/users"), "\(error)")
        #expect(error.hasSuffix(" · still on \(Self.db)"), "\(error)")
        #expect(model.switchingTo == nil)
    }

    @Test("a server that never answers: given up after the timeout, the source stays")
    func silentURL() async throws {
        let silent = try SilentListener()
        defer { silent.close() }
        let app = try makeApp(timeout: 0.5)
        let model = try await panel(app)
        let started = ContinuousClock.now
        await submit(silent.baseURL.absoluteString, on: model)
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(app.stack.routes == ["home", "admin"])
        #expect(model.field?.error?.contains("still on \(Self.db)") == true, "\(model.field?.error ?? "")")
    }

    @Test("Esc while trying gives the try up: nothing switches")
    func cancelWhileTrying() async throws {
        let silent = try SilentListener()
        defer { silent.close() }
        let app = try makeApp(timeout: 30)
        let model = try await panel(app)
        model.beginSwitch()
        model.editField { $0.replace(with: silent.baseURL.absoluteString) }
        model.submitField()
        model.cancelField()
        await model.waitForSwitch()
        #expect(app.stack.routes == ["home", "admin"])
        #expect(app.dependencies.source.descriptor.kind == .file)
    }

    @Test("a good switch: Home › Users of the new source, and every line of the panel describes it")
    func goodSwitchRewritesPanel() async throws {
        let server = try LoopbackServer.start(arguments: ["--db", Self.db])
        defer { server.stop() }
        let app = try makeApp()
        let before = try await panel(app)
        #expect(before.countFields.last?.value.contains(Self.db) == true, "the file's read: \(before.countFields)")
        await submit(server.baseURL.absoluteString, on: before)
        #expect(app.stack.routes == ["home", "users"])
        let after = try await panel(app)
        let lines = (after.sourceFields + after.countFields).map { "\($0.label): \($0.value)" }
            + after.requestLines + after.errorLines + after.serverNotes
        #expect(!lines.contains { $0.contains(Self.db) || $0.contains("READ") }, "\(lines)")
        #expect(after.sourceFields.contains { $0.label == "Location" && $0.value == server.baseURL.absoluteString })
        let loaded = try #require(after.countFields.last)
        #expect(loaded.label == "Loaded" && loaded.value.contains("(GET /"), "the new server's read: \(loaded)")
    }
}
