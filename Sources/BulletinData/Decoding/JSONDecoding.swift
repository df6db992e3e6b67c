import Foundation

/// Decodes JSON with `JSONDecoder` and reports failures as ``DataError/malformedJSON(path:location:reason:)``.
///
/// The error names where the document came from (a URL or file path), the JSON path of the
/// offending value (`$[3].address.geo.lat`, `$.users[2].email`, or `$` for the whole
/// document) and a one-line reason in words, never a Swift type name: `expected a string but
/// found a number`, `expected an object but found null`. Bodies that are not JSON at all get a
/// plain reason before the parser is asked: `empty body` for empty or blank data, `HTML where
/// JSON was expected` when the first non-blank character is `<`.
public enum JSONDecoding {
    // MARK: - API

    /// Decodes `data` as a `T`.
    ///
    /// - Parameters:
    ///   - type: The type to decode, such as `[User].self`.
    ///   - data: The raw body or file contents (UTF-8 JSON).
    ///   - location: The URL or file path the data came from; it goes into the error.
    /// - Returns: The decoded value.
    /// - Throws: ``DataError/malformedJSON(path:location:reason:)``.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, location: String) throws(DataError) -> T {
        try decode(type, from: data, location: location, userInfo: [:])
    }

    private static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, location: String, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws(DataError) -> T {
        if let reason = notJSONReason(data) {
            throw .malformedJSON(path: "$", location: location, reason: reason)
        }
        do {
            let decoder = JSONDecoder()
            decoder.userInfo = userInfo
            return try decoder.decode(T.self, from: data)
        } catch let error as DecodingError {
            throw malformed(error, data: data, location: location)
        } catch {
            throw .malformedJSON(path: "$", location: location, reason: "the JSON could not be read")
        }
    }

    /// Decodes `data` as a `T` whose lists may skip bad records (``DataSet``, ``LenientArray``),
    /// and returns the records or fields that were left out.
    ///
    /// - Parameters:
    ///   - root: The name a top-level array gets in issue paths (`users` → `users[3].email`).
    /// - Returns: The decoded value and the issues, in document order.
    /// - Throws: ``DataError/malformedJSON(path:location:reason:)`` when the document as a whole
    ///   cannot be read (not JSON, wrong top-level shape).
    public static func decodeReportingIssues<T: Decodable>(
        _ type: T.Type, from data: Data, location: String, root: String = "records"
    ) throws(DataError) -> (value: T, issues: [RecordIssue]) {
        let collector = IssueCollector(location: location, root: root)
        let value = try decode(type, from: data, location: location, userInfo: [IssueCollector.key: collector])
        return (value, collector.issues)
    }

    /// Decodes a top-level JSON array of records, skipping (and reporting) the ones that do not decode.
    ///
    /// With `splittingUnreadable` (a REST answer), an array that does not parse as a whole (one
    /// record holds bytes that are not UTF-8, a lone surrogate, a raw control character) is split
    /// into its elements and each decoded on its own, as a db.json's records are by its index
    /// (``RecordDecoding``): the bad record is skipped and reported (`users[4] not valid UTF-8
    /// (line 61, column 17)`), the rest kept. Without it such a document is refused whole.
    /// - Parameters:
    ///   - root: The collection's name for issue paths, such as `users`.
    ///   - splittingUnreadable: Whether to decode record by record when the whole does not parse (default `false`).
    /// - Throws: ``DataError/malformedJSON(path:location:reason:)`` when the document is not a
    ///   JSON array, or does not parse (with `splittingUnreadable`: cannot be split into records).
    public static func decodeRecords<Record: Decodable & Sendable>(
        _ type: Record.Type, from data: Data, location: String, root: String, splittingUnreadable: Bool = false
    ) throws(DataError) -> RecordList<Record> {
        do throws(DataError) {
            let (list, issues) = try decodeReportingIssues(LenientArray<Record>.self, from: data, location: location, root: root)
            return RecordList(records: list.elements, issues: issues)
        } catch {
            guard splittingUnreadable, case .malformedJSON(path: "$", _, _) = error,
                  let list = recordByRecord(type, from: data, location: location, root: root) else { throw error }
            return list
        }
    }

    /// The elements of the top-level array in `data`, each decoded on its own; `nil` when the
    /// bytes are not one array whose elements can be told apart.
    private static func recordByRecord<Record: Decodable & Sendable>(
        _ type: Record.Type, from data: Data, location: String, root: String
    ) -> RecordList<Record>? {
        // The scanner names a top-level array's spans by a kind; `users` only labels them here.
        let spans = data.withUnsafeBytes { try? RecordSpanScanner.scan($0, fileName: RecordKind.user.rawValue) }
        guard let spans, spans.rootIsArray, let elements = spans.collections[.user]?.elements else { return nil }
        var list = RecordList<Record>(records: [])
        for (index, element) in elements.enumerated() {
            let bytes = data.subdata(in: (data.startIndex + element.start)..<(data.startIndex + element.end))
            let path = "\(root)[\(index)]"
            if let bad = RecordDecoding.firstInvalidUTF8(in: bytes) {
                let (line, column) = TextPosition.lineAndColumn(of: element.start + bad, in: data)
                list.issues.append(RecordIssue(path: path, reason: "not valid UTF-8 (line \(line), column \(column))",
                                               effect: .skipped, location: location))
                continue
            }
            let (record, issues) = RecordDecoding.decode(type, from: bytes, path: path, location: location)
            if let record { list.records.append(record) }
            list.issues += issues
        }
        return list
    }

    /// The JSON path for a `Codable` coding path: `$`, then `.key` for object members
    /// (`["key"]` when the key is not a plain identifier) and `[n]` for array elements.
    ///
    /// - Parameter codingPath: A coding path as found in a `DecodingError.Context`.
    /// - Returns: A path such as `$.users[1].address.geo.lat`.
    public static func path(for codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "$") { path, key in
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == "\(index)" {
                path += "[\(index)]"
            } else if isIdentifier(key.stringValue) {
                path += ".\(key.stringValue)"
            } else {
                let escaped = key.stringValue.replacingOccurrences(of: "\"", with: "\\\"")
                path += "[\"\(escaped)\"]"
            }
        }
    }

    // MARK: - Private

    /// A reason for data that is plainly not JSON, or `nil` to let the parser decide.
    private static func notJSONReason(_ data: Data) -> String? {
        let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard let first = data.first(where: { !blanks.contains($0) }) else { return "empty body" }
        return first == UInt8(ascii: "<") ? "HTML where JSON was expected" : nil
    }

    /// Turns a `DecodingError` into `malformedJSON` with the path of the value that failed.
    private static func malformed(_ error: DecodingError, data: Data, location: String) -> DataError {
        let codingPath: [any CodingKey]
        let reason: String
        switch error {
        case let .typeMismatch(type, context):
            codingPath = context.codingPath
            reason = "expected \(words(for: type))" + (found(in: context.debugDescription).map { " but found \($0)" } ?? "")
        case let .valueNotFound(type, context):
            codingPath = context.codingPath
            reason = "expected \(words(for: type)) but found " + (context.debugDescription.contains("null") ? "null" : "nothing")
        case let .keyNotFound(key, context):
            codingPath = context.codingPath + [key]
            reason = "missing key \"\(key.stringValue)\""
        case let .dataCorrupted(context):
            codingPath = context.codingPath
            reason = corruptionReason(context, data: data)
        @unknown default:
            codingPath = []
            reason = "the JSON does not have the shape expected"
        }
        return .malformedJSON(path: path(for: codingPath), location: location, reason: singleLine(reason))
    }

    /// The coding path of the value that failed and a few words on why, for ``RecordIssue``:
    /// `missing`, `null`, `wrong type (expected a string)`.
    static func shortReason(for error: DecodingError) -> (codingPath: [any CodingKey], reason: String) {
        switch error {
        case let .typeMismatch(type, context):
            return (context.codingPath, "wrong type (expected \(words(for: type)))")
        case let .valueNotFound(_, context):
            return (context.codingPath, "null")
        case let .keyNotFound(key, context):
            return (context.codingPath + [key], "missing")
        case let .dataCorrupted(context):
            return (context.codingPath, singleLine(context.debugDescription))
        @unknown default:
            return ([], "unreadable")
        }
    }

    /// The reason given when a document that parses cannot be read because a number does not fit.
    static let numberDoesNotFit = "a number does not fit where it is (a fraction or a number too large where a whole number belongs)"

    /// What a value of `type` is in JSON's words, for error text: `a string`, `a whole number`,
    /// `a number`, `true or false`, `an object` (dictionaries and records), `an array`, `an id
    /// (a whole number or a string)`. Never a Swift type name (`Dictionary<String, Any>`).
    static func words(for type: Any.Type) -> String {
        var name = String(describing: type)
        while name.hasPrefix("Optional<"), name.hasSuffix(">") { name = String(name.dropFirst(9).dropLast()) }
        if name.hasPrefix("Dictionary") || name.hasPrefix("[") && name.contains(":") { return "an object" }
        if name.hasPrefix("Array") || name.hasPrefix("[") || name.hasPrefix("LenientArray") { return "an array" }
        switch name {
        case "String", "Substring", "Character", "URL": return "a string"
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": return "a whole number"
        case "Double", "Float", "Decimal", "CGFloat", "Float80": return "a number"
        case "Bool": return "true or false"
        case "RecordID": return "an id (a whole number or a string)"
        default: return "an object"
        }
    }

    /// What the parser found instead, in words, read from Foundation's message
    /// (`Expected to decode Int but found a string instead.` → `a string`); `nil` when the
    /// message does not say.
    static func found(in message: String) -> String? {
        guard let start = message.range(of: "but found ") else { return nil }
        let rest = message[start.upperBound...]
        let phrase = (rest.range(of: " instead").map { rest[..<$0.lowerBound] } ?? rest)
            .trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        switch phrase.lowercased() {
        case "a string", "string": return "a string"
        case "number", "a number": return "a number"
        case "bool", "a bool", "boolean": return "true or false"
        case "a dictionary", "dictionary", "an object", "object": return "an object"
        case "an array", "array": return "an array"
        case "null", "null value", "a null value": return "null"
        default: return nil
        }
    }

    /// The parser's own message when there is one ("Unexpected end of file…"), else the context's.
    ///
    /// On Linux `JSONDecoder` drops the parser's message, so for a document that does not
    /// parse at all the data is parsed again with `JSONSerialization` to recover it.
    private static func corruptionReason(_ context: DecodingError.Context, data: Data) -> String {
        if let underlying = context.underlyingError,
            let message = (underlying as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        {
            return withLineAndColumn(message, in: data)
        }
        guard context.codingPath.isEmpty else { return context.debugDescription }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            // The document parses: on Linux a number that does not fit its field (1.5 or 1e400
            // where a whole number belongs) is reported as "not valid JSON", with no path.
            return Self.numberDoesNotFit
        } catch {
            if let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String {
                return withLineAndColumn(message, in: data)
            }
        }
        return context.debugDescription
    }

    /// Adds `(line L, column C)` to a message that names a byte offset ("around character 812").
    /// A message about the end of the file ("Unexpected end of file") gets the position of the end.
    private static func withLineAndColumn(_ message: String, in data: Data) -> String {
        let offset: Int
        if let range = message.range(of: "character "),
            let number = Int(message[range.upperBound...].prefix(while: \.isNumber)), number <= data.count
        {
            offset = number
        } else if message.localizedCaseInsensitiveContains("end of file"), !message.contains("surrogate") {
            // A lone surrogate is reported as "end of file … expected low-surrogate": not at the end.
            offset = data.count
        } else {
            return message
        }
        let before = data.prefix(offset)
        let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
        let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
        return "\(message) (line \(line), column \(column))"
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else {
            return false
        }
        return text.unicodeScalars.allSatisfy { $0 == "_" || CharacterSet.alphanumerics.contains($0) }
    }

    /// Collapses runs of whitespace (including newlines) to one space and trims the ends.
    static func singleLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
