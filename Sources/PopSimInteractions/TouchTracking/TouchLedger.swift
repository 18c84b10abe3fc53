import PopSimGestures

/// The touch bookkeeping every model does before it interprets a sample: the sample must be finite,
/// not earlier than the model's time, and consistent with its touch (began once, then moved or
/// stationary, then ended or cancelled). It also keeps the ids of the touches that are down, in an
/// array searched by a plain loop, so admitting a move allocates nothing.
public struct TouchLedger: Sendable {
    /// Touches that began and have not ended, in the order they began.
    public private(set) var touchesDown: [Int] = []
    /// Samples admitted so far (numbers the samples in error messages, from 1).
    public private(set) var samplesAdmitted = 0

    public init() {
        touchesDown.reserveCapacity(4)
    }

    /// Forgets every touch and sample, keeping the storage: the ledger ``init()`` makes.
    mutating func restart() {
        touchesDown.removeAll(keepingCapacity: true)
        samplesAdmitted = 0
    }

    public var isAnyTouchDown: Bool { !touchesDown.isEmpty }

    /// Checks `sample` against the model's current time and the touch's history, and records it.
    public mutating func admit(_ sample: TouchSample, modelTime: Double) throws(InteractionError) {
        samplesAdmitted += 1
        let n = samplesAdmitted
        // Built only when a message is: admitting a sample is on every frame's path and allocates nothing.
        func named() -> String { "touch sample \(n) (touch \(sample.touch), \(sample.phase.rawValue))" }
        try sample.checkFollows(
            modelTime,
            nonFinite: { "\(named()) has a non-finite time or location: every value must be a finite number" },
            early: { "\(named()) at time \(sample.time) is earlier than \(modelTime): samples must be in time order" })
        let down = index(of: sample.touch)
        switch sample.phase {
        case .began:
            guard down == nil else {
                throw .invalidStream(
                    "touch sample \(n) at time \(sample.time): touch \(sample.touch) began again before it ended; "
                        + "end it first (ended or cancelled)"
                )
            }
            touchesDown.append(sample.touch)
        case .moved, .stationary, .ended, .cancelled:
            guard let down else {
                throw .invalidStream(
                    "touch sample \(n) at time \(sample.time): touch \(sample.touch) is \(sample.phase.rawValue) "
                        + "but never began; start each touch with a began sample"
                )
            }
            if sample.phase.isTerminal { touchesDown.remove(at: down) }
        }
    }

    /// A plain loop: the generic `firstIndex(of:)` allocates when not specialised (debug builds).
    private func index(of touch: Int) -> Int? {
        var i = 0
        while i < touchesDown.count {
            if touchesDown[i] == touch { return i }
            i += 1
        }
        return nil
    }
}

extension TouchSample {
    /// Throws unless the sample has a finite time and location, not earlier than `modelTime`: what every
    /// model checks first. The messages are the model's own. Inlined into every model's admission, the
    /// messages are built only where they are thrown.
    @inline(__always)
    func checkFollows(_ modelTime: Double, nonFinite: () -> String, early: () -> String) throws(InteractionError) {
        guard time.isFinite, location.x.isFinite, location.y.isFinite else { throw .invalidStream(nonFinite()) }
        guard time >= modelTime else { throw .invalidStream(early()) }
    }
}
