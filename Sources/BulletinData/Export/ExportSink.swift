import Foundation

/// Where an export's bytes go as they are made: a 1 MiB buffer handed to `flush` each time it
/// fills, so an export of any size holds one buffer, never the whole file, and no `String` is
/// built per record. Appends are `memcpy`s into the buffer.
struct ExportSink {
    private final class Buffer {
        let start = UnsafeMutablePointer<UInt8>.allocate(capacity: ExportSink.capacity)
        var used = 0
        deinit { start.deallocate() }
    }

    private static let capacity = 1 << 20
    private let buffer = Buffer()
    private let flush: (UnsafeRawBufferPointer) -> Bool
    /// `false` once a flush failed (`errno` tells why); later bytes are dropped.
    private(set) var ok = true
    /// Bytes accepted so far.
    private(set) var count = 0

    /// - Parameter flush: Writes one buffer's bytes; `false` when it could not.
    init(flush: @escaping (UnsafeRawBufferPointer) -> Bool) {
        self.flush = flush
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if buffer.used == Self.capacity { drain() }
        buffer.start[buffer.used] = byte
        buffer.used += 1
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard var source = bytes.baseAddress else { return }
        var left = bytes.count
        count += left
        while left > 0 {
            if buffer.used == Self.capacity { drain() }
            let chunk = min(left, Self.capacity - buffer.used)
            (buffer.start + buffer.used).update(from: source, count: chunk)
            buffer.used += chunk
            source += chunk
            left -= chunk
        }
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends a string's UTF-8 bytes as they are.
    mutating func append(raw text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Hands the rest to `flush`; returns whether every flush succeeded.
    mutating func finish() -> Bool {
        drain()
        return ok
    }

    private mutating func drain() {
        if ok, buffer.used > 0 { ok = flush(UnsafeRawBufferPointer(start: buffer.start, count: buffer.used)) }
        buffer.used = 0
    }
}
