import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// CPU time and sockets of a process, read from Linux's `/proc` (proc(5)), for tests that check
/// a waiting request costs no CPU and that requests leave no connection behind.
public enum ProcStat {
    /// `utime + stime` of process `pid` (`self` for this one), in clock ticks (`sysconf(_SC_CLK_TCK)`,
    /// 100 a second on Linux): fields 14 and 15 of `/proc/PID/stat`; `nil` when unreadable.
    public static func cpuTicks(pid: String = "self") -> Int? {
        ticks(statFile: "/proc/\(pid)/stat")
    }

    /// `utime + stime` of the threads of this process whose name (`/proc/self/task/TID/comm`,
    /// at most 15 bytes) starts with `prefix`, in clock ticks; `nil` when there is none.
    public static func threadTicks(namePrefix prefix: String) -> Int? {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let matching = tasks.filter { tid in
            let name = read("/proc/self/task/\(tid)/comm")
            return name.hasPrefix(prefix)
        }
        guard !matching.isEmpty else { return nil }
        return matching.compactMap { ticks(statFile: "/proc/self/task/\($0)/stat") }.reduce(0, +)
    }

    /// The names of this process's threads (`/proc/self/task/TID/comm`), for diagnostics.
    public static func threadNames() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.map { read("/proc/self/task/\($0)/comm").trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// How many of this process's open sockets (`socket:[inode]` links in `/proc/self/fd`) are
    /// TCP connections to `port` on the remote side (matched by inode in `/proc/net/tcp` and `tcp6`).
    public static func openConnections(toPort port: Int) -> Int {
        connections(toPort: port).count
    }

    /// The inodes of this process's open TCP connections to `port` (see ``openConnections(toPort:)``),
    /// to follow one connection: opened, then closed.
    public static func connections(toPort port: Int) -> Set<String> {
        socketInodes().intersection(remoteInodes(port: port))
    }

    /// The inodes of this process's open sockets.
    public static func socketInodes() -> Set<String> {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        var inodes = Set<String>()
        for fd in fds {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)"),
                  target.hasPrefix("socket:[") else { continue }
            inodes.insert(String(target.dropFirst("socket:[".count).dropLast()))
        }
        return inodes
    }

    // MARK: - Private

    /// The whole text of a `/proc` file, read with read(2) until end of file (their size shows as 0,
    /// which Foundation's file reading takes at its word); empty when it cannot be opened.
    private static func read(_ path: String) -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func ticks(statFile: String) -> Int? {
        let text = read(statFile)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// Inodes of TCP sockets (not listening) whose remote port is `port`.
    private static func remoteInodes(port: Int) -> [String] {
        let hexPort = String(format: "%04X", port)
        return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap { path -> [String] in
            let lines = read(path).split(separator: "\n").dropFirst()
            return lines.compactMap { line -> String? in
                let fields = line.split(separator: " ")
                guard fields.count > 9, fields[2].hasSuffix(":" + hexPort), fields[3] != "0A" else { return nil }
                return String(fields[9])
            }
        }
    }
}
