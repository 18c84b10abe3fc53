import PopSimGeometry
import PopSimGestures
import PopSimInteractions

extension PopoverDecisionProblem {
    /// The finger touches down at the popover's centre, drags by the translation and lets go at the
    /// velocity; the model measures both from the stream, as SwiftUI would.
    func simulatedOutcome(_ settings: PipelineSettings, seed: UInt64) -> String? {
        let rule = decision
        let center = rule.staticOrigin + Vector(dx: rule.size.width / 2, dy: rule.size.height / 2)
        do {
            let script = try GestureScript.release(from: center, translation: Vector(dx: translationX, dy: translationY),
                                                   releaseVelocity: Vector(dx: velocityX, dy: velocityY), profile: settings.profile)
            let stream = try script.touchStream(digitiser: settings.digitiser, seed: seed)
            let configuration = modelConfiguration(solver: .analytic, estimator: settings.estimator ?? .swiftui)
            return try PopoverSimulation.run(configuration, stream: stream, rate: .fixed(hertz: settings.rate)).outcome.word
        } catch {
            return "error"
        }
    }
}

extension PopupDecisionProblem {
    /// From closed the finger touches down in the middle of the closed bar; from open, on the content
    /// at a third of the way down the dock (clear of the close button); it drags by the translation
    /// and lets go at the velocity.
    func simulatedOutcome(_ settings: PipelineSettings, seed: UInt64) -> String? {
        let configuration = modelConfiguration(solver: .analytic, estimator: settings.estimator ?? .ios)
        let geometry = configuration.geometry
        let start: Point
        switch from {
        case .closed:
            let bar = geometry.closedBarFrame
            start = Point(x: bar.midX, y: bar.midY)
        case .open:
            start = Point(x: geometry.containerWidth / 2, y: geometry.dockTop / 3)
        }
        do {
            let script = try GestureScript.release(from: start, translation: Vector(dx: translationX, dy: translationY),
                                                   releaseVelocity: Vector(dx: velocityX, dy: velocityY), profile: settings.profile)
            let stream = try script.touchStream(digitiser: settings.digitiser, seed: seed)
            return try PopupSimulation.run(configuration, stream: stream, rate: .fixed(hertz: settings.rate)).outcome.rawValue
        } catch {
            return "error"
        }
    }

    /// The model these decide flags describe (the bar style is the default, floating-compact).
    func modelConfiguration(solver: SpringSolver, estimator: VelocityEstimatorKind,
                            barStyle: PopupBarStyle = .floatingCompact) -> PopupConfiguration {
        PopupConfiguration(style: style, geometry: PopupGeometry(containerHeight: screenHeight, dockTop: dockTop, barStyle: barStyle),
                           snapPercent: snapPercent, initialState: from.state, solver: solver, velocityEstimator: estimator)
    }
}
