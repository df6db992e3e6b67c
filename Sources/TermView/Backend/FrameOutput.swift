/// One frame's bytes on their way to the terminal, assembled so that they leave in one
/// `write(2)`: the synchronized-update begin marker (when the terminal has one), the screen
/// update, any title change, the end marker.
///
/// Synchronized output is DEC private mode 2026 (`CSI ? 2026 h` … `CSI ? 2026 l`): a terminal
/// that knows it shows nothing of the frame until the end marker, so even a slow link never
/// shows half a frame. The markers come from the terminfo extended string `Sync` (tmux and kitty
/// define it); a terminal without it gets no markers at all. Pure Swift, so tests can check the
/// framing without a terminal.
struct FrameOutput {
    // MARK: - Properties

    /// The bytes that begin a synchronized update (empty: the terminal has none).
    let syncBegin: [UInt8]
    /// The bytes that end it (empty when ``syncBegin`` is).
    let syncEnd: [UInt8]
    /// The frame last assembled, markers included; its storage is reused from frame to frame.
    private(set) var bytes: [UInt8] = []

    // MARK: - Init

    /// Frames wrapped in `syncBegin` … `syncEnd`; both empty (or either one missing) means no
    /// markers.
    init(syncBegin: [UInt8]?, syncEnd: [UInt8]?) {
        if let syncBegin, let syncEnd, !syncBegin.isEmpty, !syncEnd.isEmpty {
            self.syncBegin = syncBegin
            self.syncEnd = syncEnd
        } else {
            self.syncBegin = []
            self.syncEnd = []
        }
    }

    // MARK: - API

    /// Whether frames are wrapped in synchronized-update markers.
    var isSynchronized: Bool { !syncBegin.isEmpty }

    /// Assembles a frame into ``bytes``: the screen update (`bodyCount` bytes that `fillBody`
    /// copies into the buffer it is given and returns how many it copied), then `trailer` (a
    /// title change), inside the markers. A frame with neither update nor trailer is empty, with
    /// no markers, so an unchanged screen sends nothing.
    mutating func assemble(bodyCount: Int, trailer: [UInt8], fillBody: (UnsafeMutableRawBufferPointer) -> Int) {
        bytes.removeAll(keepingCapacity: true)
        let count = max(0, bodyCount)
        guard count > 0 || !trailer.isEmpty else { return }
        bytes.append(contentsOf: syncBegin)
        let start = bytes.count
        // Zeros by memset (an array of them appended whole), not a byte at a time.
        bytes.append(contentsOf: [UInt8](repeating: 0, count: count))
        let filled = bytes.withUnsafeMutableBytes { buffer in
            fillBody(UnsafeMutableRawBufferPointer(rebasing: buffer[start..<(start + count)]))
        }
        bytes.removeLast(count - min(count, max(0, filled)))
        if filled <= 0, trailer.isEmpty {
            bytes.removeAll(keepingCapacity: true)
            return
        }
        bytes.append(contentsOf: trailer)
        bytes.append(contentsOf: syncEnd)
    }

    /// Sends ``bytes`` through `write` (a `write(2)`-like call: bytes written, or ≤ 0 on
    /// failure). One call carries the whole frame; only when the system takes part of it does a
    /// second call send the rest. Stops at the first failure.
    /// - Returns: How many times `write` was called (0 for an empty frame).
    @discardableResult
    func send(through write: (UnsafeRawBufferPointer) -> Int) -> Int {
        var calls = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                calls += 1
                let written = write(UnsafeRawBufferPointer(rebasing: buffer[offset...]))
                if written <= 0 { break }
                offset += written
            }
        }
        return calls
    }
}
