#if canImport(Glibc)
import Glibc
#endif

/// Moving over JSON bytes without reading them into values: blanks, a string, a whole value.
/// For a walker over bytes in memory (`base`, `length`) at offset `at`: the db.json root's
/// members (``RecordSpans``), a collection's elements (``SQLiteImport``).
protocol JSONSkipping {
    var base: UnsafePointer<UInt8> { get }
    var length: Int { get }
    var at: Int { get set }
}

extension JSONSkipping {
    mutating func skipBlanks() {
        while at < length, base[at] == 0x20 || base[at] == 0x0A || base[at] == 0x0D || base[at] == 0x09 { at += 1 }
    }

    /// Past the string whose `"` is at `at` (a quote after an odd run of backslashes is escaped).
    mutating func skipString() -> Bool {
        var from = at + 1
        while from < length, let found = memchr(base + from, Int32(UInt8(ascii: "\"")), length - from) {
            let quote = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            var backslashes = 0
            while quote - backslashes - 1 > at, base[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 {
                at = quote + 1
                return true
            }
            from = quote + 1
        }
        return false
    }

    /// Past one value: a string, a scalar (to the next delimiter), or a container and all in it.
    mutating func skipValue() -> Bool {
        guard at < length else { return false }
        let first = base[at]
        if first == UInt8(ascii: "\"") { return skipString() }
        if first != UInt8(ascii: "{"), first != UInt8(ascii: "[") {
            while at < length {
                let byte = base[at]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
                    || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { break }
                at += 1
            }
            return true
        }
        var depth = 0
        while at < length {
            let byte = base[at]
            if byte == UInt8(ascii: "\"") {
                guard skipString() else { return false }
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 {
                    at += 1
                    return true
                }
            }
            at += 1
        }
        return false
    }
}
