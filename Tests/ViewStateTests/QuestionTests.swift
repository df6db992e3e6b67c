import Testing

@testable import ViewState

@Suite("Question")
struct QuestionTests {
    enum Answer: Hashable, Sendable { case keep, discard, retry, elsewhere }

    private func question(default answer: Answer = .keep) -> Question<Answer> {
        Question(title: "Discard changes?", message: "Not saved.",
                 choices: [.init(.keep, "Keep editing"), .init(.discard, "Discard"), .init(.retry, "Retry")],
                 default: answer, cancel: .keep)
    }

    @Test("the default is selected first; a default that is not an answer selects the first")
    func defaults() {
        #expect(question(default: .discard).selected == .discard)
        #expect(question(default: .elsewhere).selected == .keep)
        #expect(question().labels == ["Keep editing", "Discard", "Retry"])
        #expect(question().cancelAnswer == .keep && question().dismissal == .escape)
    }

    @Test("next and previous move by position and wrap; select takes only the question's answers")
    func moving() {
        var asked = question()
        asked.selectNext()
        #expect(asked.selected == .discard && asked.selectedPosition == 1)
        asked.selectNext()
        asked.selectNext()
        #expect(asked.selected == .keep, "wrapped past the last")
        asked.selectPrevious()
        #expect(asked.selected == .retry && asked.selectedPosition == 2, "wrapped before the first")
        asked.selectNext(wrapping: false)
        #expect(asked.selected == .retry, "without wrapping the last stays selected")
        asked.select(.keep)
        asked.selectPrevious(wrapping: false)
        #expect(asked.selected == .keep, "without wrapping the first stays selected")
        asked.select(.retry)
        asked.select(.elsewhere)
        #expect(asked.selected == .retry, "not an answer: nothing changes")
        asked.select(.keep)
        #expect(asked.selected == .keep)
    }

    @Test("one answer: moving stays on it")
    func single() {
        var asked = Question(title: "Quit?", message: "", choices: [.init(Answer.keep, "Keep editing")], default: .keep,
                             cancel: .keep, dismissal: .anyKey)
        asked.selectNext()
        asked.selectPrevious()
        #expect(asked.selected == .keep && asked.selectedPosition == 0)
    }
}
