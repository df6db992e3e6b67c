import Foundation

/// Decodes one record from its own bytes with the same lenient rules, and the same issue
/// texts, as decoding the whole file (``JSONDecoding/decodeReportingIssues(_:from:location:root:)``
/// through ``LenientArray``): a bad required member skips the record, a bad optional one is
/// blanked; issue paths are the record's place in the file (`posts[7].title`).
enum RecordDecoding {
    /// The record, or `nil` when it is skipped, with the issues it caused.
    /// - Parameters:
    ///   - bytes: The record's JSON value (its ``RecordSpan`` of the file).
    ///   - path: Its place in the file without `$`, such as `comments[12]`.
    ///   - location: The file, for each issue's `location`.
    static func decode<Record: Decodable>(
        _ type: Record.Type, from bytes: Data, path: String, location: String
    ) -> (record: Record?, issues: [RecordIssue]) {
        let collector = IssueCollector(location: location, root: "")
        let decoder = JSONDecoder()
        decoder.userInfo = [IssueCollector.key: collector]
        do {
            let record = try decoder.decode(Record.self, from: bytes)
            return (record, collector.issues.map { rebased($0, onto: path) })
        } catch let error as DecodingError {
            collector.rollBack(to: 0)
            collector.record(error, effect: .skipped)
            var issues = collector.issues.map { rebased($0, onto: path) }
            if case let .dataCorrupted(context) = error, context.codingPath.isEmpty {
                issues = [RecordIssue(path: path, reason: notJSONReason(context, bytes: bytes), effect: .skipped, location: location)]
            }
            return (nil, issues)
        } catch {
            let reason = JSONDecoding.singleLine((error as NSError).localizedDescription)
            return (nil, [RecordIssue(path: path, reason: reason, effect: .skipped, location: location)])
        }
    }

    /// The issue for a record whose bytes are not UTF-8: `not valid UTF-8 (line 3, column 61)`,
    /// the position being the first bad byte's in the file (`recordStart` is the record's offset
    /// in `file`, whose earlier bytes give the line).
    static func badUTF8Issue(path: String, record: Data, recordStart: Int, file: MappedFile, location: String) -> RecordIssue {
        let bad = firstInvalidUTF8(in: record) ?? 0
        let (line, column) = TextPosition.lineAndColumn(of: recordStart + bad, in: file)
        return RecordIssue(
            path: path, reason: "not valid UTF-8 (line \(line), column \(column))", effect: .skipped, location: location)
    }

    /// `users[3]` + `name` → `users[3].name`; `""` → `users[3]`; `["a b"]` → `users[3]["a b"]`.
    private static func rebased(_ issue: RecordIssue, onto path: String) -> RecordIssue {
        var issue = issue
        if issue.path.isEmpty {
            issue.path = path
        } else if issue.path.hasPrefix("[") {
            issue.path = path + issue.path
        } else {
            issue.path = path + "." + issue.path
        }
        return issue
    }

    /// Words for a record the JSON parser refused: the parser's own message when it gave one
    /// (a lone surrogate: "Unexpected end of file during string parse (expected low-surrogate code point …)").
    private static func notJSONReason(_ context: DecodingError.Context, bytes: Data) -> String {
        if let underlying = context.underlyingError,
            let message = (underlying as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        {
            return "not valid JSON: " + JSONDecoding.singleLine(message)
        }
        if String(data: bytes, encoding: .utf8) == nil { return "not valid UTF-8" }
        return "not valid JSON: " + JSONDecoding.singleLine(context.debugDescription)
    }

    /// Offset of the first byte that does not start or continue valid UTF-8, or `nil`.
    static func firstInvalidUTF8(in data: Data) -> Int? {
        data.withUnsafeBytes { raw -> Int? in
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = raw.bindMemory(to: UInt8.self).makeIterator()
            var offset = 0
            while true {
                switch parser.parseScalar(from: &iterator) {
                case let .valid(scalar): offset += scalar.count
                case .emptyInput: return nil
                case .error: return offset
                }
            }
        }
    }
}

/// Line and column of a byte offset, counted as ``JSONDecoding`` counts them in its errors
/// (lines from 1 at each `\n`, columns from 1 in characters).
enum TextPosition {
    static func lineAndColumn(of offset: Int, in file: MappedFile) -> (line: Int, column: Int) {
        guard let base = file.base else { return (1, 1) }
        return lineAndColumn(of: offset, in: UnsafeBufferPointer(start: base, count: file.length))
    }

    /// As for a file, in a response body (a REST answer's record that is not UTF-8).
    static func lineAndColumn(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        data.withUnsafeBytes { lineAndColumn(of: offset, in: $0.bindMemory(to: UInt8.self)) }
    }

    private static func lineAndColumn(of offset: Int, in all: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let end = min(offset, all.count)
        let bytes = UnsafeBufferPointer(rebasing: all[0..<end])
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]), as: UTF8.self).count + 1
        return (line, column)
    }
}
