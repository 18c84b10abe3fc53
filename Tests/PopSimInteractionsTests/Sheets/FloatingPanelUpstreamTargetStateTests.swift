import Testing

@testable import PopSimInteractions

/// FloatingPanel's own release vectors, every `(position, velocity, expected state)` tuple of the
/// `test_targetState_*` tests in `Tests/CoreTests.swift` at scenee/FloatingPanel@7efcc76 (tag 3.2.2),
/// each with its upstream line, run through ``FloatingPanelReleaseRule``.
///
/// The upstream tests lay the panel out in a 375 × 667 pt view with anchors relative to the superview
/// (Tests/TestSupports.swift:6-16, 29-73): the bottom test layout has full 20 pt below the top, half
/// 250 pt and tip 60 pt above the bottom, so full = 20, half = 417, tip = 607; the top layout
/// (`FloatingPanelTop2BottomTestLayout`) has tip 60 and half 250 below the top and full 0 above the
/// bottom, so tip = 60, half = 250, full = 667; a `hidden` anchor with inset 0 from the bottom is 667.
/// Every position is a whole number of points, so the display scale (the simulator's) does not change
/// them. Each tuple sets the panel's state with `move(to:animated:)` before it; `from` records that
/// state, and the position is the named anchor plus the offset, as upstream writes it.
@Suite("FloatingPanel upstream target-state vectors")
struct FloatingPanelUpstreamTargetStateTests {
    struct Row: Sendable, CustomStringConvertible {
        /// Line in Tests/CoreTests.swift at scenee/FloatingPanel@7efcc76.
        let line: Int
        let from: FloatingPanelState
        let at: FloatingPanelState
        let offset: Double
        let velocity: Double
        let expected: FloatingPanelState

        init(
            _ line: Int, from: FloatingPanelState, at: FloatingPanelState, _ offset: Double, v velocity: Double,
            _ expected: FloatingPanelState
        ) {
            self.line = line
            self.from = from
            self.at = at
            self.offset = offset
            self.velocity = velocity
            self.expected = expected
        }

        var description: String { "CoreTests.swift:\(line)" }
    }

    static let window = 667.0

    static func bottom(_ anchors: [(FloatingPanelState, Double)]) -> FloatingPanelLayout {
        try! FloatingPanelLayout(position: .bottom, anchors: anchors, windowHeight: window, displayScale: 2)
    }

    static let bottomOne = bottom([(.full, 20)])
    static let bottomTwo = bottom([(.full, 20), (.half, 417)])
    static let bottomTwoWithHidden = bottom([(.full, 20), (.hidden, 667)])
    static let bottomThree = bottom([(.full, 20), (.half, 417), (.tip, 607)])
    static let bottomThreeWithHidden = bottom([(.full, 20), (.half, 417), (.hidden, 667)])
    static let bottomThreeWithHiddenWithoutFull = bottom([(.half, 417), (.tip, 607), (.hidden, 667)])
    static let topThree = try! FloatingPanelLayout(
        position: .top, anchors: [(.tip, 60), (.half, 250), (.full, 667)],
        windowHeight: window, displayScale: 2)

    func check(_ row: Row, _ layout: FloatingPanelLayout, _ behavior: FloatingPanelBehavior = .default) {
        let y = layout.position(for: row.at) + row.offset
        let target = FloatingPanelReleaseRule.targetState(
            layout: layout, behavior: behavior, from: row.from, y: y,
            velocity: row.velocity)
        #expect(target == row.expected, "CoreTests.swift:\(row.line): y = \(y), v = \(row.velocity) from \(row.from)")
    }

