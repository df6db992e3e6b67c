import Foundation

/// An error response's body in words, for ``DataError/badStatus(_:url:excerpt:)``: never markup.
///
/// - An HTML page (it starts with `<` and has an `<html>`, `<!doctype html>`, `<title>`,
///   `<h1>` or `<body>` tag) is reduced to the text of its `<title>`, else of its first
///   `<h1>`–`<h3>`, else of the whole page, tags removed and the common entities decoded.
/// - A JSON object is reduced to its `message` (GitHub, DummyJSON), `error` (a string, or an
///   object with a `message`) or `detail`, when it has one.
/// - Anything else is kept as it is.
/// Always on one line (runs of whitespace become one space), at most 200 characters.
enum ErrorBodyText {
    /// The words of `data` (only its first 64 KiB are read).
    static func words(of data: Data) -> String {
        let head = data.prefix(64 * 1024)
        let text = String(decoding: head, as: UTF8.self)
        let words = html(text) ?? json(head) ?? text
        return String(JSONDecoding.singleLine(words).prefix(200))
    }

    // MARK: - Private

    private static func html(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.drop(while: \.isWhitespace).first == "<",
              ["<html", "<!doctype html", "<title", "<h1", "<body"].contains(where: lower.contains)
        else { return nil }
        for tag in ["title", "h1", "h2", "h3"] {
            if let inner = element(tag, in: text, lower: lower), !inner.isEmpty { return inner }
        }
        return plain(text)
    }

    /// The text inside the first `<tag …>…</tag>`, tags removed, or `nil`.
    private static func element(_ tag: String, in text: String, lower: String) -> String? {
        guard let open = lower.range(of: "<\(tag)"),
              let openEnd = lower[open.upperBound...].firstIndex(of: ">"),
              let close = lower[openEnd...].range(of: "</\(tag)")
        else { return nil }
        let start = text.index(after: openEnd)
        return plain(String(text[start..<close.lowerBound])).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `text` with its tags removed (a `<script>` or `<style>` with what it holds) and the
    /// common entities decoded.
    private static func plain(_ text: String) -> String {
        var result = "", inTag = false, skipping: String?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let closing = skipping {
                if text[index...].lowercased().hasPrefix(closing) { skipping = nil; inTag = true }
                index = text.index(after: index)
                continue
            }
            if character == "<" {
                let rest = text[index...].prefix(8).lowercased()
                if rest.hasPrefix("<script") { skipping = "</script" } else if rest.hasPrefix("<style") { skipping = "</style" }
                inTag = true
                result += " "
            } else if character == ">", inTag {
                inTag = false
            } else if !inTag {
                result.append(character)
            }
            index = text.index(after: index)
        }
        let entities = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&nbsp;", " "), ("&amp;", "&")]
        return entities.reduce(result) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    private static func json(_ data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        if let message = object["message"] as? String, !message.isEmpty { return message }
        if let error = object["error"] as? String, !error.isEmpty { return error }
        if let error = object["error"] as? [String: Any], let message = error["message"] as? String, !message.isEmpty { return message }
        if let detail = object["detail"] as? String, !detail.isEmpty { return detail }
        return nil
    }
}
