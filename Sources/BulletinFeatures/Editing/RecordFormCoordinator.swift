import BulletinData
import MVVMC

/// Shows one record form as a modal and hands back what was saved.
///
/// Its entry owns it: when the form leaves the stack, for whatever reason, the coordinator and
/// the form's view model are released. The parent hears exactly one result: `.completed` with
/// the ``WriteOutcome`` after a save, or `.cancelled` when the person left without saving.
@MainActor
public final class RecordFormCoordinator: FlowCoordinator {
    /// The one screen of this flow.
    public enum Route: Sendable { case form }
    public typealias Output = WriteOutcome

    // MARK: - Properties

    public unowned let stack: NavigationStack<any ScreenViewModel>
    private let makeModel: @MainActor (@escaping @MainActor (RecordFormViewModel.Result) -> Void) -> RecordFormViewModel
    private let finish: FinishHandler<WriteOutcome>
    /// The form shown, to take it off the stack when it closes.
    private weak var form: RecordFormViewModel?

    // MARK: - Init

    /// - Parameters:
    ///   - stack: The app's navigation stack; it outlives the coordinator.
    ///   - kind: What the form writes.
    ///   - mode: Create, or edit a record.
    ///   - parent: A new post's author or a new comment's post.
    ///   - onFinish: Called once with the outcome of the save, or `.cancelled`.
    public init(
        stack: NavigationStack<any ScreenViewModel>, kind: RecordKind, mode: RecordFormViewModel.Mode,
        parent: RecordID? = nil, source: any DataSource, writer: any DataWriter,
        onFinish: @escaping @MainActor (CoordinatorResult<WriteOutcome>) -> Void
    ) {
        self.stack = stack
        self.finish = FinishHandler(onFinish)
        self.makeModel = { onClose in
            RecordFormViewModel(kind: kind, mode: mode, parent: parent, source: source, writer: writer, onClose: onClose)
        }
    }

    // MARK: - FlowCoordinator

    /// The flow's one screen.
    public var firstRoute: Route { .form }

    /// The form, presented over the current screen.
    public func request(for route: Route) -> NavigationRequest<any ScreenViewModel> {
        switch route {
        case .form:
            let model = makeModel { [weak self] result in self?.closed(result) }
            form = model
            return model.request(title: model.title, link: nil, style: .modal, owner: self) { [finish] in
                finish.finish(.cancelled)
            }
        }
    }

    // MARK: - Private

    private func closed(_ result: RecordFormViewModel.Result) {
        if case let .saved(outcome) = result { finish.finish(.completed(outcome)) }
        if let entry = stack.entries.first(where: { $0.destination === form }) { stack.remove(id: entry.id) }
    }
}
