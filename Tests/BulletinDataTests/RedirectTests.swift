@testable import BulletinData
import Foundation
import Testing

/// ``Redirect/next(after:of:visited:)``: RFC 9110 §15.4 redirects, without a server.
struct RedirectTests {
    private let users = URL(string: "http://127.0.0.1:8000/api/users")!

    private func answer(_ status: Int, _ location: String?) -> HTTPResponse {
        HTTPResponse(status: status, url: users, headers: location.map { [HTTPResponse.Header(name: "location", value: $0)] } ?? [])
    }

    private func next(_ status: Int, _ location: String?, method: String = "GET", body: Data? = nil,
                      visited: [URL]? = nil) throws(DataError) -> Redirect.Hop? {
        try Redirect.next(after: answer(status, location), of: Redirect.Hop(method: method, url: users, body: body),
                          visited: visited ?? [users])
    }

    @Test("a relative Location resolves against the URL that answered: /x, x/, ../x, ?q, //host")
    func relative() throws {
        #expect(try next(301, "/users/")?.url.absoluteString == "http://127.0.0.1:8000/users/")
        #expect(try next(302, "users/")?.url.absoluteString == "http://127.0.0.1:8000/api/users/")
        #expect(try next(307, "../v2/users")?.url.absoluteString == "http://127.0.0.1:8000/v2/users")
        #expect(try next(308, "?page=2")?.url.absoluteString == "http://127.0.0.1:8000/api/users?page=2")
        #expect(try next(301, "//127.0.0.2:9000/users")?.url.absoluteString == "http://127.0.0.2:9000/users")
        #expect(try next(302, "https://example.test/users")?.url.absoluteString == "https://example.test/users")
    }

    @Test("not a redirect, or no Location: the answer stands")
    func notARedirect() throws {
        #expect(try next(200, "/elsewhere") == nil)
        #expect(try next(304, "/elsewhere") == nil)
        #expect(try next(301, nil) == nil)
    }

    @Test("307 and 308 repeat the method and the body")
    func repeatMethodAndBody() throws {
        let body = Data(#"{"title":"kept"}"#.utf8)
        for status in [307, 308] {
            for method in ["POST", "PUT", "PATCH", "DELETE"] {
                let hop = try #require(try next(status, "/users/", method: method, body: body))
                #expect(hop.method == method)
                #expect(hop.body == body)
            }
        }
    }

    @Test("a 303 answering a write (carried out, result elsewhere) is followed by a GET of its Location without the body")
    func seeOtherAfterWrite() throws {
        for method in ["POST", "PUT", "PATCH", "DELETE"] {
            let hop = try #require(try next(303, "/posts/101", method: method, body: Data("{}".utf8)))
            #expect(hop == Redirect.Hop(method: "GET", url: URL(string: "http://127.0.0.1:8000/posts/101")!, body: nil))
        }
        #expect(try next(303, "/users/", method: "GET")?.method == "GET")
    }

    @Test("301 and 302: a GET follows as GET; a write repeats its method and body on the same origin, and is refused naming the URL for another")
    func movedWrites() throws {
        let body = Data("{}".utf8)
        for status in [301, 302] {
            #expect(try next(status, "/users/", method: "GET")?.method == "GET")
            #expect(try next(status, "/users/", method: "HEAD")?.method == "HEAD")
            for method in ["POST", "PUT", "PATCH", "DELETE"] {
                let hop = try #require(try next(status, "/api/users/", method: method, body: body))
                #expect(hop == Redirect.Hop(method: method, url: URL(string: "http://127.0.0.1:8000/api/users/")!, body: body))
                for elsewhere in ["http://127.0.0.2:8000/api/users/", "http://127.0.0.1:8001/api/users/", "https://127.0.0.1:8000/api/users/"] {
                    #expect(throws: DataError.redirectRefused(url: users.absoluteString, status: status, method: method)) {
                        try next(status, elsewhere, method: method, body: body)
                    }
                }
            }
        }
        let error = DataError.redirectRefused(url: users.absoluteString, status: 302, method: "POST")
        #expect(error.description == "\(users.absoluteString) answered POST with a 302 redirect to another server; not followed, so the change was not sent there")
    }

    @Test("307 and 308 to another origin: a write is refused naming the URL, as 301 and 302 are (issue 22); a GET follows")
    func temporaryMovesOfWritesElsewhere() throws {
        let body = Data("{}".utf8)
        for status in [307, 308] {
            #expect(try next(status, "http://127.0.0.2:8000/api/users", method: "GET")?.url.host == "127.0.0.2")
            for method in ["POST", "PUT", "PATCH", "DELETE"] {
                for elsewhere in ["http://127.0.0.2:8000/api/users/", "http://127.0.0.1:8001/api/users/", "https://127.0.0.1:8000/api/users/"] {
                    #expect(throws: DataError.redirectRefused(url: users.absoluteString, status: status, method: method)) {
                        try next(status, elsewhere, method: method, body: body)
                    }
                }
            }
        }
    }

    @Test("a URL seen twice is a loop, named in words; A → B → A too")
    func loops() throws {
        #expect(throws: DataError.redirectLoop(url: users.absoluteString, repeated: users.absoluteString)) {
            try next(302, "/api/users")
        }
        let other = URL(string: "http://127.0.0.1:8000/b")!
        let hop = Redirect.Hop(method: "GET", url: other)
        #expect(throws: DataError.redirectLoop(url: users.absoluteString, repeated: users.absoluteString)) {
            try Redirect.next(after: answer(301, "/api/users"), of: hop, visited: [users, other])
        }
        #expect(DataError.redirectLoop(url: "http://h/a", repeated: "http://h/a").description == "Redirect loop: http://h/a redirects to itself")
        #expect(DataError.redirectLoop(url: "http://h/a", repeated: "http://h/b").description
            == "Redirect loop from http://h/a: it comes back to http://h/b")
    }

    @Test("at most 5 redirects: the fifth is followed, the sixth is refused naming the first URL")
    func hopLimit() throws {
        let chain = (0...5).map { URL(string: "http://127.0.0.1:8000/hop\($0)")! }
        let fifth = Redirect.Hop(method: "GET", url: chain[4])
        #expect(try Redirect.next(after: answer(302, "/hop5"), of: fifth, visited: Array(chain[0...4]))?.url == chain[5])
        let sixth = Redirect.Hop(method: "GET", url: chain[5])
        #expect(throws: DataError.tooManyRedirects(url: chain[0].absoluteString, limit: 5)) {
            try Redirect.next(after: answer(302, "/hop6"), of: sixth, visited: chain)
        }
        #expect(DataError.tooManyRedirects(url: "http://h/a", limit: 5).description == "Too many redirects from http://h/a (more than 5)")
    }

    @Test("a Location that is not an http(s) URL is a transport error naming the first URL")
    func badLocation() {
        for location in ["ftp://127.0.0.1/users", "file:///etc/passwd", "   "] {
            #expect(throws: DataError.transport(url: users.absoluteString, reason: "redirect to an address that is not an http(s) URL")) {
                try next(302, location)
            }
        }
    }
}
