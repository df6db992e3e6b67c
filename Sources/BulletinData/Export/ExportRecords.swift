import CJSONIndex
import Foundation

/// The two kinds of record an export streams one at a time (users, few, are written whole).
enum ExportKind: Sendable, CaseIterable {
    case post, comment

    /// The members the export writes, in the order it writes them (key order, as json-server).
    var keys: [String] {
        switch self {
        case .post: ["body", "id", "title", "userId"]
        case .comment: ["body", "email", "id", "name", "postId"]
        }
    }

    /// Which of ``keys`` are ids (an integer or a string); the others are strings.
    var idMembers: [UInt8] {
        switch self {
        case .post: [0, 1, 0, 1]
        case .comment: [0, 0, 1, 0, 1]
        }
    }

    /// The kind's collection in a file.
    var recordKind: RecordKind {
        switch self {
        case .post: .post
        case .comment: .comment
        }
    }
}

/// One post or comment as the export formats take it: its members (``ExportKind/keys``' order)
/// as UTF-8 bytes, and its bytes in the file when they are already exactly what the db.json
/// export writes for it. Valid only during the call it is handed to.
struct ExportRecord {
    /// The members, one ``rf_field`` each: `bytes`/`length` the text, `is_integer` for ids
    /// whether it reads as an integer (the db.json export then writes it as a number).
    let fields: UnsafeBufferPointer<rf_field>
    /// The record's own bytes, when the db.json export may copy them as they are.
    let canonical: UnsafeBufferPointer<UInt8>?

    /// Member `index`'s text.
    @inline(__always)
    func text(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: fields[index].bytes, count: Int(fields[index].length))
    }

    /// Whether id member `index` is written as a number (see ``isInteger(_:)`` for a ``RecordID``).
    @inline(__always)
    func isInteger(_ index: Int) -> Bool { fields[index].is_integer != 0 }

    /// Calls `body` with `post`'s members as an ``ExportRecord`` (no canonical bytes).
    static func with<T>(_ post: Post, _ body: (ExportRecord) -> T) -> T {
        with([post.body, post.id.text, post.title, post.userId.text], integers: [false, isInteger(post.id), false, isInteger(post.userId)], body)
    }

    /// Calls `body` with `comment`'s members as an ``ExportRecord`` (no canonical bytes).
    static func with<T>(_ comment: Comment, _ body: (ExportRecord) -> T) -> T {
        with([comment.body, comment.email, comment.id.text, comment.name, comment.postId.text],
             integers: [false, false, isInteger(comment.id), false, isInteger(comment.postId)], body)
    }

    /// Whether the db.json export writes `id` as a number: when its text is an integer as Swift
    /// spells it (`42`, `-3`), so it reads back as the same text; `"+8"` or `"007"` stay strings.
    static func isInteger(_ id: RecordID) -> Bool {
        id.number.map { String($0) == id.text } ?? false
    }

    /// The texts laid end to end in one buffer, each member pointing at its part.
    private static func with<T>(_ texts: [String], integers: [Bool], _ body: (ExportRecord) -> T) -> T {
        var joined: [UInt8] = []
        var ends: [Int] = []
        for text in texts {
            joined.append(contentsOf: text.utf8)
            ends.append(joined.count)
        }
        let fields = UnsafeMutableBufferPointer<rf_field>.allocate(capacity: texts.count)
        defer { fields.deallocate() }
        return joined.withUnsafeBufferPointer { buffer in
            var start = 0
            for index in texts.indices {
                fields[index] = rf_field(
                    bytes: buffer.baseAddress.map { $0 + start }, length: UInt32(ends[index] - start), is_string: 1,
                    is_integer: integers[index] ? 1 : 0)
                start = ends[index]
            }
            return body(ExportRecord(fields: UnsafeBufferPointer(fields), canonical: nil))
        }
    }
}

/// What an export writes: every user (few, held whole), then posts and comments handed over
/// one at a time, in the source's order (so an export need not hold them all).
protocol ExportRecords {
    /// Every user, in the source's order.
    var exportUsers: [User] { get }
    /// Calls `body` with each record of `kind` in order until it returns `false`.
    /// - Returns: How many records `body` was given.
    func forEach(_ kind: ExportKind, _ body: (ExportRecord) -> Bool) -> Int
}

extension ExportData: ExportRecords {
    var exportUsers: [User] { users }

    func forEach(_ kind: ExportKind, _ body: (ExportRecord) -> Bool) -> Int {
        var count = 0
        switch kind {
        case .post:
            for post in posts {
                count += 1
                guard ExportRecord.with(post, body) else { break }
            }
        case .comment:
            for comment in comments {
                count += 1
                guard ExportRecord.with(comment, body) else { break }
            }
        }
        return count
    }
}
