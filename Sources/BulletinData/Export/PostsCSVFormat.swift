import Foundation

/// Posts as CSV following RFC 4180: a header `id,userId,title,body`, one record per post,
/// lines ending in CRLF; a field holding a comma, a double quote, CR or LF is enclosed in
/// double quotes with its quotes doubled.
public enum PostsCSVFormat {
    /// The header row's fields.
    public static let header = ["id", "userId", "title", "body"]

    /// The whole file, UTF-8.
    public static func encode(_ posts: [Post]) -> Data {
        var text = row(header)
        for post in posts { text += row([post.id.text, post.userId.text, post.title, post.body]) }
        return Data(text.utf8)
    }

    /// One record and its CRLF.
    static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// One field, quoted when it must be (RFC 4180 §2.6, §2.7).
    public static func field(_ value: String) -> String {
        let needsQuotes = value.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
