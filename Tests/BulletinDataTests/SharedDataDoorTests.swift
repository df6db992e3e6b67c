import BulletinTestSupport
import Foundation
import Testing

/// `../shared` is reached only through ``SharedData``'s door, so a fresh clone without it skips
/// (with a notice) instead of failing: a grep over `Tests/`, since the clone that would show the
/// failure is not the one the tests usually run in.
@Suite("Shared data: every test reaches ../shared through SharedData's door")
struct SharedDataDoorTests {
    /// A path into `../shared`: the accessors, or the folder spelled out.
    static let reference = try! NSRegularExpression(
        pattern: #"SharedData\.(data|input|dataRoot|inputsRoot|sharedRoot)\b|\.\./shared|shared/(data|inputs)"#)
    /// A door: the trait, the run-time check, or a helper that calls it.
    static let door = try! NSRegularExpression(pattern: #"SharedData\.(needed|requireAvailable)|SharedFiles\.jsonFiles"#)
    /// A loopback server launch, which checks its own arguments (``LoopbackServer/start(arguments:)``).
    static let launch = try! NSRegularExpression(pattern: #"LoopbackServer\.start\(|\btry start\(arguments:"#)

    static func matches(_ pattern: NSRegularExpression, _ line: String) -> Bool {
        pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }

    /// The lines of a file that are not `//` comments.
    static func codeLines(_ text: String) -> [(number: Int, text: String)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { ($0.offset + 1, String($0.element)) }
            .filter { !$0.1.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
    }

    /// The references to `../shared` in `text` that go through no door: outside a loopback launch
    /// (the line or the three before it) in a file that has neither the trait nor the run-time check.
    static func unguarded(_ text: String) -> [Int] {
        let lines = codeLines(text)
        if lines.contains(where: { matches(door, $0.text) }) { return [] }
        return lines.indices.filter { index in
            guard matches(reference, lines[index].text) else { return false }
            return !lines[max(0, index - 3)...index].contains { matches(launch, $0.text) }
        }.map { lines[$0].number }
    }

    @Test("the check itself: a read of shared data with no trait is found; with the trait, or in a launch, it is not")
    func checkFindsWhatItShould() {
        #expect(Self.unguarded("let data = try Data(contentsOf: SharedData.input(\"a.json\"))") == [1])
        #expect(Self.unguarded("@Suite(SharedData.needed)\nstruct S {\n  let u = SharedData.data(\"x\")\n}").isEmpty)
        #expect(Self.unguarded("let s = try LoopbackServer.start(arguments: [\n  \"--dir\", SharedData.data(\"x\").path])").isEmpty)
        #expect(Self.unguarded("/// reads ../shared/data\nlet x = 1").isEmpty)
    }

    @Test("no test file reaches ../shared without SharedData.needed, requireAvailable or a loopback launch")
    func everyTestUsesTheDoor() throws {
        let tests = SharedData.repositoryRoot.appendingPathComponent("Tests")
        let walker = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
        var scanned = 0
        var found: [String] = []
        while let url = walker.nextObject() as? URL {
            guard url.pathExtension == "swift", url.lastPathComponent != "SharedData.swift",
                  url.lastPathComponent != "SharedDataDoorTests.swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            scanned += 1
            let relative = String(url.path.dropFirst(tests.path.count + 1))
            found += Self.unguarded(text).map { "Tests/\(relative):\($0)" }
        }
        #expect(scanned > 100, "only \(scanned) test files found under \(tests.path)")
        #expect(found.isEmpty, """
            these lines reach ../shared without the door (add SharedData.needed to the test or suite, \
            or call SharedData.requireAvailable()): \(found.joined(separator: ", "))
            """)
    }
}
