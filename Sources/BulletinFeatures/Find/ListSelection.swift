import Observation
import ViewState

/// A list's selected display position and scroll offset, owned by the list beside its rows
/// (``RecordListModel``). The list's ``ListFinder`` is lent it so that a filter or sort pass
/// keeps the selected row selected, and `n`, `N` and a jump move it; the finder does not own it.
@MainActor
@Observable
public final class ListSelection {
    /// The selection (a display position) and the scroll offset.
    public var state = ListState()

    /// An empty selection (the first row, no scroll).
    public init() {}
}
