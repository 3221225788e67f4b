import Foundation

extension OperationLifecycle {
    /// The actions one event calls for, in order. Most events call for none or one; the
    /// first is stored inline, so that such an event allocates nothing. The rest go to an
    /// array.
    struct Actions: Sequence {
        // Spelled `Optional<Action>`, not `Action?`: a `var` of the sugared type starts as nil
        // before any initializer runs, so an initializer's first write would destroy that nil
        // (a call through the enum's outlined destroy) instead of initializing the field.
        private var first: Optional<Action>
        // Empty unless `first` is set.
        private var rest: [Action]

        static var none: Actions { Actions() }

        private init() {
            first = nil
            rest = []
        }

        init(_ action: consuming Action) {
            first = action
            rest = []
        }

        init(_ action: consuming Action, _ next: consuming Action) {
            first = action
            rest = [next]
        }

        var isEmpty: Bool { first == nil }
        var count: Int { first == nil ? 0 : 1 + rest.count }

        subscript(index: Int) -> Action {
            index == 0 ? first! : rest[index - 1]
        }

        mutating func append(_ action: consuming Action) {
            if first == nil {
                first = action
            } else {
                rest.append(action)
            }
        }

        /// `lhs`, then `rhs`. Both are consumed: their actions are moved into the sum, not
        /// copied (an action that carries the hooks costs a retain for each of them).
        static func + (lhs: consuming Actions, rhs: consuming Actions) -> Actions {
            var sum = lhs
            if let action = rhs.first.take() { sum.append(action) }
            for action in rhs.rest { sum.append(action) }
            return sum
        }

        /// The actions after the first `count`.
        func dropping(first count: Int) -> Actions {
            var remaining = Actions()
            for index in count..<self.count { remaining.append(self[index]) }
            return remaining
        }

        func makeIterator() -> IndexingIterator<[Action]> {
            (first.map { [$0] + rest } ?? []).makeIterator()
        }
    }
}
