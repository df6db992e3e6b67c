import Testing
@testable import TermView

@Suite("Theme")
struct ThemeTests {
    private let roles: [Style] = [.header, .selected, .alternate, .muted, .error, .highlight]

    @Test("NO_COLOR (non-empty), no colour support or under 8 colours mean monochrome")
    func detection() {
        #expect(ColorMode.detect(hasColors: true, colors: 256, noColor: "1") == .monochrome)
        #expect(ColorMode.detect(hasColors: true, colors: 256, noColor: "") == .colors256, "empty NO_COLOR is unset")
        #expect(ColorMode.detect(hasColors: true, colors: 256, noColor: nil) == .colors256)
        #expect(ColorMode.detect(hasColors: true, colors: 8, noColor: nil) == .eightColors)
        #expect(ColorMode.detect(hasColors: true, colors: 88, noColor: nil) == .eightColors)
        #expect(ColorMode.detect(hasColors: true, colors: 2, noColor: nil) == .monochrome)
        #expect(ColorMode.detect(hasColors: false, colors: 256, noColor: nil) == .monochrome)
    }

    @Test("monochrome uses attributes only: reverse selection, bold+underline header and match, dim muted")
    func monochrome() {
        let theme = Theme.standard(.monochrome)
        #expect(theme.look(for: .selected) == Look(reverse: true))
        #expect(theme.look(for: .header) == Look(bold: true, underline: true))
        #expect(theme.look(for: .highlight) == Look(bold: true, underline: true))
        #expect(theme.look(for: .muted) == Look(dim: true))
        #expect(theme.look(for: .error) == Look(bold: true))
        #expect(theme.look(for: .normal) == .plain)
        for role in Style.allCasesForTests {
            let look = theme.look(for: role)
            #expect(look.foreground == .terminalDefault && look.background == .terminalDefault, "\(role)")
        }
    }

    @Test("8 colours use only ANSI indexes 0–7; 256 colours shade alternate rows")
    func palettes() {
        let eight = Theme.standard(.eightColors)
        for role in Style.allCasesForTests {
            for color in [eight.look(for: role).foreground, eight.look(for: role).background] {
                if case let .index(value) = color { #expect((0..<8).contains(value), "\(role)") }
            }
        }
        #expect(eight.look(for: .selected) == Look(foreground: .index(0), background: .index(6)))
        #expect(eight.look(for: .error).foreground == .index(1))
        let full = Theme.standard(.colors256)
        #expect(full.look(for: .alternate).background == .index(236))
        #expect(full.look(for: .selected).background == .index(39))
    }

    @Test("in every mode the selection differs from normal and alternate rows, and each role is distinct from normal",
          arguments: [ColorMode.monochrome, .eightColors, .colors256])
    func selectionVisible(mode: ColorMode) {
        let theme = Theme.standard(mode)
        let selected = theme.look(for: .selected)
        #expect(selected != theme.look(for: .normal) && selected != theme.look(for: .alternate))
        #expect(selected.reverse || selected.background != .terminalDefault)
        for role in roles where role != .alternate {
            #expect(theme.look(for: role) != theme.look(for: .normal), "\(role) in \(mode)")
        }
    }
}

@Suite("Theme: filter matches")
struct ThemeHighlightTests {
    @Test("a match in the selected row keeps the selection's reverse video in monochrome and adds emphasis")
    func monochromeMatch() {
        let theme = Theme.standard(.monochrome)
        #expect(theme.look(for: .selectedHighlight) == Look(bold: true, reverse: true, underline: true))
    }

    @Test("matches differ from plain, alternate and selected rows in every mode",
          arguments: [ColorMode.monochrome, .eightColors, .colors256])
    func distinct(mode: ColorMode) {
        let theme = Theme.standard(mode)
        for plain in [Style.normal, .alternate, .selected] {
            #expect(theme.look(for: .highlight) != theme.look(for: plain), "\(plain) in \(mode)")
            #expect(theme.look(for: .selectedHighlight) != theme.look(for: plain), "\(plain) in \(mode)")
        }
    }
}

extension Style {
    static let allCasesForTests: [Style] = [
        .normal, .header, .title, .label, .selected, .alternate, .muted, .error, .statusBar, .highlight,
        .selectedHighlight,
    ]
}
