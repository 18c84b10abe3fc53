import PopSimGestures

extension FrameClock {
    /// A run in progress, one drawn frame per ``drawNextFrame()``: the same step ``run(_:stream:)``
    /// loops over, so a frame-budget benchmark that times it frame by frame times the run's own frames.
    public struct Playback<Model: InteractionModel> {
        /// The model, advanced to the last drawn frame.
        public private(set) var model: Model
        /// The drawn frames so far, and the model's events.
        public var trace: Trace<Model.Frame, Model.Event> { Trace(rows: drawn, events: model.events) }
        /// Whether the run has ended (``drawNextFrame()`` draws nothing more).
        public var isFinished: Bool { cursor.isFinished }

        private var cursor: Cursor
        /// The stream's samples, pulled by the cursor.
        private var samples: StreamPull<InteractionError>
        private var drawn: [Trace<Model.Frame, Model.Event>.Row] = []

        /// Checks the stream and the run's length (as ``FrameClock/run(_:stream:)`` does) before
        /// anything is simulated.
        public init(clock: FrameClock, model: Model, stream: TouchStream) throws(InteractionError) {
            samples = StreamPull(stream.samples)
            cursor = try Cursor(clock: clock, samples: stream.samples)
            self.model = model
        }

        /// Room for `frames` drawn frames, so drawing them appends without allocating.
        public mutating func reserveFrames(_ frames: Int) {
            drawn.reserveCapacity(frames)
        }

        /// Starts the same stream again with `model`, keeping the trace's storage.
        public mutating func restart(with model: Model) {
            self.model = model
            drawn.removeAll(keepingCapacity: true)
            cursor = Cursor(restarting: cursor)
            samples.index = 0
        }

        /// Draws the next frame as ``FrameClock/run(_:stream:)`` does and appends it to the trace;
        /// returns false, drawing nothing, once the run has ended.
        public mutating func drawNextFrame() throws(InteractionError) -> Bool {
            guard try cursor.drawNextFrame(&model, stopsAtFinalOutcome: false, pull: &samples, failure: { $0 })
            else { return false }
            drawn.append(.init(time: cursor.lastFrameTime, frame: model.frame))
            return true
        }
    }
}
