import Foundation

/// Finds the built `bulletin` executable for end-to-end tests.
///
/// Order: `$BULLETIN_BIN`; the directory of the running test bundle (SwiftPM builds the
/// executable beside it, since `EndToEndTests` depends on it); `.build/debug/bulletin`.
public enum BulletinBinary {
    public static var path: String {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["BULLETIN_BIN"], !explicit.isEmpty { return explicit }
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let sibling = bundleDirectory.appendingPathComponent("bulletin").path
        if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        return SharedData.repositoryRoot.appendingPathComponent(".build/debug/bulletin").path
    }

    /// Runs the binary to completion with stdin, stdout and stderr not terminals.
    /// - Returns: The exit status and what it wrote to stdout and stderr.
    public static func runDetached(_ arguments: [String], environment: [String: String]? = nil) throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self),
                String(decoding: errData, as: UTF8.self))
    }
}
