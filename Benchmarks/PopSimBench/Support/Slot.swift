/// One value at a fixed address, allocated in a benchmark's setup and freed with the workload that
/// captures it. A `var` captured by an escaping closure lives in a box whose every access is checked
/// for exclusivity at run time; the timed loops reach their state through `pointer` instead, so they
/// time the model, not the harness.
final class Slot<Value> {
    let pointer: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    deinit { pointer.deinitialize(count: 1).deallocate() }
}
