import PopSimDynamics

/// What each `popsim fit` command's help says about its model, method and output.
enum FitDiscussion {
    static let maximumDampingRatio = SpringFitOptions.maximumDampingRatioParameter.flag

    static let spring = """
        model: x(t) = to + e^(−λτ)[x₀·C(τ) + (v₀ + λx₀)·S(τ)] with τ = t − t₀ − delay, \
        x₀ = from − to and
        v₀ the initial velocity (the closed form of 'popsim spring', every damping ratio); x = from before the
        start. t₀ is the first row's time (with --from-time, the first row at or after it). Unit mass: a
        trajectory determines k/m and c/m only. The position is the column named by --column (default
        position), so a 'popsim simulate' trace fits directly:
          popsim simulate popup … | popsim fit spring --column content_y --from-time <release time> --free velocity -
        unknowns: the spring, the start and the target always (unless held); with --free, also
          from      solved for, or held at --from X     the model is linear in from, to and velocity:
          to        solved for, or held at --to X       they start from their least-squares values
          velocity  0, or --velocity V; --free velocity at the start point
          delay     0, or --delay S; --free delay       starts from the last row before the position first
                                                        moves 2 % of its range, or up to 8 frames earlier
        start: a scan of 20 responses × 11 damping ratios (× 5 delays when free), the best three refined;
        then GSL's trust-region Levenberg–Marquardt with geodesic acceleration (gsl_multifit_nlinear) fits
        every row with the analytic Jacobian. Hold only what you know exactly: a recording's first and last
        rows carry its noise, and holding the start or target at them biases the spring and understates its
        errors. Free the velocity of a motion started from a gesture and the delay of a recording that starts
        before the motion, but not both for a motion that starts from rest. Documentation/fitting.md has the
        details.
        output keys (key=value): mass, stiffness, damping, damping_ratio, response, duration, bounce,
        settling_time (as 'popsim spring-info'), each with <key>_stderr except mass and settling_time; from,
        to, velocity, delay, with <key>_stderr when solved for; rms_residual (√(Σw·r²/Σw)), iterations,
        points, nearest_preset (a --preset name: the smallest RMS difference of unit step responses) and
        nearest_preset_distance (that difference, a fraction of the travel). Standard errors scale the
        covariance by the residual variance (weights are relative) and carry it to each quantity to first order.
        overdamped limit: a first-order approach x = to + (from − to)·e^(−t/τ) is the limit of springs with
        ζ → ∞; when the free fit fails or ends past \(maximumDampingRatio), ζ is held there and the rest fitted,
        and if that is a constrained minimum the output ends with limit=damping_ratio_bound, time_constant
        (τ = (ζ + √(ζ² − 1))/ω₀, s) and time_constant_stderr, and a note names the limit.
        exit status: 0 ok; 2 usage; 65 malformed data or a trace that cannot determine the spring (fewer than
        5 rows, constant position, a free quantity with no effect, no row after --from-time); 70 no
        convergence; 74 unreadable file.
        """

    static let rubberBand = """
        finger is the finger's translation past the limit, offset the view's displayed offset (points). Families:
          hyperbolic  sgn(x)·|x|·c·d/(d + c·|x|)   UIScrollView (c = 0.55, d the view's length) and
                                                  LNPopupController's snap band (c = snap percent 0.32, \
        d the container height)
          power       sgn(x)·s·|x|^k              aheze/Popovers (s = 1, k = 0.7)
        each fitted by GSL's gsl_multifit_nlinear (trust-region Levenberg–Marquardt, geodesic acceleration,
        analytic Jacobian) in (ln, ln) of its parameters from a linearised start.
        output: one line per family, smallest rms_residual first:
          family=hyperbolic c=… d=… c_stderr=… d_stderr=… rms_residual=… \
        closest=uiscrollview|lnpopupcontroller-snap
          family=power s=… k=… s_stderr=… k_stderr=… rms_residual=… closest=popovers
        closest names the known configuration of the family nearest in c (hyperbolic; d is the view's own size)
        or the power law's one configuration. With --dimension, d_stderr is 0.
        exit status: 0 ok; 2 usage; 65 malformed data or fewer than 5 rows, no over-drag, a flat offset;
        70 no convergence; 74 unreadable file.
        """

    static let prediction = """
        model (PopSim's, after OpenSwiftUI's VelocitySampler): predicted − translation = T·(w·v21 + (1 − w)·v32),
        v21 and v32 the velocities of the previous and last segments between the last three rows (default
        T = 0.25 s, w = 0.75). Linear in T·w and T·(1 − w), so solved by linear least squares over the x and y
        equations of every row; no iteration. A drag starts where x,y − translation (SwiftUI's startLocation)
        changes; its first two rows are skipped (SwiftUI's sampler may hold samples the log does not show).
        Documentation/fitting.md gives the SwiftUI code that writes the log.
        output keys (key=value): prediction_time, prediction_time_stderr, previous_sample_weight,
        previous_sample_weight_stderr, last_sample_weight (1 − w), last_sample_weight_stderr, rms_residual (pt),
        points (rows used).
        --apply prints one line, '--prediction-time T --previous-sample-weight W', for
        'popsim decide popover', 'simulate popover' and 'sweep popover' (e.g. popsim simulate popover
        $(popsim fit prediction log.csv --apply) ...); it fails with 65 when T < 0 or W is outside [0, 1].
        exit status: 0 ok; 2 usage; 65 malformed data or a log that cannot determine T and w (fewer than 5
        usable rows, velocities that never change); 74 unreadable file.
        """
}
