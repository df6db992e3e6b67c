/// One change to a `db.json` as a splice: the new file is the old file's bytes before
/// ``range``, then ``replacement``, then the old bytes after ``range``. Only the record
/// concerned is (re)written, in the file's own layout (indent, CRLF or LF, one line); every
/// other byte stays as it was (``FileSaver`` copies them straight from the old file).
struct RecordSplice: Sendable {
    /// The old bytes replaced (empty for an insertion).
    var range: Range<Int>
    /// Their new text, UTF-8.
    var replacement: [UInt8]
    /// Where the records lie in the new file.
    var spans: RecordSpans
    /// The record as stored (a created one with its new id); `nil` after a delete.
    var stored: Record?

    /// The bytes of the old file in a range (`pread` of the file, or an array in tests).
    typealias Reader = (Range<Int>) throws(DataError) -> [UInt8]

    /// Plans `change` on the file whose records lie at `spans`.
    /// - Parameters:
    ///   - old: For an update, the record as Bulletin read it (members that did not change
    ///     between it and the new record keep their text); `nil` when it could not be read.
    ///   - ordinal: For an update or delete, which of the records sharing the id is meant
    ///     (0 = the first in the file).
    ///   - location: The file, for errors.
    /// - Throws: ``DataError/notFound(_:location:)`` when no record has the id,
    ///   ``DataError/unwritableFile(path:reason:)`` when the file's shape does not allow the
    ///   change, ``DataError/malformedJSON(path:location:reason:)`` when the record's text
    ///   does not parse.
    static func plan(
        _ change: RecordChange, spans: consuming RecordSpans, old: Record?, ordinal: Int = 0, location: String,
        read: @escaping Reader
    ) throws(DataError) -> RecordSplice {
        var planner = Planner(spans: consume spans, location: location, read: read)
        switch change {
        case let .create(record): return try planner.create(record, keepingID: false)
        case let .restore(record): return try planner.create(record, keepingID: true)
        case let .update(record): return try planner.update(record, old: old, ordinal: ordinal)
        case let .delete(kind, id): return try planner.delete(kind, id: id, ordinal: ordinal)
        }
    }
}

/// Works out one splice; reads only the bytes around the record concerned.
private struct Planner {
    var spans: RecordSpans
    let location: String
    let read: RecordSplice.Reader

    // MARK: - Changes

    mutating func update(_ record: Record, old: Record?, ordinal: Int) throws(DataError) -> RecordSplice {
        let collection = try self.collection(record.kind, record.label)
        guard let position = spans.index(of: record.id, in: record.kind, ordinal: ordinal) else {
            throw .notFound(record.label, location: location)
        }
        let element = collection.elements[position]
        let bytes = try read(element.start..<element.end)
        let raw: JSONValue
        do throws(JSONValue.ParseError) {
            raw = try JSONValue.parse(bytes)
        } catch {
            throw .malformedJSON(path: "\(record.kind.rawValue)[\(position)]", location: location, reason: error.description)
        }
        let before = old.map(RecordJSON.value(of:)) ?? .null
        let value = RecordJSON.applying(from: before, to: RecordJSON.value(of: record), onto: raw)
        let indent = try lineIndent(before: element.start)
        let style = try style(Layout.style(of: bytes, indent: indent))
        let text = value.printed(style: style, indent: indent)
        let range = element.start..<element.end
        spans.shift(range, by: text.count - range.count)
        spans.collections[record.kind]?.elements[position].end = element.start + text.count
        return RecordSplice(range: range, replacement: text, spans: spans, stored: record)
    }

