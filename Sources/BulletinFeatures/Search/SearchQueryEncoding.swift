import Foundation

/// Percent-encoding of a search query inside a deep link (`search?q=caf%C3%A9%20au%20lait`),
/// as in a URL query (RFC 3986), by Foundation: letters, digits and `-._~` stay, every other
/// byte of the UTF-8 text becomes `%XX`; when decoding, `+` is also read as a space.
enum SearchQueryEncoding {
    /// RFC 3986's unreserved characters (ASCII only: `CharacterSet.alphanumerics` would keep
    /// `é` unencoded).
    private static let unreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// `text` with every byte but the unreserved ones as `%XX`.
    static func encode(_ text: String) -> String {
        // Fails only for text that is not valid Unicode, which a Swift String never is.
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// The text of an encoded query; `nil` when a `%` is not followed by two hex digits or the
    /// bytes are not UTF-8.
    static func decode(_ encoded: Substring) -> String? {
        encoded.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
