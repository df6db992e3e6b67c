import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// Mouse presses and the wheel on the real screens, through the ScreenHost.
@MainActor
@Suite("Mouse on the screens")
struct MouseTests {
    private func mouse(_ kind: MouseEvent.Kind, x: Int = 10, y: Int) -> Key {
        .mouse(MouseEvent(kind, at: Point(x: x, y: y)))
    }

    @Test("a press on a user row selects it; on the column header or below the rows it does nothing")
    func clickSelectsUser() async {
        let harness = ScreenHostTests().makeHarness()
        harness.press(.enter)
        await harness.settle()
        harness.press(mouse(.press, y: 4))
        let frame = harness.frame()
        #expect(frame.style(at: Point(x: 10, y: 4)) == .selected)
        #expect(frame.style(at: Point(x: 10, y: 2)) != .selected)
        harness.press(mouse(.press, y: 1), mouse(.press, y: 9), mouse(.press, x: 70, y: 3))
        #expect(harness.frame().style(at: Point(x: 10, y: 4)) == .selected, "header, empty rows and outside ignored")
        harness.press(.enter)
        await harness.settle()
        #expect(harness.frame().lines[0].contains("山田 太郎"), "the clicked row is the one Enter opens")
    }

    @Test("the wheel moves the selection three rows a notch, clamped to the rows")
    func wheel() async {
        let harness = ScreenHostTests().makeHarness()
        harness.press(.enter)
        await harness.settle()
        harness.press(mouse(.wheelDown, y: 3))
        #expect(harness.frame().style(at: Point(x: 10, y: 4)) == .selected)
        harness.press(mouse(.wheelUp, y: 3))
        #expect(harness.frame().style(at: Point(x: 10, y: 2)) == .selected)
    }

    @Test("a press on a post in a user's profile selects that post; on Home it selects a menu item")
    func clickElsewhere() async {
        let harness = ScreenHostTests().makeHarness()
        harness.press(mouse(.press, y: 5), width: 50, height: 14)
        #expect(harness.frame(width: 50, height: 14).style(at: Point(x: 2, y: 5)) == .selected, "Posts, the second menu item")
        harness.press(mouse(.wheelUp, y: 5), width: 50, height: 14)
        #expect(harness.frame(width: 50, height: 14).style(at: Point(x: 2, y: 4)) == .selected, "back to Users")
        harness.press(.enter)
        await harness.settle()
        harness.press(.down, .enter)
        await harness.settle()
        harness.press(mouse(.press, y: 10), width: 50, height: 14)
        harness.press(mouse(.press, y: 11), width: 50, height: 14)
        let frame = harness.frame(width: 50, height: 14)
        #expect(frame.style(at: Point(x: 10, y: 11)) == .selected)
        harness.press(.enter, width: 50, height: 14)
        await harness.settle()
        let post = harness.frame().lines
        #expect(post[0].contains("users/2/posts/3") && post[1].contains("Zoë writes"), "\(post)")
    }
}
