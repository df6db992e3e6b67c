import CNcurses
import CTerminalSafety
import Foundation

/// Points ncurses' output at an in-memory file while it updates the screen, so one frame can be
/// read back whole and sent to the terminal in one `write(2)` (issue 14, item 5).
///
/// ncurses writes to its own descriptor (a `dup(2)` of stdout given to `newterm(3X)`) in
/// pieces: its output buffer holds (2 + `LINES`) × (6 + `COLS`) bytes (lib_set_term.c) and is
/// written out each time it fills, and `curs_set(3X)` flushes on its own, so one frame used to
/// leave as about 20 writes. For the length of an update ``capture(_:)`` `dup2(2)`s the memory
/// file onto that descriptor; afterwards the descriptor is the terminal again, so terminal-mode
/// calls (`endwin`, `def_prog_mode`) and everything outside a frame behave as before.
@MainActor
final class FrameCapture {
    // MARK: - Properties

    /// The descriptor ncurses writes to (and sets terminal modes on).
    let ncursesDescriptor: Int32
    /// Where whole frames go: stdout, the terminal.
    let terminalDescriptor: Int32
    private let memory: Int32

    // MARK: - Init

    /// Fails (`nil`) when no memory file can be made; the backend then lets ncurses write as
    /// it always did.
    init?(ncursesDescriptor: Int32, terminalDescriptor: Int32) {
        let memory = bulletin_frame_buffer_create()
        guard memory >= 0 else { return nil }
        self.memory = memory
        self.ncursesDescriptor = ncursesDescriptor
        self.terminalDescriptor = terminalDescriptor
    }

    // MARK: - API

    /// Runs `update` (ncurses calls that write) with ncurses' descriptor pointed at the memory
    /// file, then points it back at the terminal.
    /// - Returns: How many bytes ncurses wrote; read them with ``read(into:)``.
    func capture(_ update: () -> Void) -> Int {
        _ = lseek(memory, 0, SEEK_SET)
        guard dup2(memory, ncursesDescriptor) >= 0 else {
            update()   // cannot redirect: ncurses writes to the terminal itself
            return 0
        }
        update()
        let end = lseek(memory, 0, SEEK_CUR)
        _ = dup2(terminalDescriptor, ncursesDescriptor)
        return max(0, Int(end))
    }

    /// Copies the captured bytes into `buffer` (`pread(2)` from the start of the memory file).
    /// - Returns: Bytes copied.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var done = 0
        while done < buffer.count {
            let got = pread(memory, buffer.baseAddress! + done, buffer.count - done, off_t(done))
            if got <= 0 { break }
            done += got
        }
        return done
    }

    /// Writes `output`'s assembled frame to the terminal (`write(2)`); one call unless the system
    /// takes only part of it.
    func send(_ output: FrameOutput) {
        let descriptor = terminalDescriptor
        output.send { buffer in write(descriptor, buffer.baseAddress!, buffer.count) }
    }
}

extension NcursesBackend {
    /// The synchronized-update markers this terminal advertises (terminfo `Sync`), or none.
    static func frameOutput() -> FrameOutput {
        let begin = bulletin_sync_string(1).map { Array(String(cString: $0).utf8) }
        let end = bulletin_sync_string(2).map { Array(String(cString: $0).utf8) }
        return FrameOutput(syncBegin: begin, syncEnd: end)
    }

    /// Updates the screen (`wrefresh(3X)`, with the cursor moved or hidden first) and sends
    /// the frame, with any title change, in one write wrapped in the `Sync` markers; marked
    /// clusters in it are swapped for their bytes first (``ClusterMarkers/substitute(in:)``).
    func updateWhole(_ update: () -> Void, title: [UInt8]) {
        guard let frames else {
            update()
            if !title.isEmpty { Self.writeAll(title) }
            return
        }
        let count = frames.capture(update)
        if clusterMarkers.isEmpty {
            output.assemble(bodyCount: count, trailer: title) { frames.read(into: $0) }
        } else {
            // Marked clusters (NcursesBackend+Clusters.swift) get their own bytes back.
            var body = [UInt8](repeating: 0, count: count)
            let read = body.withUnsafeMutableBytes { frames.read(into: $0) }
            body = clusterMarkers.substitute(in: Array(body.prefix(read)))
            output.assemble(bodyCount: body.count, trailer: title) { buffer in
                body.withUnsafeBytes { buffer.copyMemory(from: $0) }
                return body.count
            }
        }
        frames.send(output)
    }

    /// Writes `bytes` straight to stdout, retrying partial writes.
    static func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }
}
