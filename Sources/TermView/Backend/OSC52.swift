import Foundation

/// The terminal's clipboard escape (xterm's "Manipulate Selection Data", OSC 52): `ESC ] 52 ; c ;`,
/// the text in base64 (RFC 4648), then `BEL`. tmux keeps it as a paste buffer when its
/// `set-clipboard` option is `on`, and passes it on to the outer terminal.
public enum OSC52 {
    /// The bytes that put `text` on the clipboard (`c`), each of its lines after
    /// ``Sanitizer/singleLine(_:)`` (the line breaks of a record's JSON are kept): what is
    /// copied is what the lines would draw, so no escape sequence from data rides along.
    public static func sequence(for text: String) -> [UInt8] {
        let clean = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Sanitizer.singleLine(String($0)) }.joined(separator: "\n")
        let payload = Data(clean.utf8).base64EncodedString()
        return Array("\u{1B}]52;c;".utf8) + Array(payload.utf8) + [0x07]
    }
}
