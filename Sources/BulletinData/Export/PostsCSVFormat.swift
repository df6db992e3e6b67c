import Foundation

/// Posts as CSV following RFC 4180: a header `id,userId,title,body`, one record per post,
/// lines ending in CRLF; a field holding a comma, a double quote, CR or LF is enclosed in
/// double quotes with its quotes doubled.
public enum PostsCSVFormat {
    /// The header row's fields.
    public static let header = ["id", "userId", "title", "body"]

    /// The whole file, UTF-8.
    public static func encode(_ posts: [Post]) -> Data {
        var output = Data()
        var sink = ExportSink { output.append(contentsOf: $0); return true }
        write(posts, to: &sink)
        _ = sink.finish()
        return output
    }

    /// Streams the file for `posts` into `sink`, field by field (no `String` per row).
    static func write(_ posts: [Post], to sink: inout ExportSink) {
        write(ExportData(users: [], posts: posts, comments: []), to: &sink)
    }

    /// Streams the file for `data`'s posts into `sink` as ``ExportRecord`` hands them over,
    /// stopping early once the sink failed.
    /// - Returns: How many posts were written.
    @discardableResult
    static func write(_ data: some ExportRecords, to sink: inout ExportSink) -> Int {
        sink.append(raw: header.joined(separator: ",") + "\r\n")
        // The members in ExportKind.post's order: body, id, title, userId.
        return data.forEach(.post) { post in
            writeField(post.text(1), to: &sink)
            sink.append(UInt8(ascii: ","))
            writeField(post.text(3), to: &sink)
            sink.append(UInt8(ascii: ","))
            writeField(post.text(2), to: &sink)
            sink.append(UInt8(ascii: ","))
            writeField(post.text(0), to: &sink)
            sink.append(UInt8(ascii: "\r"))
            sink.append(UInt8(ascii: "\n"))
            return sink.ok
        }
    }

    /// One field, quoted when it must be (RFC 4180 §2.6, §2.7).
    public static func field(_ value: String) -> String {
        var output = Data()
        var sink = ExportSink { output.append(contentsOf: $0); return true }
        writeField(value, to: &sink)
        _ = sink.finish()
        return String(decoding: output, as: UTF8.self)
    }

    private static func writeField(_ value: String, to sink: inout ExportSink) {
        var value = value
        value.withUTF8 { writeField($0, to: &sink) }
    }

    private static func writeField(_ bytes: UnsafeBufferPointer<UInt8>, to sink: inout ExportSink) {
        var needsQuotes = false
        for byte in bytes where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0D || byte == 0x0A {
            needsQuotes = true
            break
        }
        guard needsQuotes else { return sink.append(bytes) }
        sink.append(UInt8(ascii: "\""))
        var runStart = 0
        for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\"") {
            sink.append(UnsafeBufferPointer(rebasing: bytes[runStart...index]))
            sink.append(UInt8(ascii: "\""))
            runStart = index + 1
        }
        sink.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        sink.append(UInt8(ascii: "\""))
    }
}
