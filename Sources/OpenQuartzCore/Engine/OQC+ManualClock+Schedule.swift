import Foundation

extension OQC.ManualClock {
    /// The work a manual clock has scheduled, earliest first: a binary min-heap ordered by
    /// (deadline, insertion sequence), so due work runs in that order and taking the next
    /// item costs O(log n) however much is scheduled. Cancelled work is dropped when it
    /// reaches the top, and in a sweep whenever the heap has doubled since the last one, so
    /// work cancelled far in the future does not pile up. Not thread-safe; the clock locks it.
    struct Schedule {
        struct Entry {
            let deadline: CFTimeInterval
            let sequence: Int
            let work: Work

            /// Whether `self` runs before `other`: earlier deadline, then earlier insertion.
            func precedes(_ other: Entry) -> Bool {
                deadline < other.deadline || (deadline == other.deadline && sequence < other.sequence)
            }
        }

        private var heap: [Entry] = []
        private var nextSequence = 0
        /// The size at which the next sweep of cancelled work happens.
        private var sweepAt = 64

        /// The number of entries that have not run or been cancelled.
        var liveCount: Int { heap.lazy.filter { !$0.work.isCancelled }.count }

        /// Schedules `work` at `deadline`, after everything already scheduled at that time.
        mutating func insert(_ work: Work, at deadline: CFTimeInterval) {
            heap.append(Entry(deadline: deadline, sequence: nextSequence, work: work))
            nextSequence += 1
            siftUp(heap.count - 1)
            if heap.count >= sweepAt { sweepCancelled() }
        }

        /// The earliest entry that is not cancelled, if any.
        mutating func first() -> Entry? {
            while let top = heap.first, top.work.isCancelled { _ = removeTop() }
            return heap.first
        }

        /// Removes and returns the earliest entry that is not cancelled, if it is due by `deadline`.
        mutating func removeFirst(dueBy deadline: CFTimeInterval) -> Entry? {
            guard let top = first(), top.deadline <= deadline else { return nil }
            return removeTop()
        }

        private mutating func removeTop() -> Entry {
            let top = heap[0]
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                siftDown(0)
            }
            return top
        }

        private mutating func sweepCancelled() {
            heap.removeAll { $0.work.isCancelled }
            for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
            sweepAt = max(64, heap.count * 2)
        }

        private mutating func siftUp(_ start: Int) {
            var child = start
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[child].precedes(heap[parent]) else { return }
                heap.swapAt(child, parent)
                child = parent
            }
        }

        private mutating func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1, right = left + 1
                var first = parent
                if left < heap.count, heap[left].precedes(heap[first]) { first = left }
                if right < heap.count, heap[right].precedes(heap[first]) { first = right }
                guard first != parent else { return }
                heap.swapAt(parent, first)
                parent = first
            }
        }
    }
}
