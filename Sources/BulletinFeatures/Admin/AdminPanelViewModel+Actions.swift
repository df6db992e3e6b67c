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

    /// Esc in the field: closes it, and gives up a switch being tried (the current source stays).
    public func cancelField() {
        field = nil
        switchTask?.cancel()
        switchingTo = nil
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
        exportTask = Task { [weak self, source] in
            let outcome = await Self.export(source: source, format: format, to: path, overwrite: overwrite)
            guard !Task.isCancelled, let self else { return }
            isExporting = false
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

    /// Gathers, encodes and writes an export off the main actor.
    /// - Returns: `Exported 10 users, 100 posts, 500 comments to PATH`, or the error's words.
    private nonisolated static func export(
        source: any DataSource, format: ExportFormat, to path: String, overwrite: Bool
    ) async -> Result<String, ExportFailure> {
        do throws(DataError) {
            let data = try await ExportData.gather(from: source, includeComments: format == .dbJSON)
            do throws(ExportFile.Failure) {
                try ExportFile.write(format, of: data, to: path, overwrite: overwrite)
            } catch {
                return .failure(ExportFailure(error.description))
            }
            let words = source.vocabulary
            let comments = words.comments ?? KindName("comment", "comments")
            let counts = format == .dbJSON
                ? "\(words.users.count(data.users.count)), \(words.posts.count(data.posts.count)), "
                    + comments.count(data.comments.count)
                : words.posts.count(data.posts.count)
            return .success("Exported \(counts) to \(path)")
        } catch {
            return .failure(ExportFailure("Export failed: \(error.description)"))
        }
    }
}

/// Why an export did not happen, in words.
struct ExportFailure: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}
