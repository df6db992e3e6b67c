import BulletinData
import Observation

/// The users loaded so far in this run, as ids (GitHub's are logins), for Tab after `:open users/`:
/// those on the screens of the stack, and those of screens that have left it (read just before
/// each change of the stack). Emptied when the source changes.
@MainActor
struct LoadedUserIDs {
    /// Most ids kept (the newest seen win): Tab lists a few, and a 30,000-user file stays cheap.
    static let limit = 10_000

    /// The ids, in the order they were first seen.
    private(set) var ids: [String] = []
    private var known: Set<String> = []
    /// The row count of each user list last read, so an unchanged list is not read again.
    private var readCounts: [ObjectIdentifier: Int] = [:]

    /// Adds the users shown by the screens in `models`.
    mutating func remember(_ models: [any ScreenViewModel]) {
        for model in models {
            switch model {
            case let list as UserListViewModel:
                let count = list.users.count
                guard readCounts[ObjectIdentifier(list)] != count else { continue }
                readCounts[ObjectIdentifier(list)] = count
                add(list.users.prefix(Self.limit).map(\.id.text))
            case let user as UserDetailViewModel:
                add([user.userID.text])
            default:
                continue
            }
        }
    }

    private mutating func add(_ new: [String]) {
        for id in new where known.insert(id).inserted { ids.append(id) }
        if ids.count > Self.limit {
            ids.removeFirst(ids.count - Self.limit)
            known = Set(ids)
        }
    }
}

extension AppCoordinator {
    /// The loaded users' ids now (``LoadedUserIDs``), the screens on the stack read first.
    func loadedUserIDs() -> [String] {
        loadedUsers.remember(stack.entries.map(\.destination))
        return loadedUsers.ids
    }

    /// Reads the stack's users just before each change of it, so the users of a list that is
    /// closed stay offered; watches again after each change.
    func watchStackForUsers() {
        withObservationTracking {
            _ = stack.entries
        } onChange: { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.loadedUsers.remember(self.stack.entries.map(\.destination))
                Task { @MainActor [weak self] in self?.watchStackForUsers() }
            }
        }
    }
}