    mutating func delete(_ kind: RecordKind, id: RecordID, ordinal: Int) throws(DataError) -> RecordSplice {
        let collection = try self.collection(kind, "\(kind.singular) \(id)")
        guard let position = spans.index(of: id, in: kind, ordinal: ordinal) else {
            throw .notFound("\(kind.singular) \(id)", location: location)
        }
        let elements = collection.elements
        let range: Range<Int> =
            if elements.count == 1 { collection.open + 1..<collection.close }
            else if position > 0 { elements[position - 1].end..<elements[position].end }
            else { elements[0].start..<elements[1].start }
        spans.collections[kind]?.elements.remove(at: position)
        spans.shift(range, by: -range.count)
        return RecordSplice(range: range, replacement: [], spans: spans, stored: nil)
    }

    /// Appends `record` before the collection's closing bracket: with a new id (the largest
    /// integer id + 1, a string when the last record's id is one), or, `keepingID` (undo of a
    /// delete), under its own id unless another record has it now.
    mutating func create(_ record: Record, keepingID: Bool) throws(DataError) -> RecordSplice {
        let existing = try self.existingCollection(record.kind)
        var stored = record
        var idAsString = false
        if !keepingID || spans.index(of: record.id, in: record.kind) != nil {
            let elements = existing?.elements ?? []
            let largest = elements.compactMap { $0.id.flatMap { Int($0) } }.max() ?? 0
            stored = record.with(id: RecordID(largest + 1))
            idAsString = elements.last?.idIsString == true
        }
        var value = RecordJSON.compacted(RecordJSON.value(of: stored))
        if idAsString, case var .object(members) = value, let position = members.firstIndex(where: { $0.key == "id" }) {
            members[position].value = .string(stored.id.text)
            value = .object(members)
        }
        let newElement = RecordSpans.Element(start: 0, end: 0, id: stored.id.text, idIsString: idAsString || stored.id.number == nil)
        guard let existing else { return try addCollection(record.kind, holding: value, element: newElement, stored: stored) }
        let splice: (range: Range<Int>, prefix: [UInt8], text: [UInt8], suffix: [UInt8])
        if let last = existing.elements.last {
            let indent = try lineIndent(before: last.start)
            let lastBytes = try read(last.start..<last.end)
            let style = try style(Layout.style(of: lastBytes, indent: indent))
            let separator = try separator(in: existing)
            splice = (last.end..<last.end, separator, value.printed(style: style, indent: indent), [])
        } else {
            let style = try fileStyle()
            let outer = try lineIndent(before: existing.open)
            let inner = style.newline.isEmpty ? outer : outer + style.indent
            let text = value.printed(style: style, indent: inner)
            splice = style.newline.isEmpty ? (existing.open + 1..<existing.close, [], text, [])
                : (existing.open + 1..<existing.close, style.newline + inner, text, style.newline + outer)
        }
        let replacement = splice.prefix + splice.text + splice.suffix
        spans.shift(splice.range, by: replacement.count - splice.range.count)
        var element = newElement
        element.start = splice.range.lowerBound + splice.prefix.count
        element.end = element.start + splice.text.count
        spans.collections[record.kind]?.elements.append(element)
        return RecordSplice(range: splice.range, replacement: replacement, spans: spans, stored: stored)
    }

    // MARK: - Collections

    /// The collection of `kind`, which must be in the file (else `what` is not found).
    private func collection(_ kind: RecordKind, _ what: String) throws(DataError) -> RecordSpans.Collection {
        guard let collection = try existingCollection(kind) else { throw .notFound(what, location: location) }
        return collection
    }

    /// The collection of `kind`; `nil` when a db.json object has no such member yet.
    /// - Throws: ``DataError/unwritableFile(path:reason:)`` when the file cannot hold `kind`.
    private func existingCollection(_ kind: RecordKind) throws(DataError) -> RecordSpans.Collection? {
        if spans.rootIsArray {
            guard let (only, collection) = spans.collections.first else {
                throw .unwritableFile(path: location, reason: "a top-level array whose file name does not start with users, posts or comments")
            }
            guard only == kind else { throw .unwritableFile(path: location, reason: "the file holds only \(only.rawValue)") }
            return collection
        }
        if spans.notArrays.contains(kind) {
            throw .unwritableFile(path: location, reason: "its \"\(kind.rawValue)\" member is not an array")
        }
        return spans.collections[kind]
    }

