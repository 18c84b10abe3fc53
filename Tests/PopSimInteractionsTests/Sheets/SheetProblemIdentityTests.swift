import PopSimGeometry
import Testing

@testable import PopSimInteractions

/// Whether two sheet problems configure the same model is decided field by field, without the layout
/// built from the placement: every stored property but the release and that layout must be compared, and
/// the answer must be the one comparing the problems whole (release aside) gives.
@Suite("Sheet problems that configure the same model")
struct SheetProblemIdentityTests {
    /// A stored property added to the problem fails here until ``SheetDecisionProblem/configuresSameModel(as:)``
    /// compares it (or it is shown to be derived, as the layout is).
    @Test func everyStoredPropertyButTheReleaseAndTheLayoutIsCompared() {
        let stored = Mirror(reflecting: SheetDecisionProblem()).children.compactMap(\.label)
        #expect(
            Set(stored) == Set(SheetDecisionProblem.configuringProperties + ["release", "builtLayout"]),
            "stored: \(stored)")
        #expect(stored.count == SheetDecisionProblem.configuringProperties.count + 2)
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