    @Test(arguments: onePositionVectors) func onePosition(_ row: Row) { check(row, Self.bottomOne) }
    @Test(arguments: twoPositionsVectors) func twoPositions(_ row: Row) { check(row, Self.bottomTwo) }
    @Test(arguments: twoPositionsWithHiddenVectors) func twoPositionsWithHidden(_ row: Row) {
        check(row, Self.bottomTwoWithHidden)
    }
    @Test(arguments: threePositionsFromFullVectors) func threePositionsFromFull(_ row: Row) {
        check(row, Self.bottomThree)
    }
    @Test(arguments: threePositionsFromFullTopVectors) func threePositionsFromFullTop(_ row: Row) {
        check(row, Self.topThree)
    }
    @Test(arguments: threePositionsFromHalfVectors) func threePositionsFromHalf(_ row: Row) {
        check(row, Self.bottomThree)
    }
    @Test(arguments: threePositionsFromHalfTopVectors) func threePositionsFromHalfTop(_ row: Row) {
        check(row, Self.topThree)
    }
    @Test(arguments: threePositionsFromTipVectors) func threePositionsFromTip(_ row: Row) {
        check(row, Self.bottomThree)
    }
    @Test(arguments: threePositionsFromTipTopVectors) func threePositionsFromTipTop(_ row: Row) {
        check(row, Self.topThree)
    }
    /// Upstream sets `FloatingPanelProjectableBehavior` (shouldProjectMomentum always true,
    /// Tests/TestSupports.swift:85-89).
    @Test(arguments: threePositionsAllProjectionVectors) func threePositionsAllProjection(_ row: Row) {
        check(row, Self.bottomThree, .projectingMomentum)
    }
    @Test(arguments: threePositionsWithHiddenVectors) func threePositionsWithHidden(_ row: Row) {
        check(row, Self.bottomThreeWithHidden)
    }
    /// Upstream sets `FloatingPanelProjectableBehavior` here too (CoreTests.swift:789).
    @Test(arguments: threePositionsWithHiddenWithoutFullVectors) func threePositionsWithHiddenWithoutFull(_ row: Row) {
        check(row, Self.bottomThreeWithHiddenWithoutFull, .projectingMomentum)
    }

    /// All 265 tuples are here, each line once.
    @Test func everyUpstreamTupleIsPorted() {
        let all = [
            Self.onePositionVectors, Self.twoPositionsVectors, Self.twoPositionsWithHiddenVectors,
            Self.threePositionsFromFullVectors,
            Self.threePositionsFromFullTopVectors, Self.threePositionsFromHalfVectors,
            Self.threePositionsFromHalfTopVectors,
            Self.threePositionsFromTipVectors, Self.threePositionsFromTipTopVectors,
            Self.threePositionsAllProjectionVectors,
            Self.threePositionsWithHiddenVectors, Self.threePositionsWithHiddenWithoutFullVectors,
        ].flatMap { $0 }
        #expect(all.count == 265)
        #expect(Set(all.map(\.line)).count == 265)
        #expect(all.allSatisfy { (299...819).contains($0.line) })
    }
}

extension FloatingPanelUpstreamTargetStateTests {
    /// `test_targetState_1positions` (7 vectors).
    static let onePositionVectors: [Row] = [
        Row(317, from: .full, at: .full, -10, v: 1000, .full),
        Row(318, from: .full, at: .full, 0, v: -1000, .full),
        Row(319, from: .full, at: .full, 0, v: -100, .full),
        Row(320, from: .full, at: .full, 0, v: 0, .full),
        Row(321, from: .full, at: .full, 0, v: 100, .full),
        Row(322, from: .full, at: .full, 0, v: 1000, .full),
        Row(323, from: .full, at: .full, 10, v: 100, .full),
    ]

