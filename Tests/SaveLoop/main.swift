// bulletin-save-loop: a test-only child for the SIGKILL test (Tests/BulletinDataTests/KillDuringSaveTests).
//
//     bulletin-save-loop FILE POST_ID
//
// Loads the json-server file FILE (or the SQLite database FILE, told by its header) and saves
// post POST_ID again and again through FileDataWriter (SQLiteDataWriter): its title becomes
// `save N` (N one more than the number in the title it found) and its body N characters long,
// so a torn write would show. After each save returns
// it writes `N` and a newline to stdout. It runs until it is killed; it exits with status 1
// and a message on stderr when a save fails.
import BulletinData
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: bulletin-save-loop FILE POST_ID\n".utf8))
    exit(2)
}
let isDatabase = SQLiteFile.hasHeader(arguments[1])
let source: any DataSource = isDatabase ? SQLiteDataSource(path: arguments[1]) : FileDataSource(path: arguments[1])
let writer: any DataWriter = if let database = source as? SQLiteDataSource { SQLiteDataWriter(source: database) }
    else { FileDataWriter(source: source as! FileDataSource) }
do {
    var post = try await source.post(id: RecordID(arguments[2]))
    var count = Int(post.title.split(separator: " ").last ?? "") ?? 0
    while true {
        count += 1
        let original = post
        post.title = "save \(count)"
        post.body = String(repeating: "x", count: count % 5000)
        if isDatabase {
            _ = try await writer.update(.post(post), original: .post(original), overwriteIfChanged: false)
        } else {
            _ = try await writer.update(.post(post))
        }
        FileHandle.standardOutput.write(Data("\(count)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("bulletin-save-loop: \(error)\n".utf8))
    exit(1)
}
