extension GestureRequest.Kind {
    private typealias Request = GestureRequest

    /// What `popsim synth <kind>` writes, in one line.
    public var summary: String {
        switch self {
        case .tap: return "synthesise a tap as a touch-stream CSV"
        case .doubleTap: return "synthesise a double tap (two taps of touch 0) as a touch-stream CSV"
        case .longPress: return "synthesise a long press as a touch-stream CSV"
        case .pan:
            return
                "synthesise a pan (drag from \(Request.fromParameter.flag) to \(Request.toParameter.flag)) as a touch-stream CSV"
        case .swipe: return "synthesise a swipe/flick released at a requested velocity as a touch-stream CSV"
        case .pinch: return "synthesise a two-finger pinch (touches 0 and 1) as a touch-stream CSV"
        case .release:
            return
                "synthesise a drag by a translation let go at a velocity "
                + "(a pipeline sweep's gesture) as a touch-stream CSV"
        }
    }

    /// How the gesture is built, for its help.
    public var discussion: String {
        let output = """
            output: CSV time,phase,x,y,touch (s, UIKit phase, pt, touch id); the first sample is 'began' at time 0,
            each touch ends with 'ended'; numbers in shortest round-trip form. The same flags and seed give
            byte-identical output on every run and machine.
            """
        switch self {
        case .swipe:
            return output + """


                The movement before the lift-off is the first part of the profile, released while still moving; without
                \(Request.swipeSecondsParameter.flag) it is released in the middle (the speed peak of min-jerk), \
                so T = 1.875·D/V for min-jerk.
                Check what each platform measures with 'popsim velocity --estimator NAME', or make one of them measure
                exactly \(Request.releaseVelocityParameter.flag) with \(Request.measuredByParameter.flag) NAME.
                """
        case .release:
            return output + """


                The gesture 'popsim sweep --pipeline' runs at every grid point: a movement along the profile, a
                ramp at constant acceleration into \(Request.velocityParameter.flag), and the lift-off tail, joined \
                with continuous
                velocity and ending exactly at \(Request.fromParameter.flag) + \(Request.translationParameter.flag); \
                with \(Request.velocityParameter.flag) 0,0 the finger moves there
                and lifts at rest. With the sweep's rate (or \(Request.deviceParameter.flag)), \
                \(Request.noiseParameter.flag) and a row's seed it is the stream
                that row was decided on: 'popsim sweep … --pipeline --replay ROW' prints the command.
                """
        case .pinch:
            return output + """


                pinch geometry: either \(Request.fromParameter.flag) A \(Request.toParameter.flag) B \
                (the fingers start at A and B and move along the line AB about
                its midpoint) or \(Request.centerParameter.flag), \(Request.fromDistanceParameter.flag) and \
                \(Request.angleParameter.flag); \(Request.toDistanceParameter.flag) sets where they end.
                """
        default:
            return output
        }
    }
}
