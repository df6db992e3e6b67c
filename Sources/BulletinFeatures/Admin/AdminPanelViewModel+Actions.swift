import BulletinData
import Foundation
import ViewState

/// The Admin panel's actions: switch to another source, export the data, with the input
/// field and the "overwrite?" question they use.
extension AdminPanelViewModel {
    // MARK: - Field

    /// `s`: opens the "Switch to" field (only when switching is available).
    public func beginSwitch() {
        guard canSwitchSource else { return }
        notice = nil
        field = AdminField(purpose: .switchSource)
    }

    /// `e` (db.json) or `c` (posts CSV): opens the "Export to" field.
    public func beginExport(_ format: ExportFormat) {
        notice = nil
        field = AdminField(purpose: .export(format))
    }

    /// An editing key in the open field: `change` edits its text, cursor and scroll in place.
    public func editField(_ change: (inout TextEditState) -> Void) {
        guard field != nil else { return }
        change(&field!.input)
    }

    /// Esc in the field: closes it, and gives up a switch being tried (the current source stays)
    /// or the export being written (its temporary file is removed; nothing is written to the path).
    public func cancelField() {
        field = nil
        switchTask?.cancel()
        switchingTo = nil
        if isExporting {
            exportTask?.cancel()
            isExporting = false
            exportProgress = nil
            notice = "Export cancelled; nothing was written to \(exportPath ?? "the file")"
        }
    }

    /// Enter in the field: switches or exports, or shows beside the field why not.
    public func submitField() {
        guard let current = field, !isExporting, switchingTo == nil else { return }
        switch current.purpose {
        case .switchSource: submitSwitch(current.text)
        case let .export(format): submitExport(current.text, format: format)
        }
    }

    // MARK: - Overwrite question

    /// The answers to "Overwrite?".
    public enum OverwriteAnswer: Hashable, Sendable {
        /// Write the export over the existing file.
        case overwrite
        /// Write nothing; the field keeps its text for another path.
        case cancel
    }

    /// "Overwrite?" while it is asked.
    public var openQuestion: Question<OverwriteAnswer>? { overwrite }

    /// Moves the dialog's selection to `answer`.
    public func select(_ answer: OverwriteAnswer) { overwrite?.select(answer) }

    /// ``OverwriteAnswer/overwrite`` writes the export over the existing file;
    /// ``OverwriteAnswer/cancel`` (or Esc) writes nothing, and the field keeps its text.
    public func answer(_ answer: OverwriteAnswer) {
        guard overwrite != nil, let pending = pendingExport else { return }
        overwrite = nil
        pendingExport = nil
        if answer == .overwrite { startExport(to: pending.path, format: pending.format, overwrite: true) }
    }

    /// Waits until the export in flight (if any) has finished.
    /// `package`: a hook for tests (and the bench), not the product's API.
    package func waitForExport() async { await exportTask?.value }

    // MARK: - Private

    /// Waits until the switch being tried (if any) has succeeded or failed.
    /// `package`: a hook for tests (and the bench), not the product's API.
    package func waitForSwitch() async { await switchTask?.value }

    /// Tries the source the field names (a URL's first read, see ``AppCoordinator/trySwitchSource(to:)``)
    /// with "Trying …" under the field; a failure keeps the current source and says why there.
    private func submitSwitch(_ text: String) {
        guard let switchSource else { return }
        let choice: LaunchOptions.Source
        do throws(SourceChoice.Problem) {
            choice = try SourceChoice.parse(text)
        } catch {
            field?.error = error.description
            return
        }
        field?.error = nil
        switchingTo = text.trimmingCharacters(in: .whitespaces)
        let current = source.descriptor.location
        switchTask = Task { [weak self] in
            do throws(DataError) {
                try await switchSource(choice)
            } catch {
                guard let self else { return }
                field?.error = "\(error.description) · still on \(current)"
            }
            self?.switchingTo = nil
        }
    }

    private func submitExport(_ text: String, format: ExportFormat) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            field?.error = "Type a file path, such as ./\(format.suggestedFileName)"
            return
        }
        let path = SourceChoice.absolutePath(trimmed, relativeTo: FileManager.default.currentDirectoryPath)
        do throws(ExportFile.Failure) {
            if try ExportFile.check(path) {
                pendingExport = (path, format)
                overwrite = Question(
                    title: "Overwrite?", message: "\(path) already exists. Replace it with the \(format.label) export?",
                    choices: [.init(.overwrite, "Overwrite"), .init(.cancel, "Cancel")], default: .cancel, cancel: .cancel)
                return
            }
        } catch {
            field?.error = error.description
            return
        }
        startExport(to: path, format: format, overwrite: false)
    }

    private func startExport(to path: String, format: ExportFormat, overwrite: Bool) {
        field?.error = nil
        isExporting = true
        exportProgress = nil
        exportPath = path
        let weak = WeakModel(model: self)
        exportTask = Task { [weak self, source] in
            let outcome = await Self.export(source: source, format: format, to: path, overwrite: overwrite) { progress in
                Task { @MainActor in
                    guard let model = weak.model, model.isExporting, model.exportPath == path else { return }
                    model.exportProgress = progress
                }
            }
            guard !Task.isCancelled, let self else { return }
            isExporting = false
            exportProgress = nil
            switch outcome {
            case let .success(summary):
                field = nil
                notice = summary
            case let .failure(failure):
                field?.error = failure.message
                if field == nil { notice = failure.message }
            }
        }
    }

    /// Streams an export off the main actor (``ExportFile/write(_:from:to:overwrite:progress:)``).
    /// - Returns: `Exported 10 users, 100 posts, 500 comments to PATH`, or the error's words.
    private nonisolated static func export(
        source: any DataSource, format: ExportFormat, to path: String, overwrite: Bool,
        progress: @escaping @Sendable (ExportFile.Progress) -> Void
    ) async -> Result<String, ExportFailure> {
        let counts: ExportCounts
        do throws(ExportFile.Failure) {
            counts = try await ExportFile.write(format, from: source, to: path, overwrite: overwrite, progress: progress)
        } catch {
            return .failure(ExportFailure(error.description))
        }
        let words = source.vocabulary
        let comments = words.comments ?? KindName("comment", "comments")
        let summary = format == .dbJSON
            ? "\(words.users.count(counts.users)), \(words.posts.count(counts.posts)), " + comments.count(counts.comments)
            : words.posts.count(counts.posts)
        return .success("Exported \(summary) to \(path)")
    }
}

/// The panel, held weakly by the export's progress reports (read on the main actor only).
private struct WeakModel: @unchecked Sendable {
    weak var model: AdminPanelViewModel?
}

/// Why an export did not happen, in words.
struct ExportFailure: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}
