import PopSimGeometry
import PopSimGestures

extension DecisionProblem {
    /// The pipeline every family shares: ``pipelineGesture(_:seed:)`` synthesised and digitised with
    /// `seed`, then played by `play` on the clock `settings` give ``device`` for that seed; `play` is
    /// told whether it may stop once every sample is delivered and the outcome is final
    /// (``PipelineSettings/stopsAtFinalOutcome``). A gesture the problem cannot place, and any failure
    /// on the way, is the `error` outcome.
    public func runPipeline(
        _ settings: PipelineSettings, seed: UInt64,
        play: (_ stream: TouchStream, _ clock: FrameClock, _ stopsAtFinalOutcome: Bool) throws -> Outcome
    ) -> PipelineOutcome<Outcome> {
        guard let gesture = pipelineGesture(settings, seed: seed) else { return .error }
        do {
            let stream = try gesture.script().touchStream(digitiser: gesture.digitiser, seed: seed)
            let clock = settings.clock(on: device, seed: seed)
            return .decided(try play(stream, clock, settings.stopsAtFinalOutcome))
        } catch {
            return .error
        }
    }
}

extension PopoverDecisionProblem {
    /// The finger touches down at the popover's centre, drags by the translation and lets go at the
    /// velocity; the model measures both from the stream, as SwiftUI would.
    public func pipelineOutcome(_ settings: PipelineSettings, seed: UInt64) -> PipelineOutcome<Outcome> {
        let configuration = modelConfiguration(solver: .analytic, estimator: settings.estimator ?? Self.modelEstimator)
        return runPipeline(settings, seed: seed) { stream, clock, stopsAtFinalOutcome in
            stopsAtFinalOutcome
                ? try PopoverSimulation.outcome(configuration, stream: stream, clock: clock)
                : try PopoverSimulation.run(configuration, stream: stream, clock: clock).outcome
        }
    }

    public func pipelineGesture(_ settings: PipelineSettings, seed: UInt64) -> GestureRequest? {
        settings.gesture(
            from: pipelineTouchDown, translation: Vector(dx: translationX, dy: translationY),
            velocity: Vector(dx: velocityX, dy: velocityY), seed: seed, device: device)
    }

    /// Where a pipeline gesture touches down: the centre of the popover's static frame.
    public var pipelineTouchDown: Point {
        let size = measuredSize
        return staticOrigin + Vector(dx: size.width / 2, dy: size.height / 2)
    }
}

extension PopupDecisionProblem {
    /// From closed the finger touches down in the middle of the closed bar; from open, on the content
    /// at a third of the way down the dock (clear of the close button); it drags by the translation
    /// and lets go at the velocity.
    public func pipelineOutcome(_ settings: PipelineSettings, seed: UInt64) -> PipelineOutcome<Outcome> {
        let configuration = modelConfiguration(solver: .analytic, estimator: settings.estimator ?? Self.modelEstimator)
        return runPipeline(settings, seed: seed) { stream, clock, stopsAtFinalOutcome in
            stopsAtFinalOutcome
                ? try PopupSimulation.outcome(configuration, stream: stream, clock: clock)
                : try PopupSimulation.run(configuration, stream: stream, clock: clock).outcome
        }
    }

    public func pipelineGesture(_ settings: PipelineSettings, seed: UInt64) -> GestureRequest? {
        settings.gesture(
            from: pipelineTouchDown(modelConfiguration().geometry),
            translation: Vector(dx: translationX, dy: translationY),
            velocity: Vector(dx: velocityX, dy: velocityY), seed: seed, device: device)
    }

    /// Where a pipeline gesture touches down.
    public func pipelineTouchDown(_ geometry: PopupGeometry) -> Point {
        switch from {
        case .closed:
            let bar = geometry.closedBarFrame
            return Point(x: bar.midX, y: bar.midY)
        case .open:
            return Point(x: geometry.containerWidth / 2, y: geometry.dockTop / 3)
        }
    }
}
