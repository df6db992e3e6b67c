/// Where an export's bytes go as they are made: a 1 MiB buffer handed to `flush` each time it
/// fills, so an export of any size holds one buffer, never the whole file, and no `String` is
/// built per record.
struct ExportSink {
    private var buffer: [UInt8] = []
    private let flush: ([UInt8]) -> Bool
    /// `false` once a flush failed (`errno` tells why); later bytes are dropped.
    private(set) var ok = true
    /// Bytes accepted so far.
    private(set) var count = 0
    private static let capacity = 1 << 20

    /// - Parameter flush: Writes one buffer's bytes; `false` when it could not.
    init(flush: @escaping ([UInt8]) -> Bool) {
        self.flush = flush
        buffer.reserveCapacity(Self.capacity + 4096)
    }

    mutating func append(_ byte: UInt8) {
        buffer.append(byte)
        count += 1
        if buffer.count >= Self.capacity { drain() }
    }

    mutating func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        count += bytes.count
        if buffer.count >= Self.capacity { drain() }
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        count += bytes.count
        if buffer.count >= Self.capacity { drain() }
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
        if ok, !buffer.isEmpty { ok = flush(buffer) }
        buffer.removeAll(keepingCapacity: true)
    }
}
