import PopSim

/// The interaction parameters this app ships, in one place: what its tests guard.
public enum SheetFeel {
    /// The share sheet: a 320 × 240 pt Popovers popover centred in an iPhone 15 Pro Max window
    /// (430 × 932 pt), dismissed by dragging it down past the lowest 20 % of the window.
    public static var shareSheet: PopoverDecisionProblem {
        var problem = PopoverDecisionProblem()
        problem.screen.window.width = 430
        problem.screen.window.height = 932
        problem.size.width = 320
        problem.size.height = 240
        problem.mode = .dragDown
        problem.proximity = 0.2
        return problem
    }

    /// The now-playing bar: LNPopupController's snap style, closing once a pull from open travels more
    /// than the snap percent of the container.
    public static var nowPlaying: PopupDecisionProblem {
        var problem = PopupDecisionProblem(from: .open, style: .snap)
        problem.screenHeight = 932
        problem.dockTop = 849
        problem.snapPercent = 0.32
        return problem
    }
}
