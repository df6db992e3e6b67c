import CNcurses

/// Grapheme clusters that ncurses cannot carry whole, carried past it (issue 16, item 8).
///
/// A cell of ncursesw holds at most `CCHARW_MAX` (5 in Debian's build) wide characters, and
/// `setcchar(3X)` keeps only non-spacing ones after the first, measuring the cell by
/// `wcwidth(3)` of the first: a ZWJ family (`👩‍👩‍👧`) came out as `👩‍`, a flag (two regional
/// indicators, each 1 column to `wcwidth`) as one letter and a space, and a skin tone (a
/// 2-column modifier) vanished. Such a cell is drawn instead as a placeholder of the width
/// the layout gave the cluster (``placeholder(width:)``, so ncurses keeps its columns in step)
/// followed by a marker, a private-use scalar of planes 15 and 16 that stands for the cluster
/// (``marker(for:)``). After ncurses has written the frame into the memory file of
/// ``FrameCapture``, ``substitute(in:)`` swaps each placeholder and marker for the cluster's
/// own bytes inside a fence (terminfo `sc`, the cell's width in spaces, `rc`, the cluster,
/// `rc`, `cuf` by the width), so the cursor ends where ncurses expects it whatever width
/// the terminal gives the cluster (tmux 3.3a draws a skin-tone emoji 4 columns wide and
/// `❤️` 1 column wide) and the cell's colours and attributes, already set for the
/// placeholder, apply to it.
///
/// Every cell with a scalar of the marker planes goes this way too, so in a captured frame
/// those planes hold markers only. A cluster keeps its marker for the whole run, so ncurses'
/// own comparison of old and new cells stays right.
struct ClusterMarkers {
    /// The bytes around a cluster that keep the cursor where ncurses expects it.
    struct Fence: Equatable {
        /// Saves the cursor (terminfo `sc`, DECSC `ESC 7` on tmux and xterm).
        var save: [UInt8]
        /// Restores it (terminfo `rc`, DECRC `ESC 8`).
        var restore: [UInt8]
        /// Moves the cursor 1 and 2 columns right (terminfo `cuf` with 1 and 2, `CSI 1 C`).
        var forward: [[UInt8]]

        /// The fence of this terminal from terminfo, or `nil` when it lacks `sc`, `rc` or `cuf`
        /// (then clusters are sent without one). Call after `newterm(3X)`.
        static func fromTerminfo() -> Fence? {
            func capability(_ name: String) -> [UInt8]? {
                name.withCString { bulletin_string_capability($0) }.map { Array(String(cString: $0).utf8) }
            }
            guard let save = capability("sc"), let restore = capability("rc"),
                  let one = bulletin_cursor_forward(1).map({ Array(String(cString: $0).utf8) }),
                  let two = bulletin_cursor_forward(2).map({ Array(String(cString: $0).utf8) }) else { return nil }
            return Fence(save: save, restore: restore, forward: [one, two])
        }
    }

    // MARK: - Properties

    /// How many clusters can have a marker: U+F0000–U+FFFFD and U+100000–U+10FFFD.
    static let capacity = 2 * 0xFFFE
    /// The fence written around each cluster; `nil`: the cluster's bytes alone.
    let fence: Fence?
    private var ids: [String: Int] = [:]
    private var clusters: [[UInt8]] = []

    // MARK: - Init

    /// An empty table whose substitutions use `fence`.
    init(fence: Fence?) {
        self.fence = fence
    }

    // MARK: - API

    /// Whether no cluster has a marker yet (then frames need no substitution).
    var isEmpty: Bool { clusters.isEmpty }

