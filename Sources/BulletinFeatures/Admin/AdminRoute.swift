/// The screens of the Admin flow, handled by ``AdminPanelCoordinator``.
public enum AdminRoute: Sendable, Equatable {
    /// Where the data comes from and what it holds.
    case panel
}
