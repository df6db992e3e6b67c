import TermView

/// The status line of a key press (issue 14, keys as data): the footer built from a list
/// screen's bindings by priority, beside the old way (hint strings joined, one ``StatusBar``).
@MainActor
enum FooterBenchmarks {
    /// A list screen's bindings as the Users list has them: 24, eleven with a footer label.
    static let help: [KeyHelp] = {
        func binding(_ key: Key, _ label: String = "", _ priority: FooterPriority? = nil) -> KeyHelp {
            KeyHelp(keys: [.key(key)], label: label, description: "Does what \(key.name) does on the list",
                    group: "Move", footer: priority)
        }
        return [
            binding(.up, "↑↓ move", 80), binding(.down), binding(.enter, "⏎ open", 90),
            binding(.character("/"), "/ filter", 70), binding(.character("s"), "s sort", 50), binding(.character("S")),
            binding(.character("n"), "n next", 45), binding(.character("N")),
            KeyHelp(keys: [.digits], description: "Type an id", group: "Find"),
            binding(.character("a"), "a/e/d/u edit", 60), binding(.character("e")), binding(.character("d")),
            binding(.character("u")), binding(.pageUp), binding(.pageDown), binding(.home), binding(.end),
            binding(.character("r"), "r reload", 40),
            KeyHelp(keys: [.mouse], description: "Mouse", group: "Move"),
            binding(.escape, "Esc back", .always), binding(.character("?"), "? help", .always),
            binding(.character(":")), binding(.character("q"), "q quit", .always), binding(.ctrl("c")),
        ]
    }()

    /// The old hint line of the same screen, pre-joined as the host used to build it.
    static let hints = " ↑↓ move  ⏎ open  / filter  s sort  n next  a/e/d/u edit  r reload  Esc back  q quit"

    /// Both, at 80 columns: one status row drawn per operation.
    static func run(iterations: Int) -> [Measurement] {
        let area = Rect(x: 0, y: 0, width: 80, height: 1)
        let baseline = measure("status line: joined hints (old), 80 columns", iterations: iterations, operations: 100) {
            var surface = Surface(width: 80, height: 1)
            for _ in 0..<100 { StatusBar(left: hints, right: "10 users").render(in: area, on: &surface) }
            return surface.size.width
        }
        var footer = measure("footer: 24 bindings by priority, 80 columns", iterations: iterations, operations: 100) {
            var surface = Surface(width: 80, height: 1)
            for _ in 0..<100 { KeyFooter(help: help, right: "10 users").render(in: area, on: &surface) }
            return surface.size.width
        }
        footer.note = ratio(footer, to: baseline)
        return [baseline, footer]
    }
}
