import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket on 127.0.0.1 that accepts connections into its backlog but never answers,
/// for testing timeouts and cancellation. Closed by ``close()`` or on deinit.
public final class SilentListener: @unchecked Sendable {
    // MARK: - Properties

    /// The port the socket is bound to.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let descriptor: Int32
    private let lock = NSLock()
    private var closed = false

    // MARK: - Init

    /// Binds a socket to a port the OS picks, and listens on it unless `listen` is `false`.
    /// - Throws: ``LoopbackServer/StartError`` when a socket call fails.
    public init(listen shouldListen: Bool = true) throws {
        #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw LoopbackServer.StartError(description: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound, !shouldListen || listen(fd, 16) == 0 else {
            closeDescriptor(fd)
            throw LoopbackServer.StartError(description: "bind() or listen() failed")
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close() }

    // MARK: - API

    /// Closes the socket; connections in the backlog are reset. Safe to call more than once.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        closeDescriptor(descriptor)
    }
}

/// The C `close(2)`; a free function so the name is not taken by ``SilentListener/close()``.
private func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}
