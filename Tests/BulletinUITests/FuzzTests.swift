import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// SplitMix64: a small seeded generator, so a failing run can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476C_E5B9_E1B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The real app's screens driven by random keys, mouse events and resizes.
@MainActor
@Suite("Fuzz: random keys and resizes on the real screens")
struct FuzzTests {
    private static let keys: [Key] = [
        .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace, .delete, .tab,
        .character("j"), .character("k"), .character("r"), .character("q"), .character("日"), .ctrl("c"),
        .character("s"), .character("/"), .character("o"), .ctrl("u"),
        .ctrl("z"), .function(1), .unknown(999), .resize,
        // Finding in lists: filter (with a letter that matches some rows), sort, next, jump.
        .character("/"), .character("a"), .character("s"), .character("S"), .character("n"), .character("N"),
        .character("3"), .ctrl("u"), .ctrl("w"),
    ]

    /// Where the top screen's list selection is out of range, or `nil` when all is well.
    private func selectionProblem(_ app: AppCoordinator) -> String? {
        let (index, offset, count): (Int, Int, Int)
        switch app.stack.top?.destination {
        case let model as HomeViewModel: (index, offset, count) = (model.selection.selected, model.selection.offset, model.items.count)
        case let model as UserListViewModel: (index, offset, count) = (model.selection.selected, model.selection.offset, model.rowCount)
        case let model as UserDetailViewModel: (index, offset, count) = (model.selection.selected, model.selection.offset, model.rowCount)
        case let model as PostListViewModel: (index, offset, count) = (model.selection.selected, model.selection.offset, model.rowCount)
        case let model as PostDetailViewModel: return model.scrollOffset < 0 ? "post scroll \(model.scrollOffset)" : nil
        case let model as SearchViewModel: (index, offset, count) = (model.selection.selected, model.selection.offset, model.results.count)
        default: return nil  // the Admin panel, the link error, forms and dialogs have no list
        }
        // While a reload is in flight the list has no rows and keeps its selection, so it
        // comes back on the same row; with rows shown the selection must be one of them.
        let valid = count == 0 ? index >= 0 : (0..<count).contains(index)
        return valid && offset >= 0 ? nil : "selection \(index), offset \(offset), \(count) rows"
    }

    private func randomEvent(_ random: inout SplitMix64, size: Size) -> Key {
        switch Int.random(in: 0..<20, using: &random) {
        case 0:
            let kind: [MouseEvent.Kind] = [.press, .wheelUp, .wheelDown]
            let point = Point(x: Int.random(in: -1...size.width, using: &random), y: Int.random(in: -1...size.height, using: &random))
            return .mouse(MouseEvent(kind.randomElement(using: &random)!, at: point))
        default:
            return Self.keys.randomElement(using: &random)!
        }
    }

    @Test("100,000 random keys and resizes: no crash, the selection always in range")
    func randomKeysAndResizes() async {
        let seed = ProcessInfo.processInfo.environment["BULLETIN_FUZZ_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        let harness = ScreenHostTests().makeHarness()
        var size = Size(width: 60, height: 12)
        var problems: [String] = []
        var visited: Set<String> = []
        for step in 0..<100_000 {
            let resized = Int.random(in: 0..<25, using: &random) == 0
            if resized {
                size = Size(width: Int.random(in: 1...80, using: &random), height: Int.random(in: 1...24, using: &random))
            }
            let key = randomEvent(&random, size: size)
            // A frame after every resize and every 8th key (rendering all 100,000 takes ~20 s
            // in a debug build); keys between frames use the last frame's layout, as in the app.
            if resized || step % 8 == 0 {
                var surface = Surface(size: size)
                harness.host.render(on: &surface)
            }
            harness.host.handle(key)
            if step % 64 == 0 {
                await harness.settle()
                await Task.yield()   // let other main-actor tests run between batches
            }
            visited.insert(harness.app.stack.top.map { String(describing: type(of: $0.destination)) } ?? "")
            if let problem = selectionProblem(harness.app) {
                problems.append("step \(step) after \(key) at \(size.width)x\(size.height): \(problem)")
                break
            }
        }
        #expect(problems.isEmpty, "replay with BULLETIN_FUZZ_SEED=\(seed): \(problems)")
        #expect(harness.app.stack.entries.count >= 1, "seed \(seed): the root is never popped")
        #expect(visited.count >= 4, "seed \(seed): the walk reached several screens: \(visited.sorted())")
    }
}
