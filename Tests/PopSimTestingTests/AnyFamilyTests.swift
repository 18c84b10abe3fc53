import PopSimTesting
import Testing

/// PopSimTesting names no family: whatever `ModelFamilies.all` registers plays through `ModelUnderTest`
/// and `GestureOutcomeCheck`, from its decision problem or from a model configuration built in code.
@Suite("PopSimTesting: any registered family")
struct AnyFamilyTests {
    /// Every family's default problem, played as an empty touch stream: with no finger nothing moves,
    /// so the model rests where the problem starts, which is also what the ideal decision of the
    /// default release (no translation, no velocity) says: a popover stays presented, a closed popup
    /// closed, a sheet at its from-stop.
    @Test func everyRegisteredFamilyPlaysThroughItsProblem() throws {
        #expect(ModelFamilies.all.count >= 3)
        for family in ModelFamilies.all {
            let (played, decided) = try Self.restingOutcomes(of: family)
            #expect(played == decided, "\(family.name): the model says \(played), the decision \(decided)")
            #expect(played != PipelineOutcome<PopupPresentationState>.errorWord)
        }
    }

    static func restingOutcomes<Family: ModelFamily>(of _: Family.Type) throws -> (played: String, decided: String) {
        let problem = Family.Problem()
        let played = try ModelUnderTest(problem).outcome(of: TouchStream(), rate: .sixty)
        return (played, problem.outcome().word)
    }

    /// The model of a configuration built in code, not a problem: LNPopupController's snap from open
    /// closes once the travel exceeds c·d = 0.32 × 852 = 272.64 pt; a 320 pt pull does, a 200 pt one
    /// does not.
    @Test func aModelConfigurationPlaysWithoutAProblem() throws {
        var problem = PopupDecisionProblem(from: .open, style: .snap)
        problem.snapPercent = 0.32
        let model = ModelUnderTest(PopupModel.self, problem.modelConfiguration())
        let start = Point(x: 196.5, y: 256)
        let far = try GestureScript.pan(from: start, to: Point(x: 196.5, y: 256 + 320), duration: 0.4)
        let near = try GestureScript.pan(from: start, to: Point(x: 196.5, y: 256 + 200), duration: 0.4)
        #expect(GestureOutcomeCheck.expect("closed", of: far, through: model).passed)
        #expect(GestureOutcomeCheck.expect("open", of: near, through: model).passed)
    }

    /// FloatingPanel has no default layout for a panel attached to the window's top, so without stops
    /// the problem describes no model: given to `expect` directly, it fails the check with the model's
    /// error instead of throwing.
    @Test func aProblemThatDescribesNoModelFailsTheCheck() throws {
        var panel = SheetDecisionProblem()
        panel.attachment = .top
        let flick = try GestureScript.swipe(
            from: Point(x: 196.5, y: 100), to: Point(x: 196.5, y: 300), releaseVelocity: 1000)
        let check = GestureOutcomeCheck.expect("half", of: flick, through: panel)
        #expect(!check.passed)
        #expect(check.actual == nil)
        #expect(check.description.contains("but the gesture could not be played: "))
        #expect(throws: InteractionError.self) { _ = try ModelUnderTest(panel) }
    }
}