    /// `test_targetState_2positions` (28 vectors).
    static let twoPositionsVectors: [Row] = [
        Row(348, from: .full, at: .full, -10, v: 1000, .half),
        Row(349, from: .full, at: .full, 0, v: -1000, .full),
        Row(350, from: .full, at: .full, 0, v: -100, .full),
        Row(351, from: .full, at: .full, 0, v: 0, .full),
        Row(352, from: .full, at: .full, 0, v: 100, .full),
        Row(353, from: .full, at: .full, 0, v: 1000, .half),
        Row(354, from: .full, at: .full, 10, v: 100, .full),
        Row(355, from: .full, at: .half, -10, v: -100, .half),
        Row(356, from: .full, at: .half, 0, v: -1000, .full),
        Row(357, from: .full, at: .half, 0, v: -100, .half),
        Row(358, from: .full, at: .half, 0, v: 0, .half),
        Row(359, from: .full, at: .half, 0, v: 100, .half),
        Row(360, from: .full, at: .half, 0, v: 1000, .half),
        Row(361, from: .full, at: .half, 10, v: -1000, .full),
        Row(365, from: .half, at: .full, -10, v: 1000, .half),
        Row(366, from: .half, at: .full, 0, v: -1000, .full),
        Row(367, from: .half, at: .full, 0, v: -100, .full),
        Row(368, from: .half, at: .full, 0, v: 0, .full),
        Row(369, from: .half, at: .full, 0, v: 100, .full),
        Row(370, from: .half, at: .full, 0, v: 1000, .half),
        Row(371, from: .half, at: .full, 10, v: 100, .full),
        Row(372, from: .half, at: .half, -10, v: -100, .half),
        Row(373, from: .half, at: .half, 0, v: -1000, .full),
        Row(374, from: .half, at: .half, 0, v: -100, .half),
        Row(375, from: .half, at: .half, 0, v: 0, .half),
        Row(376, from: .half, at: .half, 0, v: 100, .half),
        Row(377, from: .half, at: .half, 0, v: 1000, .half),
        Row(378, from: .half, at: .half, 10, v: -1000, .full),
    ]

    /// `test_targetState_2positionsWithHidden` (28 vectors).
    static let twoPositionsWithHiddenVectors: [Row] = [
        Row(403, from: .full, at: .full, -10, v: 1000, .hidden),
        Row(404, from: .full, at: .full, 0, v: -1000, .full),
        Row(405, from: .full, at: .full, 0, v: -100, .full),
        Row(406, from: .full, at: .full, 0, v: 0, .full),
        Row(407, from: .full, at: .full, 0, v: 100, .full),
        Row(408, from: .full, at: .full, 0, v: 1000, .hidden),
        Row(409, from: .full, at: .full, 10, v: 100, .full),
        Row(410, from: .full, at: .hidden, -10, v: -100, .hidden),
        Row(411, from: .full, at: .hidden, 0, v: -1000, .full),
        Row(412, from: .full, at: .hidden, 0, v: -100, .hidden),
        Row(413, from: .full, at: .hidden, 0, v: 0, .hidden),
        Row(414, from: .full, at: .hidden, 0, v: 100, .hidden),
        Row(415, from: .full, at: .hidden, 0, v: 1000, .hidden),
        Row(416, from: .full, at: .hidden, 10, v: -1000, .full),
        Row(420, from: .hidden, at: .full, -10, v: 1000, .hidden),
        Row(421, from: .hidden, at: .full, 0, v: -1000, .full),
        Row(422, from: .hidden, at: .full, 0, v: -100, .full),
        Row(423, from: .hidden, at: .full, 0, v: 0, .full),
        Row(424, from: .hidden, at: .full, 0, v: 100, .full),
        Row(425, from: .hidden, at: .full, 0, v: 1000, .hidden),
        Row(426, from: .hidden, at: .full, 10, v: 100, .full),
        Row(427, from: .hidden, at: .hidden, -10, v: -100, .hidden),
        Row(428, from: .hidden, at: .hidden, 0, v: -1000, .full),
        Row(429, from: .hidden, at: .hidden, 0, v: -100, .hidden),
        Row(430, from: .hidden, at: .hidden, 0, v: 0, .hidden),
        Row(431, from: .hidden, at: .hidden, 0, v: 100, .hidden),
        Row(432, from: .hidden, at: .hidden, 0, v: 1000, .hidden),
        Row(433, from: .hidden, at: .hidden, 10, v: -1000, .full),
    ]

