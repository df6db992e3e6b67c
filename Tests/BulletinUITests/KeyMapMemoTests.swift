import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// The Posts list's key map is built once per change of its key state, not per key and per
/// frame, and what the memo hands back is what a fresh build makes in every state.
@MainActor
@Suite("Key map memo")
struct KeyMapMemoTests {
    /// The Posts list of the stub source, with the harness drawing it.
    private func posts() async throws -> (KeyScreenHarness, PostListViewModel) {
        let harness = await KeyScreenHarness.open(.posts)
        let model = try #require(harness.app.stack.top?.destination as? PostListViewModel)
        return (harness, model)
    }

    @Test("one-row moves reuse the map and its help array; each change of key state builds it once")
    func buildsOncePerState() async throws {
        let (_, model) = try await posts()
        let memo = KeyMapMemo<ListKeysToken, ListScreenIntent>()
        func keys() -> KeyMapMemo<ListKeysToken, ListScreenIntent>.Entry {
            model.list.listScreenKeys(noun: "post", failed: model.rowsUnavailableReason, memo: memo)
        }
        let first = keys()
        for _ in 0..<5 {
            model.moveSelection(by: 1)
            _ = keys()
        }
        #expect(memo.builds == 1)
        #expect(keys().help == first.help)
        model.find.beginFilter()   // the `/` prompt's keys
        _ = keys()
        _ = keys()
        #expect(memo.builds == 2)
        model.find.cancelFilter()
        _ = keys()
        #expect(memo.builds == 3)
    }

    @Test("in every key state the memo's map is the one a fresh build makes")
    func sameAsFresh() async throws {
        let (harness, model) = try await posts()
        let memo = KeyMapMemo<ListKeysToken, ListScreenIntent>()
        func check(_ state: String) {
            let kept = model.list.listScreenKeys(noun: "post", failed: model.rowsUnavailableReason, memo: memo)
            let fresh = model.list.listScreenKeys(noun: "post", failed: model.rowsUnavailableReason)
            #expect(kept.help == fresh.help, "\(state)")
            #expect(kept.keys.help == fresh.help, "\(state)")
        }
        check("loaded")
        harness.press(.down)
        check("moved")
        harness.press(.character("/"))
        check("prompt open")
        harness.press(.character("a"), .enter)
        await model.find.finder.waitUntilIdle()
        check("filtered")
        harness.press(.escape)
        await model.find.finder.waitUntilIdle()
        check("filter cleared")
        harness.press(.character("2"))
        check("typing an id")
        harness.press(.escape)
        check("jump cancelled")
        #expect(memo.builds >= 4)
    }

    @Test("the host's footer, drawn frame after frame, is what a fresh host draws in each state")
    func hostFooterSameAsFresh() async throws {
        let (harness, model) = try await posts()
        func compare(_ state: String, widths: [Int] = [120, 80, 50]) {
            for width in widths {
                let fresh = ScreenHost(stack: harness.app.stack, commandLine: harness.app.commandLine,
                                       statusNote: harness.app.statusNote, onQuit: {})
                var kept = Surface(width: width, height: 12)
                harness.host.render(on: &kept)
                var drawn = Surface(width: width, height: 12)
                fresh.render(on: &drawn)
                #expect(kept.lines == drawn.lines, "\(state) at \(width) columns")
            }
        }
        compare("loaded")
        harness.press(.down, .down)
        compare("moved")
        harness.press(.character("/"), .character("b"))
        compare("prompt open")
        harness.press(.enter)
        await model.find.finder.waitUntilIdle()
        compare("filtered: Esc clears")
        harness.press(.escape)
        await model.find.finder.waitUntilIdle()
        compare("filter cleared")
        harness.press(.character("1"))
        compare("typing an id")
    }
}
