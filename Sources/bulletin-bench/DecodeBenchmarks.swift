import BulletinData
import Foundation

/// Decoding a whole db.json: the app's JSONDecoder path against Foundation's JSONSerialization.
enum DecodeBenchmarks {
    /// Times ``JSONDecoding/decode(_:from:location:)`` into a ``DataSet`` (what `--data` does,
    /// indexing included) and `JSONSerialization.jsonObject` on the same bytes (the baseline).
    static func run(data: Data, iterations: Int) -> [Measurement] {
        let megabytes = Double(data.count) / 1e6
        var baseline = measure("decode JSONSerialization (baseline)", iterations: iterations) {
            let object = try? JSONSerialization.jsonObject(with: data)
            return (object as? [String: Any])?.count ?? 0
        }
        baseline.note = String(format: "%.1f MB/s", megabytes / baseline.median_s)
        var decoder = measure("decode JSONDecoder (DataSet)", iterations: iterations) {
            let decoded = try? JSONDecoding.decode(DataSet.self, from: data, location: "bench")
            return decoded?.posts.count ?? 0
        }
        decoder.note = String(format: "%.1f MB/s; ", megabytes / decoder.median_s) + ratio(decoder, to: baseline)
        return [baseline, decoder]
    }
}
