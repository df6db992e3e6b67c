import Foundation
import Synchronization

/// A record, or a field of one, that could not be read and was left out instead of failing the whole list.
///
/// When one record of a list is missing a required field or has one of the wrong type, the
/// list still loads: the record is **skipped** and reported here. When an optional field
/// (such as a user's `address`) has the wrong type, the record loads with that field empty
/// (shown as "—") and the field is reported as **blanked**.
public struct RecordIssue: Hashable, Sendable, CustomStringConvertible {
    /// What happened to the record.
    public enum Effect: String, Hashable, Sendable {
        /// The whole record was left out of the list.
        case skipped
        /// The record loaded; this optional field is shown as missing.
        case fieldBlanked
        /// A list read only in part: the pages after ``RecordIssue/path`` were not read
        /// (`posts after page 1000`), for the reason given.
        case partial
    }

    /// The JSON path of the bad value without the leading `$`, such as `users[3].email`.
    public var path: String
    /// Why it could not be read, in a few words: `missing`, `null`, `wrong type (expected a string)`.
    public var reason: String
    /// Whether the record was skipped or only the field blanked.
    public var effect: Effect
    /// The file or URL the record came from.
    public var location: String

    /// Creates an issue.
    public init(path: String, reason: String, effect: Effect, location: String) {
        self.path = path
        self.reason = reason
        self.effect = effect
        self.location = location
    }

    /// `users[3].name null (record skipped)`, `users[7].address wrong type (expected an object) (field shown as —)`,
    /// `posts after page 1000 the server has more pages; … (list read in part)`.
    public var description: String {
        let effectText =
            switch effect {
            case .skipped: "record skipped"
            case .fieldBlanked: "field shown as —"
            case .partial: "list read in part"
            }
        return "\(path) \(reason) (\(effectText))"
    }

    /// One line for a status bar, or `nil` when there are no issues:
    /// `1 record skipped: users[3].name null; 1 field unreadable: users[7].address wrong type (expected an object)`;
    /// a list read in part starts with `only part read: posts after page 1000 (the server has more pages; …)`.
    public static func summary(of issues: [RecordIssue]) -> String? {
        let skipped = issues.filter { $0.effect == .skipped }
        let blanked = issues.filter { $0.effect == .fieldBlanked }
        var parts: [String] = []
        if let first = issues.first(where: { $0.effect == .partial }) {
            parts.append("only part read: \(first.path) (\(first.reason))")
        }
        if let first = skipped.first {
            let noun = skipped.count == 1 ? "record" : "records"
            parts.append("\(skipped.count) \(noun) skipped: \(first.path) \(first.reason)\(skipped.count > 1 ? ", …" : "")")
        }
        if let first = blanked.first {
            let noun = blanked.count == 1 ? "field" : "fields"
            parts.append("\(blanked.count) \(noun) unreadable: \(first.path) \(first.reason)\(blanked.count > 1 ? ", …" : "")")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}

/// Records of one kind together with the ones that could not be read.
public struct RecordList<Record: Sendable>: Sendable {
    /// The records that decoded, in the source's order.
    public var records: [Record]
    /// The records or fields left out, in the source's order.
    public var issues: [RecordIssue]

    /// Creates a list.
    public init(records: [Record], issues: [RecordIssue] = []) {
        self.records = records
        self.issues = issues
    }
}

extension RecordList: Equatable where Record: Equatable {}

/// Collects ``RecordIssue``s while `JSONDecoder` runs; reached through the decoder's `userInfo`.
///
/// Present only when decoding through ``JSONDecoding``; without it, lists decode strictly.
final class IssueCollector: Sendable {
    /// The `userInfo` key the collector is stored under.
    static let key = CodingUserInfoKey(rawValue: "bulletin.recordIssues")!

    /// Where the data came from, for each issue's `location`.
    let location: String
    /// The name given to a top-level array in paths (`users` turns `$[3]` into `users[3]`).
    let root: String
    private let collected = Mutex<[RecordIssue]>([])

    init(location: String, root: String) {
        self.location = location
        self.root = root
    }

    /// The collector installed on `decoder`, if any.
    static func from(_ decoder: any Decoder) -> IssueCollector? {
        decoder.userInfo[key] as? IssueCollector
    }

    /// The issues so far.
    var issues: [RecordIssue] { collected.withLock { $0 } }

    /// How many issues so far; pass it to ``rollBack(to:)`` to forget later ones.
    var count: Int { collected.withLock { $0.count } }

    /// Forgets issues recorded after `count` (a record with a blanked field turned out to be skipped).
    func rollBack(to count: Int) {
        collected.withLock { $0.removeSubrange(min(count, $0.count)...) }
    }

    /// Records `error` as an issue with `effect`.
    func record(_ error: DecodingError, effect: RecordIssue.Effect) {
        let (codingPath, reason) = JSONDecoding.shortReason(for: error)
        let path = recordPath(JSONDecoding.path(for: codingPath))
        collected.withLock {
            $0.append(RecordIssue(path: path, reason: reason, effect: effect, location: location))
        }
    }

    /// `$.users[3].name` → `users[3].name`; `$[3].name` → `users[3].name` with root `users`.
    private func recordPath(_ jsonPath: String) -> String {
        if jsonPath.hasPrefix("$.") { return String(jsonPath.dropFirst(2)) }
        return root + jsonPath.dropFirst()
    }
}

/// An array that skips the elements that do not decode and reports them to the ``IssueCollector``.
///
/// Without a collector in the decoder's `userInfo` it decodes strictly, like `[Element]`.
struct LenientArray<Element: Decodable>: Decodable {
    /// The elements that decoded.
    var elements: [Element] = []

    init(from decoder: any Decoder) throws {
        guard let collector = IssueCollector.from(decoder) else {
            elements = try [Element](from: decoder)
            return
        }
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            let mark = collector.count
            let index = container.currentIndex
            do {
                elements.append(try container.decode(Element.self))
            } catch let error as DecodingError {
                collector.rollBack(to: mark)
                collector.record(error, effect: .skipped)
                _ = try? container.decode(AnyJSON.self)
                if container.currentIndex == index { throw error }
            }
        }
    }
}

/// Any JSON value, read and thrown away.
struct AnyJSON: Decodable {
    init(from decoder: any Decoder) throws {}
}

extension KeyedDecodingContainer {
    /// Decodes an optional field; when it has the wrong type and the decoder collects issues,
    /// reports it as ``RecordIssue/Effect/fieldBlanked`` and returns `nil` instead of failing the record.
    /// - Throws: The `DecodingError` when no ``IssueCollector`` is installed.
    func decodeLeniently<T: Decodable>(_ type: T.Type, forKey key: Key, in decoder: any Decoder) throws -> T? {
        do {
            return try decodeIfPresent(type, forKey: key)
        } catch let error as DecodingError {
            guard let collector = IssueCollector.from(decoder) else { throw error }
            collector.record(error, effect: .fieldBlanked)
            return nil
        }
    }
}