    /// `test_targetState_3positionsFromFull` (28 vectors).
    static let threePositionsFromFullVectors: [Row] = [
        Row(450, from: .full, at: .full, -500, v: -100, .full),
        Row(451, from: .full, at: .full, -500, v: 0, .full),
        Row(452, from: .full, at: .full, -500, v: 100, .full),
        Row(453, from: .full, at: .full, -10, v: 3000, .half),
        Row(454, from: .full, at: .full, 0, v: -100, .full),
        Row(455, from: .full, at: .full, 0, v: 0, .full),
        Row(456, from: .full, at: .full, 0, v: 500, .half),
        Row(457, from: .full, at: .full, 0, v: 1000, .half),
        Row(458, from: .full, at: .full, 0, v: 3000, .half),
        Row(459, from: .full, at: .full, 10, v: 100, .full),
        Row(460, from: .full, at: .half, -10, v: -100, .half),
        Row(461, from: .full, at: .half, 0, v: -1000, .full),
        Row(462, from: .full, at: .half, 0, v: -100, .half),
        Row(463, from: .full, at: .half, 0, v: 0, .half),
        Row(464, from: .full, at: .half, 0, v: 100, .half),
        Row(465, from: .full, at: .half, 0, v: 1000, .tip),
        Row(466, from: .full, at: .half, 10, v: 100, .half),
        Row(467, from: .full, at: .tip, -10, v: -100, .tip),
        Row(468, from: .full, at: .tip, 0, v: -3000, .half),
        Row(469, from: .full, at: .tip, 0, v: -1000, .half),
        Row(470, from: .full, at: .tip, 0, v: -500, .half),
        Row(471, from: .full, at: .tip, 0, v: -100, .tip),
        Row(472, from: .full, at: .tip, 0, v: 0, .tip),
        Row(473, from: .full, at: .tip, 0, v: 100, .tip),
        Row(474, from: .full, at: .tip, 10, v: -3000, .half),
        Row(475, from: .full, at: .tip, 500, v: -100, .tip),
        Row(476, from: .full, at: .tip, 500, v: 0, .tip),
        Row(477, from: .full, at: .tip, 500, v: 100, .tip),
    ]

    /// `test_targetState_3positionsFromFull_bottomEdge` (28 vectors).
    static let threePositionsFromFullTopVectors: [Row] = [
        Row(494, from: .full, at: .tip, -500, v: -100, .tip),
        Row(495, from: .full, at: .tip, -500, v: 0, .tip),
        Row(496, from: .full, at: .tip, -500, v: 100, .tip),
        Row(497, from: .full, at: .tip, -10, v: 3000, .half),
        Row(498, from: .full, at: .tip, 0, v: -100, .tip),
        Row(499, from: .full, at: .tip, 0, v: 0, .tip),
        Row(500, from: .full, at: .tip, 0, v: 500, .half),
        Row(501, from: .full, at: .tip, 0, v: 1000, .half),
        Row(502, from: .full, at: .tip, 0, v: 3000, .half),
        Row(503, from: .full, at: .tip, 10, v: 100, .tip),
        Row(504, from: .full, at: .half, -10, v: -100, .half),
        Row(505, from: .full, at: .half, 0, v: -1000, .tip),
        Row(506, from: .full, at: .half, 0, v: -100, .half),
        Row(507, from: .full, at: .half, 0, v: 0, .half),
        Row(508, from: .full, at: .half, 0, v: 100, .half),
        Row(509, from: .full, at: .half, 0, v: 1000, .full),
        Row(510, from: .full, at: .half, 10, v: 100, .half),
        Row(511, from: .full, at: .full, -10, v: -100, .full),
        Row(512, from: .full, at: .full, 0, v: -3000, .half),
        Row(513, from: .full, at: .full, 0, v: -1000, .half),
        Row(514, from: .full, at: .full, 0, v: -500, .half),
        Row(515, from: .full, at: .full, 0, v: -100, .full),
        Row(516, from: .full, at: .full, 0, v: 0, .full),
        Row(517, from: .full, at: .full, 0, v: 100, .full),
        Row(518, from: .full, at: .full, 10, v: -3000, .half),
        Row(519, from: .full, at: .full, 500, v: -100, .full),
        Row(520, from: .full, at: .full, 500, v: 0, .full),
        Row(521, from: .full, at: .full, 500, v: 100, .full),
    ]

