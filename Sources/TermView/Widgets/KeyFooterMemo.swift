/// A ``KeyFooter`` drawn frame after frame from the same bindings, with its layout kept: the
/// labels are picked from the bindings once per change of the bindings, and the left text is
/// laid out again only when the width or the right text's width changes. A one-row move
/// changes only the right text (`2 of 100 posts`), so it lays out nothing.
///
/// Draws exactly what `KeyFooter(help:right:).render(in:on:)` draws.
@MainActor
public final class KeyFooterMemo {
    /// The bindings last drawn, the footer's labels from them and the columns of the always-shown ones.
    private var labels: (help: [KeyHelp], footer: KeyFooter, essential: Int)?
    /// The left text last laid out for ``labels``, for a width and a right text's width.
    private var left: (width: Int, rightWidth: Int, text: String)?

    /// How many times the left text was laid out (for tests of the memo itself; `package`: not
    /// the product's API).
    package private(set) var layouts = 0

    /// Creates an empty memo; the first draw lays the footer out.
    public init() {}

    /// Draws the footer of `help` with `right` at the right edge on the top row of `area`.
    /// `help` is compared with the last one first by its storage (one step when a screen hands
    /// over the same array, as a memoised key map does), then element by element.
    public func render(help: [KeyHelp], right: String, in area: Rect, on surface: inout Surface) {
        if labels == nil || labels?.help != help {
            let footer = KeyFooter(help: help)
            labels = (help, footer, footer.essentialWidth)
            left = nil
        }
        guard let labels else { return }
        var footer = labels.footer
        let essential = labels.essential
        footer.right = right
        let shownRight = footer.shownRight(width: area.width, essential: essential)
        let rightWidth = DisplayWidth.of(shownRight)
        let text: String
        if let left, left.width == area.width, left.rightWidth == rightWidth {
            text = left.text
        } else {
            text = footer.left(width: area.width, rightWidth: rightWidth)
            left = (area.width, rightWidth, text)
            layouts += 1
        }
        StatusBar(left: text, right: shownRight).render(in: area, on: &surface)
    }
}
