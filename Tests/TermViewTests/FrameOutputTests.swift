import Testing
@testable import TermView

@Suite("Whole frames: FrameOutput")
struct FrameOutputTests {
    private let begin = Array("\u{1B}[?2026h".utf8)
    private let end = Array("\u{1B}[?2026l".utf8)

    private func assembled(_ output: inout FrameOutput, body: String, title: String = "") {
        let bytes = Array(body.utf8)
        output.assemble(bodyCount: bytes.count, trailer: Array(title.utf8)) { buffer in
            buffer.copyBytes(from: bytes)
            return bytes.count
        }
    }

    @Test("with Sync advertised, the update and the title go out inside one pair of markers")
    func synchronized() {
        var output = FrameOutput(syncBegin: begin, syncEnd: end)
        assembled(&output, body: "\u{1B}[1;1HUsers", title: "\u{1B}]0;Users\u{07}")
        #expect(output.isSynchronized)
        #expect(String(decoding: output.bytes, as: UTF8.self)
            == "\u{1B}[?2026h\u{1B}[1;1HUsers\u{1B}]0;Users\u{07}\u{1B}[?2026l")
    }

    @Test("without Sync (or with half of it) no marker is sent")
    func unsynchronized() {
        for output in [FrameOutput(syncBegin: nil, syncEnd: nil), FrameOutput(syncBegin: begin, syncEnd: nil),
                       FrameOutput(syncBegin: [], syncEnd: end)] {
            var output = output
            assembled(&output, body: "abc")
            #expect(!output.isSynchronized)
            #expect(output.bytes == Array("abc".utf8))
        }
    }

    @Test("an unchanged screen sends nothing, not even markers; a title alone is still framed")
    func empty() {
        var output = FrameOutput(syncBegin: begin, syncEnd: end)
        assembled(&output, body: "")
        #expect(output.bytes.isEmpty)
        #expect(output.send { _ in Issue.record("nothing should be written"); return 0 } == 0)
        assembled(&output, body: "", title: "T")
        #expect(output.bytes == begin + Array("T".utf8) + end)
    }

    @Test("a body shorter than announced keeps only what was read")
    func shortRead() {
        var output = FrameOutput(syncBegin: nil, syncEnd: nil)
        output.assemble(bodyCount: 10, trailer: []) { buffer in
            buffer.copyBytes(from: Array("xyz".utf8))
            return 3
        }
        #expect(output.bytes == Array("xyz".utf8))
    }

    @Test("a whole frame leaves in one write call; a partial write is finished by a second")
    func oneWrite() {
        var output = FrameOutput(syncBegin: begin, syncEnd: end)
        let body = String(repeating: "row of a big frame\r\n", count: 2_000)   // 40 kB: ncurses' buffer is ~5 kB
        assembled(&output, body: body)
        var writes: [[UInt8]] = []
        let calls = output.send { buffer in writes.append(Array(buffer)); return buffer.count }
        #expect(calls == 1)
        #expect(writes == [output.bytes])

        writes.removeAll()
        let partial = output.send { buffer in
            let taken = writes.isEmpty ? 100 : buffer.count
            writes.append(Array(buffer.prefix(taken)))
            return taken
        }
        #expect(partial == 2)
        #expect(writes.flatMap { $0 } == output.bytes)
    }

    @Test("a failing write stops at once")
    func failure() {
        var output = FrameOutput(syncBegin: nil, syncEnd: nil)
        assembled(&output, body: "abc")
        #expect(output.send { _ in -1 } == 1)
    }
}
