/// The open and copy services (`o`, `y`), built at the composition root over the terminal and
/// passed down in ``AppDependencies``; a source switch keeps them.
public struct Sharing: Sendable {
    /// Opens web addresses.
    public var opener: any LinkOpener
    /// Copies text.
    public var clipboard: any Clipboard
    /// Makes copied text as harmless as drawn text (the terminal's sanitizer: no control
    /// characters, no escape sequences), applied before the clipboard sees it.
    public var sanitize: @Sendable (String) -> String

    /// - Parameters: See the properties.
    public init(opener: any LinkOpener, clipboard: any Clipboard, sanitize: @escaping @Sendable (String) -> String) {
        self.opener = opener
        self.clipboard = clipboard
        self.sanitize = sanitize
    }

    /// Neither opens nor copies, and says so: for runs without a terminal (tests that do not
    /// look at sharing). Control characters are dropped from what would be copied.
    public static let unavailable = Sharing(
        opener: Unavailable(), clipboard: Unavailable(),
        sanitize: { String(String.UnicodeScalarView($0.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })) })

    private struct Unavailable: LinkOpener, Clipboard {
        func open(_ address: String) -> ShareOutcome { .failed("No browser is set up in this run to open \(address)") }
        func copy(_ text: String, naming: String) -> ShareOutcome { .failed("No clipboard is set up in this run") }
    }
}
