import Foundation

/// Case- and accent-insensitive text folding for filters and search.
///
/// `fold("Émile ÇA")` is `"emile ca"`: Foundation's `folding(options:locale:)` with
/// `.caseInsensitive` and `.diacriticInsensitive`, locale-independent. Queries are folded the
/// same way and matched as literal substrings: no character has a special meaning.
public enum TextFolding {
    /// `text` folded for matching.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
