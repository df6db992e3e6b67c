import CTerminalSafety
import Foundation
import Testing

/// The crash handler's restore path (`bulletin_safety_restore_now`, what the handler runs
/// before re-raising) on a pseudo-terminal: the reset bytes reach the terminal, the saved
/// modes come back, and input the app never read is discarded (issue 16, item 9).
@Suite("Terminal safety: the crash restore on a pty")
struct TerminalSafetyTests {
    /// A Linux pseudo-terminal pair (`/dev/ptmx`, pts(4)): `master` is the terminal emulator's
    /// side, `slave` the app's. Opened with the ioctls `unlockpt(3)` and `ptsname(3)` use
    /// (`TIOCSPTLCK`, `TIOCGPTN`; their `_IOW`/`_IOR` macros do not import into Swift).
    private struct Pty {
        let master: Int32
        let slave: Int32

        init() throws {
            let lockRequest: UInt = 0x4004_5431     // TIOCSPTLCK, _IOW('T', 0x31, int)
            let numberRequest: UInt = 0x8004_5430   // TIOCGPTN, _IOR('T', 0x30, unsigned int)
            master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard master >= 0, ioctl(master, lockRequest, &unlock) == 0, ioctl(master, numberRequest, &number) == 0 else {
                throw PtyFailure("no pseudo-terminal")
            }
            slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
            guard slave >= 0 else { throw PtyFailure("cannot open /dev/pts/\(number)") }
        }

        func close() {
            _ = Foundation.close(slave)
            _ = Foundation.close(master)
        }

        /// Bytes waiting to be read on the app's side (`FIONREAD`).
        var pendingInput: Int32 {
            var count: Int32 = 0
            return ioctl(slave, UInt(FIONREAD), &count) == 0 ? count : -1
        }
    }

    private struct PtyFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test("restore writes the reset bytes, puts the saved modes back and flushes unread input")
    func restoreFlushesInput() async throws {
        let pty = try Pty()
        defer { pty.close() }
        var shellModes = termios()
        #expect(tcgetattr(pty.slave, &shellModes) == 0)
        #expect(bulletin_safety_save_modes(pty.slave) == 0)
        var appModes = shellModes
        cfmakeraw(&appModes)
        #expect(tcsetattr(pty.slave, TCSANOW, &appModes) == 0)

        // Mouse reports the terminal sent that the app never read.
        let reports = Array("\u{1B}[Ma+&\u{1B}[M`-'".utf8)
        #expect(write(pty.master, reports, reports.count) == reports.count)
        let deadline = Date().addingTimeInterval(15)
        while pty.pendingInput < reports.count, Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(pty.pendingInput == Int32(reports.count), "the reports are queued for the app")

        let reset = Array("\u{1B}[?1000l\u{1B}[?1049l".utf8).map { CChar(bitPattern: $0) }
        bulletin_safety_set_reset_sequence(pty.slave, reset, reset.count)
        bulletin_safety_rearm()
        bulletin_safety_restore_now()

        #expect(pty.pendingInput == 0, "unread input is discarded")
        var restored = termios()
        #expect(tcgetattr(pty.slave, &restored) == 0)
        #expect(restored.c_lflag == shellModes.c_lflag && restored.c_iflag == shellModes.c_iflag
            && restored.c_oflag == shellModes.c_oflag, "the shell's modes are back")
        var buffer = [UInt8](repeating: 0, count: 64)
        let flags = fcntl(pty.master, F_GETFL)
        _ = fcntl(pty.master, F_SETFL, flags | O_NONBLOCK)
        var received: [UInt8] = []
        let readDeadline = Date().addingTimeInterval(15)
        while received.count < reset.count, Date() < readDeadline {
            let count = read(pty.master, &buffer, buffer.count)
            if count > 0 { received += buffer.prefix(count) } else { try await Task.sleep(nanoseconds: 10_000_000) }
        }
        #expect(received == reset.map { UInt8(bitPattern: $0) }, "the terminal got the reset bytes")
    }
}
