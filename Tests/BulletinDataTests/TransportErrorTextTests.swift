@testable import BulletinData
import Foundation
import Testing

/// The transport errors added with libcurl read as words naming the URL, and say whether a write
/// may have reached the server.
struct TransportErrorTextTests {
    @Test("responseTooLarge names the URL and the limit, in MB when whole, else in bytes")
    func tooLarge() {
        #expect(DataError.responseTooLarge(url: "http://h/users", limitBytes: 256 * 1_048_576).description
            == "The answer from http://h/users is larger than the limit of 256 MB (--max-response); stopped there")
        #expect(DataError.responseTooLarge(url: "http://h/users", limitBytes: 1500).description
            == "The answer from http://h/users is larger than the limit of 1500 bytes (--max-response); stopped there")
    }

    @Test("no transport error text names a Swift type")
    func words() {
        let errors: [DataError] = [
            .responseTooLarge(url: "http://h/a", limitBytes: 1_048_576),
            .redirectRefused(url: "http://h/a", status: 301, method: "PUT"),
            .redirectLoop(url: "http://h/a", repeated: "http://h/b"),
            .tooManyRedirects(url: "http://h/a", limit: 5),
        ]
        for error in errors {
            #expect(error.description.contains("http://h/a"), "\(error)")
            #expect(!error.description.contains("DataError") && !error.description.contains("Optional"), "\(error)")
        }
    }

    @Test("a redirect not followed or a 4xx was not carried out; an answer too large or a 500/502/504 may follow a write that was")
    func reachedServer() {
        #expect(!DataError.redirectRefused(url: "u", status: 302, method: "POST").mayHaveReachedServer)
        #expect(DataError.responseTooLarge(url: "u", limitBytes: 1).mayHaveReachedServer)
        #expect(!DataError.transport(url: "u", reason: "connection refused").mayHaveReachedServer)
        #expect(DataError.transport(url: "u", reason: "connection lost").mayHaveReachedServer)
        #expect(DataError.transport(url: "u", reason: "empty response").mayHaveReachedServer)
        #expect(DataError.badStatus(500, url: "u", excerpt: "").mayHaveReachedServer)
        #expect(DataError.badStatus(504, url: "u", excerpt: "").mayHaveReachedServer)
        #expect(!DataError.badStatus(409, url: "u", excerpt: "").mayHaveReachedServer)
        #expect(!DataError.badStatus(405, url: "u", excerpt: "").mayHaveReachedServer)
    }
}
