import BulletinData
import Testing

struct DataErrorTests {
    @Test("every error reads as one line naming its URL or file")
    func descriptionsAreSingleLines() {
        let url = "http://127.0.0.1:9/users"
        let cases: [(DataError, String)] = [
            (.invalidURL("htp:/x"), "htp:/x"),
            (.transport(url: url, reason: "connection refused"), url),
            (.timedOut(url: url), url),
            (.badStatus(500, url: url, excerpt: "oops"), url),
            (.malformedJSON(path: "$[2].email", location: "/tmp/users.json", reason: "expected String"), "/tmp/users.json"),
            (.unreadableFile(path: "/tmp/db.json", reason: "no such file"), "/tmp/db.json"),
            (.notFound("user 42", location: url), url),
            (.changedOnDisk(path: "/tmp/db.json"), "/tmp/db.json"),
            (.unwritableFile(path: "/tmp/db.json", reason: "permission denied"), "/tmp/db.json"),
        ]
        for (error, place) in cases {
            #expect(error.description.contains(place), "\(error)")
            #expect(!error.description.contains("\n"), "\(error)")
        }
        #expect(DataError.cancelled.description == "Cancelled")
    }

    @Test("save errors say what happened to the file (issue 8)")
    func saveErrorText() {
        #expect(DataError.changedOnDisk(path: "db.json").description
            == "db.json changed on disk since it was loaded; save anyway to overwrite")
        #expect(DataError.unwritableFile(path: "db.json", reason: "permission denied").description
            == "Cannot save db.json: permission denied; the file is unchanged")
    }

    @Test("a bad status shows its code, URL and excerpt")
    func badStatusText() {
        #expect(DataError.badStatus(503, url: "http://h/x", excerpt: "busy").description == "HTTP 503 from http://h/x: busy")
        #expect(DataError.badStatus(404, url: "http://h/x", excerpt: "").description == "HTTP 404 from http://h/x")
    }

    @Test("malformed JSON names the path and the location")
    func malformedText() {
        let error = DataError.malformedJSON(path: "$.users[1].name", location: "db.json", reason: "missing key \"name\"")
        #expect(error.description == #"Unexpected JSON at $.users[1].name in db.json: missing key "name""#)
    }
}
