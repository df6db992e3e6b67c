import BulletinData

/// Post-list rows (id, author, title) for the filter and sort benchmarks, made in process and
/// deterministically from a data set's vocabulary, at any size.
///
/// Titles are 3–7 words drawn (xorshift64*, fixed seed) from the words of the data set's own
/// post titles, so their lengths, letters and share of non-ASCII text follow the file; authors
/// are the data set's user names, one per 100 rows (as in `bench/generate_data.py`).
struct FindRows: Sendable {
    /// The row count.
    let count: Int
    let authors: [String]
    let titles: [String]

    /// `count` rows from `dataSet`'s titles and user names.
    init(count: Int, from dataSet: DataSet) {
        let vocabulary = Array(Set(dataSet.posts.flatMap { $0.title.split(separator: " ").map(String.init) })).sorted()
        let names = dataSet.users.map(\.name)
        var state: UInt64 = 0x5EED_BE7C
        func next(_ bound: Int) -> Int {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return Int((state &* 0x2545_F491_4F6C_DD1D) % UInt64(bound))
        }
        self.count = count
        authors = names.isEmpty ? ["Nobody"] : names
        titles = (0..<count).map { _ in
            (0..<(3 + next(5))).map { _ in vocabulary.isEmpty ? "word" : vocabulary[next(vocabulary.count)] }.joined(separator: " ")
        }
    }

    /// The visible text of (row, column): column 0 the id, 1 the author, 2 the title.
    func text(_ row: Int, _ column: Int) -> String {
        switch column {
        case 0: String(row + 1)
        case 1: authors[(row / 100) % authors.count]
        default: titles[row]
        }
    }

    /// A realistic query to type: the first two words of a title in the middle of the list,
    /// cut to at most 12 characters (so it matches a few rows, and its prefixes many more).
    var query: String {
        String(titles[count / 2].split(separator: " ").prefix(2).joined(separator: " ").prefix(12))
    }
}
