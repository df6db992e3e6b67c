import BulletinData

extension EditingService {
    /// Space on a user's Todos tab: saves `completed` as `todo`'s state in a task the service
    /// owns, so the answer is not lost when the person leaves that screen before it comes (a
    /// SQLite database locked by another program answers only after `--timeout`).
    ///
    /// `lists` (held weakly) gets the answer while it is alive: the row, its status text, and
    /// after a failure the todos read again. When its Todos tab is not what is shown by then
    /// (the person opened a post, went back to Users or Home, switched tab), a failure is said
    /// in the status line of whatever screen is on top, naming the todo and why
    /// (`Todo 3 “…” not saved: Cannot save …`), and the other screens of the same user on the
    /// stack read their todos again, so each shows the todo as it is stored.
    /// - Returns: The save's task (``UserDetailLists`` waits for it in tests).
    func saveCompleted(_ completed: Bool, of todo: Todo, from lists: UserDetailLists) -> Task<Void, Never> {
        let writer = writer
        let number = nextTodoSave
        nextTodoSave += 1
        let task = Task { @MainActor [weak self, weak lists] in
            let result = await attempt { () async throws(DataError) in try await writer.setCompleted(completed, of: todo) }
            defer { self?.todoSaves[number] = nil }
            lists?.finishSave(of: todo, result)
            guard let self, case let .failure(error) = result else { return }
            for entry in stack.entries {
                guard let model = entry.destination as? UserDetailViewModel, model.userID == todo.userId,
                      model.lists !== lists else { continue }
                model.lists.todos?.reload()
            }
            if let lists, isShown(lists) { return }   // its own status line says it
            note.show("Todo \(todo.id) “\(todo.title)” not saved: \(error)")
        }
        todoSaves[number] = task
        return task
    }

    /// Whether `lists` is on screen with its todos: the top screen is their user's, on the Todos tab.
    private func isShown(_ lists: UserDetailLists) -> Bool {
        guard let top = stack.top?.destination as? UserDetailViewModel else { return false }
        return top.lists === lists && lists.active == .todos
    }
}
