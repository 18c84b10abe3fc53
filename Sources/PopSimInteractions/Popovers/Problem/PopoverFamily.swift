import PopSimTextIO

/// aheze/Popovers as `popsim decide|simulate|sweep|threshold popover`.
public enum PopoverFamily: ModelFamily {
    public typealias Problem = PopoverDecisionProblem
    public typealias Scene = PopoverScene

    public static let name = "popover"
    public static let library = "Popovers"

    public static let decideSummary =
        "the release decision of a dragged Popovers popover: dismissed-down, dismissed-up, returned, "
        + "moved, anchor:NAME or presented"

    public static var decideDiscussion: String {
        let padding = PopoverAttributes.defaultScreenEdgePadding
        return """
            aheze/Popovers 1.3.2 (aheze/Popovers@de44c4d Sources/Popover.swift:543-593) or main
            (aheze/Popovers@576b4d3 Sources/Popover+Calculations.swift:77-133; Documentation/popovers.md §2). \
            First the drag must exist: if the finger never got
            2 pt from touch-down (--max-travel, default the translation's length) SwiftUI's DragGesture never
            recognised it and the answer is presented. Then, with P = origin + translation + S·velocity (the
            projected top-left origin) and H the window height, the first match wins:
              drag-down in the mode and P.y ≥ H − H·proximity     dismissed-down
              drag-up in the mode and P.y ≤ H·proximity             dismissed-up
              --change-location-on-dismiss (main)                    moved
              --anchors                                              anchor:NAME (nearest top-left origin, \
            ties to the first)
              otherwise                                              returned
            The bounds are inclusive and the drag direction is ignored. Prints exactly one line.

            default origin: .absolute(center → center) on the window bounds, \
            i.e. ((W − w)/2, (H − h)/2) clamped to
            \(compact(padding.top)) pt padding at the top and left and to the safe area minus \
            \(compact(padding.bottom)) pt at the bottom and right; with
            --anchors, the origin of the first anchor in the container. --container present is the safe-area
            frame (both versions); selection is the safe-area frame in 1.3.2 and the window bounds on main.
            The differences between the versions: Documentation/popovers-versions.md.
            exit status: 0 ok, 2 usage or invalid value (also a flag the chosen version does not have).
            """
    }

    public static let simulateSummary =
        "run a touch stream through the Popovers model at 60/120 Hz or ProMotion (CSV time,x,y,opacity,state)"

    public static var simulateDiscussion: String {
        let size = PopoverDecisionProblem.defaultSize
        let window = PopoverWindow.iPhone.size
        return """
            the popover is the one 'popsim decide popover' describes with the same flags (default: \
            \(compact(size.width))x\(compact(size.height))
            centred in a \(compact(window.width))x\(compact(window.height)) window); the finger must touch inside it \
            to drag it. Trace columns: the drawn
            top-left origin x,y, opacity, and state (presented, dragging, animating, dismissed). The release
            velocity is measured from the stream by --estimator (default swiftui, SwiftUI DragGesture's
            3-sample velocity, mixed by --previous-sample-weight) and projected with --prediction-time, as decide
            does with given numbers.
            --outcome prints decide's word for the last release (dismissed-down, dismissed-up, returned, moved,
            anchor:NAME), dismissed-tap-outside if a touch outside dismissed it, or presented if nothing did.
            """
    }

    public static let thresholdExample = """
        example: how fast must a 120 pt drag down be to dismiss, at 60 and at 120 Hz?
          popsim threshold popover --mode drag-down --translation 0,120 --velocity 0,0:3000
          popsim threshold popover --mode drag-down --translation 0,120 --velocity 0,0:3000 --pipeline --rate 60 \
        --noise 0.3 --trials 50
        """
}

private func compact(_ value: Double) -> String { NumberFormat.compact.format(value) }