    /// `test_targetState_3positionsFromHalf` (26 vectors).
    static let threePositionsFromHalfVectors: [Row] = [
        Row(538, from: .half, at: .full, -500, v: -100, .full),
        Row(539, from: .half, at: .full, -500, v: 0, .full),
        Row(540, from: .half, at: .full, -500, v: 100, .full),
        Row(541, from: .half, at: .full, 0, v: -100, .full),
        Row(542, from: .half, at: .full, 0, v: 0, .full),
        Row(543, from: .half, at: .full, 0, v: 500, .half),
        Row(544, from: .half, at: .full, 0, v: 1000, .half),
        Row(545, from: .half, at: .full, 0, v: 3000, .half),
        Row(546, from: .half, at: .full, 10, v: 100, .full),
        Row(547, from: .half, at: .half, -10, v: -100, .half),
        Row(548, from: .half, at: .half, 0, v: -1000, .full),
        Row(549, from: .half, at: .half, 0, v: -100, .half),
        Row(550, from: .half, at: .half, 0, v: 0, .half),
        Row(551, from: .half, at: .half, 0, v: 100, .half),
        Row(552, from: .half, at: .half, 0, v: 1000, .tip),
        Row(553, from: .half, at: .half, 10, v: 100, .half),
        Row(554, from: .half, at: .tip, -10, v: -100, .tip),
        Row(555, from: .half, at: .tip, 0, v: -3000, .half),
        Row(556, from: .half, at: .tip, 0, v: -1000, .half),
        Row(557, from: .half, at: .tip, 0, v: -500, .half),
        Row(558, from: .half, at: .tip, 0, v: -100, .tip),
        Row(559, from: .half, at: .tip, 0, v: 0, .tip),
        Row(560, from: .half, at: .tip, 0, v: 100, .tip),
        Row(561, from: .half, at: .tip, 500, v: -100, .tip),
        Row(562, from: .half, at: .tip, 500, v: 0, .tip),
        Row(563, from: .half, at: .tip, 500, v: 100, .tip),
    ]

    /// `test_targetState_3positionsFromHalf_bottomEdge` (26 vectors).
    static let threePositionsFromHalfTopVectors: [Row] = [
        Row(580, from: .half, at: .tip, -500, v: -100, .tip),
        Row(581, from: .half, at: .tip, -500, v: 0, .tip),
        Row(582, from: .half, at: .tip, -500, v: 100, .tip),
        Row(583, from: .half, at: .tip, 0, v: -100, .tip),
        Row(584, from: .half, at: .tip, 0, v: 0, .tip),
        Row(585, from: .half, at: .tip, 0, v: 500, .half),
        Row(586, from: .half, at: .tip, 0, v: 1000, .half),
        Row(587, from: .half, at: .tip, 0, v: 3000, .half),
        Row(588, from: .half, at: .tip, 10, v: 100, .tip),
        Row(589, from: .half, at: .half, -10, v: -100, .half),
        Row(590, from: .half, at: .half, 0, v: -1000, .tip),
        Row(591, from: .half, at: .half, 0, v: -100, .half),
        Row(592, from: .half, at: .half, 0, v: 0, .half),
        Row(593, from: .half, at: .half, 0, v: 100, .half),
        Row(594, from: .half, at: .half, 0, v: 1000, .full),
        Row(595, from: .half, at: .half, 10, v: 100, .half),
        Row(596, from: .half, at: .full, -10, v: -100, .full),
        Row(597, from: .half, at: .full, 0, v: -3000, .half),
        Row(598, from: .half, at: .full, 0, v: -1000, .half),
        Row(599, from: .half, at: .full, 0, v: -500, .half),
        Row(600, from: .half, at: .full, 0, v: -100, .full),
        Row(601, from: .half, at: .full, 0, v: 0, .full),
        Row(602, from: .half, at: .full, 0, v: 100, .full),
        Row(603, from: .half, at: .full, 500, v: -100, .full),
        Row(604, from: .half, at: .full, 500, v: 0, .full),
        Row(605, from: .half, at: .full, 500, v: 100, .full),
    ]

