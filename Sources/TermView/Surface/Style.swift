/// A semantic role for drawn text; the backend's theme maps each role to colours and attributes.
///
/// Widgets and screens say *what* a cell is (a header, the selection), never which colour it
/// has, so `NO_COLOR` and monochrome terminals need no special cases above the backend.
/// Each role's raw value is its name in the settings file's `colors` (`"selected"`, `"statusBar"`).
public enum Style: String, Hashable, Sendable, CaseIterable {
    /// Body text.
    case normal
    /// Table headers and section headings.
    case header
    /// Screen titles and breadcrumbs.
    case title
    /// Field labels ("Email:").
    case label
    /// The selected row; the theme keeps it visible in monochrome (reverse video).
    case selected
    /// Every other data row of a table.
    case alternate
    /// Secondary text: hints, scroll tracks, empty states.
    case muted
    /// Error messages.
    case error
    /// The status bar line.
    case statusBar
    /// Emphasised text, such as filter matches.
    case highlight
    /// A filter match inside the selected row: the selection's look plus emphasis, so the
    /// row stays visibly selected and the match stays visible in it.
    case selectedHighlight
}
