@testable import BulletinData

/// The reference for splice saves (issue 13): the whole file parsed into ``JSONValue``, the
/// change applied, everything printed again, as saves worked before they spliced. Property
/// tests compare a splice's result with this one's, value for value.
///
/// A json-server `db.json` document being edited: `{"users": [...], "posts": [...], ...}`, or
/// one top-level array whose file name (`users…`, `posts…`, `comments…`) says what it holds.
///
/// Every member and field is kept as read (``JSONValue``); create, update and delete change
/// only the record concerned, as json-server does.
struct DBDocument {
    /// Why an edit could not be applied; turned into a ``DataError`` naming the file.
    enum EditError: Error {
        case notFound(String)
        case unsupported(String)
    }

    // MARK: - Properties

    /// The whole document.
    private(set) var root: JSONValue
    /// The kind a top-level array holds, from the file name; `nil` for a db.json object.
    private let arrayKind: RecordKind?

    // MARK: - Init

    /// - Parameter fileName: The file's name, used when the document is a top-level array.
    /// - Throws: ``EditError/unsupported(_:)`` when the root is neither an object nor such an array.
    init(root: JSONValue, fileName: String) throws(EditError) {
        self.root = root
        switch root {
        case .object: arrayKind = nil
        case .array:
            let name = fileName.lowercased()
            guard let kind = RecordKind.allCases.first(where: { name.hasPrefix($0.rawValue) }) else {
                throw .unsupported("a top-level array whose file name does not start with users, posts or comments")
            }
            arrayKind = kind
        default: throw .unsupported("not a db.json object")
        }
    }

    // MARK: - API

    /// Appends `record` with a new id: the largest numeric id of its collection + 1 (1 for an
    /// empty one), a number unless the collection's last id is a string.
    /// - Returns: The record as stored.
    mutating func create(_ record: Record) throws(EditError) -> Record {
        var elements = try collection(record.kind)
        let largest = elements.compactMap { Self.idText($0["id"]).flatMap { Int($0) } }.max() ?? 0
        let stored = record.with(id: RecordID(largest + 1))
        var value = RecordJSON.compacted(RecordJSON.value(of: stored))
        if case .string? = elements.last?["id"], case var .object(members) = value,
            let position = members.firstIndex(where: { $0.key == "id" })
        {
            members[position].value = .string(String(largest + 1))
            value = .object(members)
        }
        elements.append(value)
        setCollection(record.kind, elements)
        return stored
    }

    /// Appends `record` under its own id, as it was before a delete (undo), so the posts of a
    /// restored user and the comments of a restored post point at it again; when another
    /// record has taken that id meanwhile, it gets a new one as in ``create(_:)``.
    /// - Returns: The record as stored.
    mutating func restore(_ record: Record) throws(EditError) -> Record {
        var elements = try collection(record.kind)
        guard index(of: record.id, in: elements) == nil else { return try create(record) }
        elements.append(RecordJSON.compacted(RecordJSON.value(of: record)))
        setCollection(record.kind, elements)
        return record
    }

    /// Replaces the first record with `record.id`, changing only the members that differ from
    /// `old` (the record as Bulletin read it; `nil` when it could not be read).
    /// - Throws: ``EditError/notFound(_:)`` when the collection has no such id.
    mutating func update(_ record: Record, old: Record?) throws(EditError) {
        var elements = try collection(record.kind)
        guard let position = index(of: record.id, in: elements) else { throw .notFound(record.label) }
        let before = old.map(RecordJSON.value(of:)) ?? .null
        elements[position] = RecordJSON.applying(from: before, to: RecordJSON.value(of: record), onto: elements[position])
        setCollection(record.kind, elements)
    }

    /// Removes the first record of `kind` with `id`; other collections are left alone.
    /// - Throws: ``EditError/notFound(_:)`` when there is none.
    mutating func delete(_ kind: RecordKind, id: RecordID) throws(EditError) {
        var elements = try collection(kind)
        guard let position = index(of: id, in: elements) else { throw .notFound("\(kind.singular) \(id)") }
        elements.remove(at: position)
        setCollection(kind, elements)
    }

    // MARK: - Private

    private func index(of id: RecordID, in elements: [JSONValue]) -> Int? {
        elements.firstIndex { Self.idText($0["id"]) == id.text }
    }

    /// An id as ``RecordID`` text: a string as is, a number as the integer it spells.
    private static func idText(_ value: JSONValue?) -> String? {
        switch value {
        case let .string(text)?: text
        case let .number(text)?: RecordSpans.integerText(ofNumber: Array(text.utf8))
        default: nil
        }
    }

    /// The records of `kind`; empty when the object has no such member yet.
    private func collection(_ kind: RecordKind) throws(EditError) -> [JSONValue] {
        if let arrayKind {
            guard arrayKind == kind, case let .array(elements) = root else {
                throw .unsupported("the file holds only \(arrayKind.rawValue)")
            }
            return elements
        }
        switch root[kind.rawValue] {
        case nil: return []
        case let .array(elements)?: return elements
        default: throw .unsupported("its \"\(kind.rawValue)\" member is not an array")
        }
    }

    private mutating func setCollection(_ kind: RecordKind, _ elements: [JSONValue]) {
        guard arrayKind == nil, case var .object(members) = root else {
            root = .array(elements)
            return
        }
        if let position = members.firstIndex(where: { $0.key == kind.rawValue }) {
            members[position].value = .array(elements)
        } else {
            members.append(.init(key: kind.rawValue, value: .array(elements)))
        }
        root = .object(members)
    }
}
