import Foundation

/// Reads RFC 8288 `Link` headers such as
/// `<http://host/posts?_page=2&_limit=10>; rel="next", <…>; rel="last"`.
enum LinkHeader {
    /// The target of the link whose `rel` includes `next`, resolved against `base` (the URL
    /// that answered, so a relative target such as `/posts?_page=2` works); `nil` when none.
    static func next(in header: String?, relativeTo base: URL?) -> URL? {
        guard let header else { return nil }
        for part in header.split(separator: ",") {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = fields.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let isNext = fields.dropFirst().contains { field in
                let pair = field.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { return false }
                let values = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
                return values.split(separator: " ").contains("next")
            }
            if isNext { return URL(string: String(target.dropFirst().dropLast()), relativeTo: base)?.absoluteURL }
        }
        return nil
    }
}
