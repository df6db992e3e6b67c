import BulletinData
import Dispatch
import Foundation

/// `bulletin-bench --export FILE FORMAT OUT`: one export as the Admin panel makes it
/// (``ExportFile/write(_:from:to:overwrite:progress:)``) from FILE opened as the Posts list opens
/// it (indexed), in a process of its own so the peak RSS is browsing's, then the export's.
/// FORMAT is `dbjson` or `csv`; OUT is written (overwritten) and left for the caller to check
/// and remove. Prints `{"load_s", "rss_load_bytes", "export_s", "export_bytes", "rss_export_bytes"}`.
enum ExportBenchmarks {
    struct Report: Encodable {
        var load_s: Double
        var rss_load_bytes: Int
        var export_s: Double
        var export_bytes: Int
        var rss_export_bytes: Int
    }

    static func run(path: String, format: String, output: String) async throws -> Report {
        let started = DispatchTime.now().uptimeNanoseconds
        let source = FileDataSource(path: path)
        _ = try await source.postListing(partial: nil)
        let loadSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let rssLoad = SaveBenchmarks.peakRSS()
        let kind: ExportFormat = format == "csv" ? .postsCSV : .dbJSON
        let start = DispatchTime.now().uptimeNanoseconds
        let bytes = try await export(kind, from: source, to: output)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Report(load_s: loadSeconds, rss_load_bytes: rssLoad, export_s: seconds, export_bytes: bytes,
                      rss_export_bytes: SaveBenchmarks.peakRSS())
    }

    /// The export as the app makes it; bytes written.
    static func export(_ format: ExportFormat, from source: FileDataSource, to output: String) async throws -> Int {
        try await ExportFile.write(format, from: source, to: output, overwrite: true).bytes
    }
}
