import Foundation
import Synchronization

/// A serial executor with a thread of its own, for an actor whose work blocks (a libpq call
/// waits on the network, a save on another transaction's row lock up to `--timeout`): its jobs
/// run there, one at a time, so a wait never holds one of the few threads Swift's cooperative
/// pool has (two on a two-core machine), and the rest of the app goes on.
///
/// The thread ends once the executor is released (its actor gone) and its queue is empty.
final class ThreadExecutor: SerialExecutor, @unchecked Sendable {
    private let queue: JobQueue

    /// Starts the thread, named `name` (as `ps -T` and debuggers show it).
    init(name: String) {
        let queue = JobQueue()
        self.queue = queue
        let thread = Thread { queue.run() }
        thread.name = name
        thread.start()
    }

    deinit { queue.stop() }

    func enqueue(_ job: consuming ExecutorJob) {
        queue.push(UnownedJob(job), on: asUnownedSerialExecutor())
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
}

/// The jobs waiting for a ``ThreadExecutor``'s thread, and whether it is to stop.
private final class JobQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [(UnownedJob, UnownedSerialExecutor)] = []
    private var stopped = false

    func push(_ job: UnownedJob, on executor: UnownedSerialExecutor) {
        condition.lock()
        jobs.append((job, executor))
        condition.signal()
        condition.unlock()
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    /// The thread's loop: each job as it comes, until stopped with none left.
    func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let (job, executor) = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: executor)
        }
    }
}