    /// `test_targetState_3positionsFromTip` (26 vectors).
    static let threePositionsFromTipVectors: [Row] = [
        Row(623, from: .tip, at: .full, -500, v: -100, .full),
        Row(624, from: .tip, at: .full, -500, v: 0, .full),
        Row(625, from: .tip, at: .full, -500, v: 100, .full),
        Row(626, from: .tip, at: .full, 0, v: -100, .full),
        Row(627, from: .tip, at: .full, 0, v: 0, .full),
        Row(628, from: .tip, at: .full, 0, v: 500, .half),
        Row(629, from: .tip, at: .full, 0, v: 1000, .half),
        Row(630, from: .tip, at: .full, 0, v: 3000, .half),
        Row(631, from: .tip, at: .full, 10, v: 100, .full),
        Row(632, from: .tip, at: .half, -10, v: -100, .half),
        Row(633, from: .tip, at: .half, 0, v: -3000, .full),
        Row(634, from: .tip, at: .half, 0, v: -100, .half),
        Row(635, from: .tip, at: .half, 0, v: 0, .half),
        Row(636, from: .tip, at: .half, 0, v: 100, .half),
        Row(637, from: .tip, at: .half, 0, v: 1000, .tip),
        Row(638, from: .tip, at: .half, 10, v: 100, .half),
        Row(639, from: .tip, at: .tip, -10, v: -100, .tip),
        Row(640, from: .tip, at: .tip, 0, v: -3000, .half),
        Row(641, from: .tip, at: .tip, 0, v: -1000, .half),
        Row(642, from: .tip, at: .tip, 0, v: -500, .half),
        Row(643, from: .tip, at: .tip, 0, v: -100, .tip),
        Row(644, from: .tip, at: .tip, 0, v: 0, .tip),
        Row(645, from: .tip, at: .tip, 0, v: 100, .tip),
        Row(646, from: .tip, at: .tip, 500, v: -100, .tip),
        Row(647, from: .tip, at: .tip, 500, v: 0, .tip),
        Row(648, from: .tip, at: .tip, 500, v: 100, .tip),
    ]

    /// `test_targetState_3positionsFromTip_bottomEdge` (26 vectors).
    static let threePositionsFromTipTopVectors: [Row] = [
        Row(666, from: .tip, at: .tip, -500, v: -100, .tip),
        Row(667, from: .tip, at: .tip, -500, v: 0, .tip),
        Row(668, from: .tip, at: .tip, -500, v: 100, .tip),
        Row(669, from: .tip, at: .tip, 0, v: -100, .tip),
        Row(670, from: .tip, at: .tip, 0, v: 0, .tip),
        Row(671, from: .tip, at: .tip, 0, v: 500, .half),
        Row(672, from: .tip, at: .tip, 0, v: 1000, .half),
        Row(673, from: .tip, at: .tip, 0, v: 3000, .half),
        Row(674, from: .tip, at: .tip, 10, v: 100, .tip),
        Row(675, from: .tip, at: .half, -10, v: -100, .half),
        Row(676, from: .tip, at: .half, 0, v: -3000, .tip),
        Row(677, from: .tip, at: .half, 0, v: -100, .half),
        Row(678, from: .tip, at: .half, 0, v: 0, .half),
        Row(679, from: .tip, at: .half, 0, v: 100, .half),
        Row(680, from: .tip, at: .half, 0, v: 1000, .full),
        Row(681, from: .tip, at: .half, 10, v: 100, .half),
        Row(682, from: .tip, at: .full, -10, v: -100, .full),
        Row(683, from: .tip, at: .full, 0, v: -3000, .half),
        Row(684, from: .tip, at: .full, 0, v: -1000, .half),
        Row(685, from: .tip, at: .full, 0, v: -500, .half),
        Row(686, from: .tip, at: .full, 0, v: -100, .full),
        Row(687, from: .tip, at: .full, 0, v: 0, .full),
        Row(688, from: .tip, at: .full, 0, v: 100, .full),
        Row(689, from: .tip, at: .full, 500, v: -100, .full),
        Row(690, from: .tip, at: .full, 500, v: 0, .full),
        Row(691, from: .tip, at: .full, 500, v: 100, .full),
    ]

