import MVVMC
import Testing

@MainActor
@Suite("Router and FinishHandler")
struct CoordinatorTests {
    @Test("a router hands each route to its handler")
    func routerSends() {
        var sent: [Int] = []
        let router = Router<Int> { sent.append($0) }
        router.go(1)
        router.go(2)
        #expect(sent == [1, 2])
    }

    @Test("a finish handler delivers exactly once")
    func finishOnce() {
        var results: [CoordinatorResult<String>] = []
        let handler = FinishHandler<String> { results.append($0) }
        #expect(handler.isFinished == false)
        handler.finish(.completed("saved"))
        handler.finish(.cancelled)
        #expect(results == [.completed("saved")])
        #expect(handler.isFinished)
    }
}