    /// Adds `"kind": [value]` as the root object's last member.
    private mutating func addCollection(
        _ kind: RecordKind, holding value: JSONValue, element: RecordSpans.Element, stored: Record
    ) throws(DataError) -> RecordSplice {
        let style = try fileStyle()
        let range: Range<Int>
        var prefix: [UInt8]
        let indent: [UInt8]
        var suffix: [UInt8] = []
        if let last = spans.rootMembers.last {
            range = last.valueEnd..<last.valueEnd
            indent = try lineIndent(before: last.keyStart)
            if spans.rootMembers.count >= 2 {
                prefix = try read(spans.rootMembers[spans.rootMembers.count - 2].valueEnd..<last.keyStart)
            } else {
                prefix = try [UInt8(ascii: ",")] + read(spans.rootOpen + 1..<last.keyStart)
            }
            if !Layout.isSeparator(prefix) { prefix = [UInt8(ascii: ",")] + style.newline + indent }
        } else {
            range = spans.rootOpen + 1..<spans.rootClose
            indent = style.newline.isEmpty ? [] : style.indent
            prefix = style.newline + indent
            suffix = style.newline
        }
        let inner = style.newline.isEmpty ? indent : indent + style.indent
        var member: [UInt8] = []
        JSONValue.writeString(kind.rawValue, to: &member)
        member += style.colon
        let open = range.lowerBound + prefix.count + member.count
        member += [UInt8(ascii: "[")] + (style.newline.isEmpty ? [] : style.newline + inner)
        let elementStart = range.lowerBound + prefix.count + member.count
        let text = value.printed(style: style, indent: inner)
        member += text + (style.newline.isEmpty ? [] : style.newline + indent) + [UInt8(ascii: "]")]
        let close = range.lowerBound + prefix.count + member.count - 1
        let replacement = prefix + member + suffix
        spans.shift(range, by: replacement.count - range.count)
        var placed = element
        placed.start = elementStart
        placed.end = elementStart + text.count
        spans.collections[kind] = .init(open: open, close: close, elements: [placed])
        spans.rootMembers.append(.init(keyStart: range.lowerBound + prefix.count, valueEnd: close + 1))
        return RecordSplice(range: range, replacement: replacement, spans: spans, stored: stored)
    }

    /// What goes between the last element and a new one: the bytes between the last two
    /// elements, or `,` and the bytes between `[` and the only one.
    private func separator(in collection: RecordSpans.Collection) throws(DataError) -> [UInt8] {
        let elements = collection.elements
        let bytes: [UInt8] = if elements.count >= 2 {
            try read(elements[elements.count - 2].end..<elements[elements.count - 1].start)
        } else {
            try [UInt8(ascii: ",")] + read(collection.open + 1..<elements[0].start)
        }
        return Layout.isSeparator(bytes) ? bytes : [UInt8(ascii: ","), UInt8(ascii: " ")]
    }

    // MARK: - Layout

    /// The indentation of the line holding `offset`: its leading spaces and tabs.
    private func lineIndent(before offset: Int) throws(DataError) -> [UInt8] {
        let from = max(spans.bomLength, offset - 4096)
        let before = try read(from..<offset)
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return Array(before[lineStart...].prefix { $0 == 0x20 || $0 == 0x09 })
    }

    /// `detected`, or the file's style when the text was too short to tell.
    private func style(_ detected: JSONStyle?) throws(DataError) -> JSONStyle {
        if let detected { return detected }
        return try fileStyle()
    }

    /// The layout of the file as a whole, from its first lines (json-server's when it has none).
    private func fileStyle() throws(DataError) -> JSONStyle {
        let head = try read(spans.rootOpen..<min(spans.size, spans.rootOpen + 4096))
        return Layout.style(of: head, indent: []) ?? .jsonServer
    }
}