    /// `test_targetState_3positionsAllProjection` (20 vectors).
    static let threePositionsAllProjectionVectors: [Row] = [
        Row(710, from: .full, at: .full, -10, v: 3000, .tip),
        Row(711, from: .full, at: .full, 0, v: 1000, .tip),
        Row(712, from: .full, at: .full, 0, v: 3000, .tip),
        Row(713, from: .full, at: .half, 0, v: 1000, .tip),
        Row(714, from: .full, at: .half, 0, v: -1000, .full),
        Row(715, from: .full, at: .tip, 0, v: -3000, .full),
        Row(716, from: .full, at: .tip, 0, v: -1000, .full),
        Row(717, from: .full, at: .tip, 10, v: -3000, .full),
        Row(723, from: .tip, at: .full, 0, v: 1000, .tip),
        Row(724, from: .tip, at: .full, 0, v: 3000, .tip),
        Row(725, from: .tip, at: .tip, 0, v: -3000, .full),
        Row(726, from: .tip, at: .tip, 0, v: -1000, .full),
        Row(732, from: .tip, at: .full, -10, v: 3000, .tip),
        Row(733, from: .tip, at: .full, 0, v: 1000, .tip),
        Row(734, from: .tip, at: .full, 0, v: 3000, .tip),
        Row(735, from: .tip, at: .half, 0, v: 1000, .tip),
        Row(736, from: .tip, at: .half, 0, v: -1000, .full),
        Row(737, from: .tip, at: .tip, 0, v: -3000, .full),
        Row(738, from: .tip, at: .tip, 0, v: -1000, .full),
        Row(739, from: .tip, at: .tip, 10, v: -3000, .full),
    ]

    /// `test_targetState_3positionsWithHidden` (5 vectors).
    static let threePositionsWithHiddenVectors: [Row] = [
        Row(762, from: .full, at: .full, 0, v: 1000, .half),
        Row(766, from: .half, at: .half, 0, v: -100, .half),
        Row(767, from: .half, at: .half, 0, v: -1000, .full),
        Row(768, from: .half, at: .half, 0, v: 0, .half),
        Row(769, from: .half, at: .half, 0, v: 1000, .hidden),
    ]

    /// `test_targetState_3positionsWithHiddenWithoutFull` (17 vectors).
    static let threePositionsWithHiddenWithoutFullVectors: [Row] = [
        Row(798, from: .half, at: .half, 0, v: -100, .half),
        Row(799, from: .half, at: .half, 0, v: 0, .half),
        Row(800, from: .half, at: .half, 0, v: 385, .tip),
        Row(801, from: .half, at: .half, 0, v: 1000, .hidden),
        Row(802, from: .half, at: .half, 10, v: 100, .half),
        Row(803, from: .half, at: .tip, -10, v: -100, .tip),
        Row(804, from: .half, at: .tip, 0, v: -3000, .half),
        Row(805, from: .half, at: .tip, 0, v: -10, .tip),
        Row(806, from: .half, at: .tip, 0, v: 0, .tip),
        Row(807, from: .half, at: .tip, 0, v: 10, .tip),
        Row(808, from: .half, at: .tip, 0, v: 1000, .hidden),
        Row(809, from: .half, at: .tip, 10, v: 10, .tip),
        Row(810, from: .half, at: .tip, -10, v: 10, .tip),
        Row(814, from: .tip, at: .tip, 0, v: -100, .tip),
        Row(815, from: .tip, at: .tip, 0, v: -1000, .half),
        Row(816, from: .tip, at: .tip, 0, v: 0, .tip),
        Row(817, from: .tip, at: .tip, 0, v: 1000, .hidden),
    ]
}
