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

    /// The map's details panel, written as the app's `FloatingPanelLayout` and `FloatingPanelBehavior`
    /// write it (FloatingPanel 3.2.2): a bottom panel whose half state sits 40 % of the safe area up, a tip
    /// that shows a 120 pt header (an intrinsic anchor), and a flick that may skip straight to full.
    public static var detailsPanel: SheetDecisionProblem {
        var problem = SheetDecisionProblem()
        problem.library = .floatingPanel
        problem.anchors = [
            .full: FloatingPanelAnchor(absoluteInset: 18, edge: .top, referenceGuide: .safeArea),
            .half: FloatingPanelAnchor(fractionalInset: 0.4, edge: .bottom, referenceGuide: .safeArea),
            .tip: FloatingPanelAnchor(absoluteOffset: 0, referenceGuide: .safeArea),
        ]
        problem.contentHeight = 120  // the surface's intrinsic height, which the tip anchor shows
        problem.floatingPanel.projectsMomentum = [.full]  // shouldProjectMomentum(_:to:) true for full
        problem.floatingPanel.isRemovalInteractionEnabled = true
        problem.floatingPanel.removalInteractionVelocityThreshold = 4
        problem.from = .tip
        return problem
    }

    /// The comments modal, written as the app's `PanModalPresentable` writes it (PanModal 1.2.7): a short
    /// form 300 pt tall over the home indicator, a long form at the top, a softer spring.
    public static var commentsModal: SheetDecisionProblem {
        var problem = SheetDecisionProblem()
        problem.library = .panModal
        problem.panModal = PanModalPresentable(shortFormHeight: .contentHeight(300), longFormHeight: .maxHeight)
        problem.panModal.springDamping = 0.9
        problem.panModal.transitionDuration = 0.4
        problem.from = .short
        return problem
    }
}
