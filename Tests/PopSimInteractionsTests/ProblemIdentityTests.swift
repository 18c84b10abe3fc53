import PopSimGeometry
import Testing

@testable import PopSimInteractions

/// Whether two sheet or LNPopupController problems configure the same model is decided field by field
/// (for a sheet, without the layout built from the placement): every stored property but the release
/// (and that layout) must be compared, and the answer must be the one comparing the problems whole,
/// release aside, gives.
@Suite("Problems that configure the same model")
struct ProblemIdentityTests {
    /// A stored property added to a problem fails here until its `configuresSameModel(as:)` compares it
    /// (or it is shown to be derived, as the sheet's layout is): the sheet's and LNPopupController's
    /// problems compare field by field.
    @Test(arguments: [
        (
            Mirror(reflecting: SheetDecisionProblem()).children.compactMap(\.label),
            SheetDecisionProblem.configuringProperties + ["release", "builtLayout"]
        ),
        (
            Mirror(reflecting: PopupDecisionProblem()).children.compactMap(\.label),
            PopupDecisionProblem.configuringProperties + ["release"]
        ),
    ])
    func everyStoredPropertyButTheReleaseIsCompared(stored: [String], comparedOrExcluded: [String]) {
        #expect(Set(stored) == Set(comparedOrExcluded), "stored: \(stored)")
        #expect(stored.count == comparedOrExcluded.count)
    }

    /// LNPopupController's problems: each compared property changed, and the release, answered as the
    /// whole comparison (release aside) answers.
    @Test func popupFieldsAnswerAsTheWholeProblemDoes() {
        let changes: [(PopupDecisionProblem) -> PopupDecisionProblem] = [
            {
                var p = $0
                p.release.velocity.dy = 500
                return p
            },
            {
                var p = $0
                p.libraryVersion = .modelled
                return p
            },
            {
                var p = $0
                p.style = .snap
                return p
            },
            {
                var p = $0
                p.from = .open
                return p
            },
            {
                var p = $0
                p.screen.givenWindow = Size(width: 390, height: 800)
                return p
            },
            {
                var p = $0
                p.givenDockTop = 700
                return p
            },
            {
                var p = $0
                p.snapPercent = 0.5
                return p
            },
            {
                var p = $0
                p.barButtonItemFrames = [Rect(x: 0, y: 0, width: 44, height: 44)]
                return p
            },
        ]
        let base = PopupDecisionProblem()
        for (index, change) in changes.enumerated() {
            let other = change(base)
            var whole = other
            whole.release = base.release
            #expect(base.configuresSameModel(as: other) == (whole == base), "change \(index)")
            #expect(base.configuresSameModel(as: other) == (index == 0), "change \(index)")
        }
    }

    /// One change to each compared property, and to the release.
    static let changes: [(name: String, change: @Sendable (inout SheetDecisionProblem) -> Void)] = [
        ("release", { $0.release.translation.dy = 40 }),
        ("detents", { $0.detents = [SheetStop(.full, y: 80), SheetStop(.half, y: 430), SheetStop(.tip, y: 700)] }),
        ("library", { $0.library = .panModal }),
        ("screen", { $0.screen.givenWindow = Size(width: 390, height: 800) }),
        ("scroll content", { $0.placement.scrollContentHeight = 2000 }),
        ("library version", { $0.libraryVersion = .floatingPanel }),
        ("from", { $0.from = .tip }),
        ("floating panel behaviour", { $0.floatingPanel.redirectionalProgress = 0.6 }),
        ("library parameters given", { $0.libraryParametersGiven = 1 }),
        ("scroll offset", { $0.scrollOffset = 10 }),
    ]

    /// Each change, and every pair of them, answered as the whole comparison (release aside) answers.
    @Test func theFieldsAnswerAsTheWholeProblemDoes() {
        var base = SheetDecisionProblem()
        base.detents = [SheetStop(.full, y: 80), SheetStop(.half, y: 426), SheetStop(.tip, y: 700)]
        for first in Self.changes {
            for second in Self.changes {
                var other = base
                first.change(&other)
                second.change(&other)
                var whole = other
                whole.release = base.release
                #expect(
                    base.configuresSameModel(as: other) == (whole == base),
                    "\(first.name) and \(second.name)")
            }
        }
        var released = base
        released.release.velocity.dy = 900
        #expect(base.configuresSameModel(as: released))
        var moved = base
        moved.from = .full
        #expect(!base.configuresSameModel(as: moved))
    }
}
