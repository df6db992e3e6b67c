import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// Issue 21: detail fields by one rule on every screen: values in one column after the longest
/// label, `—` for missing, and URLs whole (continued on the next line, never cut with `…`).
@MainActor
@Suite("Detail fields")
struct DetailFieldsScreenTests {
    @Test("a photo's URLs at 40 columns go on over the next line, whole, aligned under the values")
    func photoURLsWhole() async {
        let (_, host) = await UserListsScreenTests.open(.userAlbum(user: 1, album: 1))
        let lines = UserListsScreenTests.lines(host, width: 40, height: 16)
        let url = try? #require(lines.firstIndex(of: " URL:       https://via.placeholder.com/"), "\(lines)")
        guard let url else { return }
        #expect(Array(lines[(url + 1)...(url + 3)]) == [
            "            600/92c952",
            " Thumbnail: https://via.placeholder.com/",
            "            150/92c952",
        ], "\(lines)")
        #expect(!lines.contains { $0.contains("placeholder") && $0.contains("…") && $0.hasPrefix(" URL") })
    }

    @Test("the rule: labels in the label column, every value two cells after the longest label, a long URL in pieces")
    func oneRule() {
        let fields = [
            DetailField("Name", "Tom"), DetailField("Public repositories", "2"), DetailField("E-mail", "—"),
            DetailField("Web URL", "https://github.com/mojombo", type: .url),
        ]
        #expect(DetailFieldsView.lines(fields).map(\.text) == [
            "Name:" + String(repeating: " ", count: 16) + "Tom", "Public repositories: 2",
            "E-mail:" + String(repeating: " ", count: 14) + "—", "Web URL:" + String(repeating: " ", count: 13) + "https://github.com/mojombo",
        ])
        let rows = DetailFieldsView.rows(fields, width: 34)
        #expect(rows.map(\.value) == ["Tom", "2", "—", "https://gith", "ub.com/mojom", "bo"], "12 cells after the labels")
        #expect(rows.map(\.label) == ["Name", "Public repositories", "E-mail", "Web URL", nil, nil])
        var surface = Surface(width: 34, height: 5)
        DetailFieldsView.render([DetailField("Bio", String(repeating: "x", count: 40))], in: Rect(x: 0, y: 0, width: 34, height: 1),
                                on: &surface)
        #expect(surface.lines[0].hasSuffix("x…"), "text, unlike a URL, is cut")
    }
}
