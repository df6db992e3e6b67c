import Testing
@testable import TermView

/// The settings file's `colors`: changes to the theme's looks by role (issue 24, item 16).
@Suite("Theme changes")
struct ThemeChangeTests {
    @Test("a colour is an index 0–255, an ANSI name or default; anything else is none")
    func colorWords() {
        #expect(ThemeColor(setting: "16") == .index(16))
        #expect(ThemeColor(setting: "Cyan") == .index(6))
        #expect(ThemeColor(setting: "white") == .index(7))
        #expect(ThemeColor(setting: "default") == .terminalDefault)
        #expect(ThemeColor(setting: "256") == nil && ThemeColor(setting: "purple") == nil && ThemeColor(setting: "-1") == nil)
    }

    @Test("with 256 colours a change replaces what it names and keeps the rest of the look")
    func colors256() {
        let standard = Theme.standard(.colors256)
        let changed = standard.changing([.selected: LookChange(foreground: .index(15), bold: true)])
        #expect(changed.look(for: .selected) == Look(foreground: .index(15), background: .index(39), bold: true))
        #expect(changed.look(for: .header) == standard.look(for: .header), "other roles unchanged")
        #expect(changed.mode == .colors256)
    }

    @Test("with 8 colours an index above 7 is left out; in monochrome (NO_COLOR) only attributes change")
    func fewerColors() {
        let eight = Theme.standard(.eightColors).changing([.header: LookChange(foreground: .index(45), background: .index(1))])
        #expect(eight.look(for: .header) == Look(foreground: .index(6), background: .index(1), bold: true))
        let mono = Theme.standard(.monochrome).changing([.muted: LookChange(foreground: .index(2), dim: false, underline: true)])
        #expect(mono.look(for: .muted) == Look(underline: true))
    }

    @Test("every role has its settings name")
    func roleNames() {
        #expect(Style(rawValue: "statusBar") == .statusBar && Style(rawValue: "selectedHighlight") == .selectedHighlight)
        #expect(Style.allCases == Style.allCasesForTests)
    }
}
