/// A request to change the popup's state, as LNPopupController queues it (`_LNPopupControllerEvent`,
/// LNPopupController.mm:1609-1651, Documentation/lnpopupcontroller.md §8).
public enum PopupOperation: Sendable, Hashable, CustomStringConvertible {
    /// `openPopupAnimated:`. `resetsState` is the snap release's `trollState` (the internal and target
    /// states are reset to transitioning so the open runs again); `clearsGestureLock` is the completion
    /// block's `_gesturesIgnored = NO` of gesture- and tap-started opens.
    case open(resetsState: Bool, clearsGestureLock: Bool)
    /// `closePopupAnimated:triggeredByGesture:`.
    case close(triggeredByGesture: Bool, clearsGestureLock: Bool)
    case presentBar
    case dismissBar

    /// The event's name in the source.
    public var name: String {
        switch self {
        case .open: return "open"
        case .close: return "close"
        case .presentBar: return "present"
        case .dismissBar: return "dismiss"
        }
    }

    public var description: String { name }

    /// Whether enqueuing `self` removes a waiting `other` (`coalescedOperations`): open and close replace
    /// each other; present replaces present and dismiss; dismiss replaces everything.
    public func coalesces(_ other: PopupOperation) -> Bool {
        switch (self, other) {
        case (.open, .open), (.open, .close), (.close, .close), (.close, .open): return true
        case (.presentBar, .presentBar), (.presentBar, .dismissBar): return true
        case (.dismissBar, _): return true
        default: return false
        }
    }
}

/// The waiting operations. An enqueued operation first removes the waiting ones it coalesces with, then
/// joins the end; the queue resumes on every enqueue and on every animator completion, and runs the
/// first waiting operation only when no animator is running. Nothing interrupts or retargets a
/// running animation.
public struct PopupOperationQueue: Sendable, Hashable {
    public private(set) var waiting: [PopupOperation] = []

    public init() { waiting.reserveCapacity(4) }

    /// Empties the queue, keeping its storage: the queue ``init()`` makes.
    mutating func restart() {
        waiting.removeAll(keepingCapacity: true)
    }

    public var isEmpty: Bool { waiting.isEmpty }

    /// Adds `operation`; returns the operations it replaced.
    @discardableResult
    public mutating func enqueue(_ operation: PopupOperation) -> [PopupOperation] {
        let replaced = waiting.filter { operation.coalesces($0) }
        if !replaced.isEmpty { waiting.removeAll { operation.coalesces($0) } }
        waiting.append(operation)
        return replaced
    }

    /// The next operation to run, if any.
    public mutating func dequeue() -> PopupOperation? {
        waiting.isEmpty ? nil : waiting.removeFirst()
    }
}
