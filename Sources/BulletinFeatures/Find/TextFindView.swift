/// Where a find in text matched: a paragraph of the screen's text (one of the lines it lays out
/// before wrapping) and the characters of it (`Character` offsets).
public struct TextMatch: Equatable, Sendable {
    /// The paragraph's index among the text's paragraphs.
    public var paragraph: Int
    /// The matched characters, as offsets into the paragraph's `Character`s.
    public var characters: Range<Int>

    /// - Parameters: See the properties.
    public init(paragraph: Int, characters: Range<Int>) {
        self.paragraph = paragraph
        self.characters = characters
    }
}

/// What a text view shows while finding: its paragraphs, where it is scrolled, how many lines
/// fit, and on which wrapped line a match starts (the screen's layout knows; tests pass their own).
public struct TextFindView {
    /// The paragraphs the screen draws, top to bottom (before wrapping).
    public var paragraphs: [String]
    /// The first wrapped line shown.
    public var offset: Int
    /// How many wrapped lines show at once.
    public var visible: Int
    /// The wrapped line a match's first character is drawn on.
    public var line: (TextMatch) -> Int

    /// - Parameters: See the properties.
    public init(paragraphs: [String], offset: Int, visible: Int, line: @escaping (TextMatch) -> Int) {
        self.paragraphs = paragraphs
        self.offset = offset
        self.visible = visible
        self.line = line
    }
}

/// A view model whose screen is a scrolling text with a find (`/`): a post (or a meal, a
/// repository) with its comments, the raw view. The screens drive both through one driver.
@MainActor
public protocol FindsInText: AnyObject {
    /// The find's state, kept while the screen is on the stack.
    var textFind: TextFind { get }
    /// The first wrapped line shown (the screen clamps it to the text when drawing).
    var scrollOffset: Int { get set }
}