    /// Whether a cell of `width` columns holding `scalars` must go through a marker: more than
    /// `limit` scalars (`CCHARW_MAX`), a scalar after the first that `columns` does not
    /// measure 0 (the second regional indicator of a flag, the emoji after a ZWJ, a skin-tone
    /// modifier), a first scalar `columns` does not measure `width` (flags, `❤️` and other
    /// VS16 sequences), or a scalar of the marker planes.
    static func needsMarker(_ scalars: some Sequence<Unicode.Scalar>, width: Int, limit: Int,
                            columns: (Unicode.Scalar) -> Int) -> Bool {
        var count = 0
        for scalar in scalars {
            count += 1
            if count > limit || scalar.value >= 0xF0000 { return true }
            if count == 1 ? columns(scalar) != width : columns(scalar) != 0 { return true }
        }
        return false
    }

    /// The placeholder drawn in a marked cell: U+FFFD for 1 column, U+3000 (ideographic
    /// space) for 2; `wcwidth(3)` measures them so.
    static func placeholder(width: Int) -> Unicode.Scalar { width >= 2 ? "\u{3000}" : "\u{FFFD}" }

    /// The marker scalar of `text` (one grapheme cluster), given one on first use.
    /// - Returns: `nil` when ``capacity`` clusters already have one.
    mutating func marker(for text: String) -> Unicode.Scalar? {
        if let id = ids[text] { return Self.scalar(forID: id) }
        guard clusters.count < Self.capacity else { return nil }
        let id = clusters.count
        ids[text] = id
        clusters.append(Array(text.utf8))
        return Self.scalar(forID: id)
    }

    /// `body` (a frame's bytes as ncurses wrote them) with each placeholder and marker it
    /// holds swapped for the fenced cluster. A marker not preceded by its placeholder (which
    /// ncurses never writes) is dropped, so no private-use scalar reaches the terminal.
    func substitute(in body: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(body.count + 64)
        var index = 0
        while index < body.count {
            let byte = body[index]
            guard byte == 0xF3 || byte == 0xF4, index + 3 < body.count,
                  let (id, _) = Self.decodeMarker(body, at: index), id < clusters.count else {
                result.append(byte)
                index += 1
                continue
            }
            var width = 0
            for candidate in [2, 1] {
                let placeholder = Array(String(Self.placeholder(width: candidate)).utf8)
                if result.count >= placeholder.count, Array(result.suffix(placeholder.count)) == placeholder {
                    result.removeLast(placeholder.count)
                    width = candidate
                    break
                }
            }
            if width > 0 { appendFenced(clusters[id], width: width, to: &result) }
            index += 4
        }
        return result
    }

    // MARK: - Private

    private static func scalar(forID id: Int) -> Unicode.Scalar {
        let value = id < 0xFFFE ? 0xF0000 + UInt32(id) : 0x100000 + UInt32(id - 0xFFFE)
        return Unicode.Scalar(value)!
    }

    /// The marker id of the 4-byte UTF-8 sequence at `index`, if it encodes a scalar of the
    /// marker planes.
    private static func decodeMarker(_ bytes: [UInt8], at index: Int) -> (Int, Int)? {
        let b0 = UInt32(bytes[index]), b1 = UInt32(bytes[index + 1]), b2 = UInt32(bytes[index + 2]), b3 = UInt32(bytes[index + 3])
        guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80, b3 & 0xC0 == 0x80 else { return nil }
        let value = (b0 & 0x07) << 18 | (b1 & 0x3F) << 12 | (b2 & 0x3F) << 6 | (b3 & 0x3F)
        switch value {
        case 0xF0000..<0xFFFFE: return (Int(value - 0xF0000), 4)
        case 0x100000..<0x10FFFE: return (Int(value - 0x100000) + 0xFFFE, 4)
        default: return nil
        }
    }

    private func appendFenced(_ cluster: [UInt8], width: Int, to result: inout [UInt8]) {
        guard let fence else { return result.append(contentsOf: cluster) }
        result.append(contentsOf: fence.save)
        result.append(contentsOf: repeatElement(0x20, count: width))
        result.append(contentsOf: fence.restore)
        result.append(contentsOf: cluster)
        result.append(contentsOf: fence.restore)
        result.append(contentsOf: fence.forward[min(width, 2) - 1])
    }
}
