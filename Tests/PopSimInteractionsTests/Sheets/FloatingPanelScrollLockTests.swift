import Testing

@testable import PopSimInteractions

/// FloatingPanel's own `test_scrollLock` (scenee/FloatingPanel@7efcc76 Tests/CoreTests.swift:13-62),
/// ported step by step onto ``FloatingPanelScrollLock``: a `UITableViewController`'s table view (bounces
/// and indicator on, l.18-19) tracked by a panel with the default layout (full, half, tip; scrollable only
/// at full), shown at half, moved in code, then a second table view tracked and shown again. Each
/// expectation cites the assertion it ports.
@Suite("FloatingPanel scroll lock (test_scrollLock)")
struct FloatingPanelScrollLockTests {
    static func isScrollable(_ state: FloatingPanelState) -> Bool { state == .full }

    @Test func scrollLockFollowsTheStates() {
        // l.17-21: a new table view, tracked.
        var lock = FloatingPanelScrollLock(bounces: true, showsVerticalScrollIndicator: true)
        #expect(lock.showsVerticalScrollIndicator && lock.bounces)
        // l.22-26: `showForTest()` shows the panel at half (from hidden): locked.
        lock.move(from: .hidden, to: .half, isScrollable: Self.isScrollable)
        #expect(!lock.showsVerticalScrollIndicator)
        #expect(!lock.bounces)
        // l.28-30: `move(to: .full, animated: false)`: unlocked.
        lock.move(from: .half, to: .full, isScrollable: Self.isScrollable)
        #expect(lock.showsVerticalScrollIndicator)
        #expect(lock.bounces)
        // l.32-34: `move(to: .tip, animated: false)`: locked.
        lock.move(from: .full, to: .tip, isScrollable: Self.isScrollable)
        #expect(!lock.showsVerticalScrollIndicator)
        #expect(!lock.bounces)
        // l.36-42: `move(to: .full, animated: true)`, in the completion: unlocked.
        lock.move(from: .tip, to: .full, isScrollable: Self.isScrollable)
        #expect(lock.showsVerticalScrollIndicator)
        #expect(lock.bounces)
        // l.44-50: `move(to: .tip, animated: false)`, in the completion: locked.
        lock.move(from: .full, to: .tip, isScrollable: Self.isScrollable)
        #expect(!lock.showsVerticalScrollIndicator)
        #expect(!lock.bounces)
        // l.52-61: another table view is tracked (unlocked with its own values, l.53-55) and the panel shown
        // again at half, from tip: locked.
        var second = FloatingPanelScrollLock(bounces: true, showsVerticalScrollIndicator: true)
        #expect(second.showsVerticalScrollIndicator && second.bounces)
        second.move(from: .tip, to: .half, isScrollable: Self.isScrollable)
        #expect(!second.showsVerticalScrollIndicator)
        #expect(!second.bounces)
    }

    /// Locking twice keeps the first saved values, so one unlock restores them (l.1130-1133, 1161-1164).
    @Test func lockAndUnlockAreIdempotent() {
        var lock = FloatingPanelScrollLock(bounces: true, showsVerticalScrollIndicator: false)
        lock.lock()
        lock.lock()
        #expect(lock.isLocked && !lock.bounces && !lock.showsVerticalScrollIndicator)
        lock.unlock()
        lock.unlock()
        #expect(!lock.isLocked && lock.bounces && !lock.showsVerticalScrollIndicator)
    }

    /// The model starts with the lock `show(animated:)` leaves: bouncing at full, not at half; a pull
    /// down at full with the content at its top locks it (strictly) before the panel moves
    /// (Sources/Core.swift:531-533).
    @Test func theModelStartsWithTheShownLock() throws {
        let layout = try SheetLayout(
            library: .floatingPanel, stops: [SheetStop(.full, y: 80), SheetStop(.half, y: 426)])
        let scrollView = SheetScrollView(contentHeight: 2000)
        let atFull = try SheetModel(
            configuration: SheetConfiguration(layout: layout, initialStop: .full, scrollView: scrollView))
        let atHalf = try SheetModel(
            configuration: SheetConfiguration(layout: layout, initialStop: .half, scrollView: scrollView))
        #expect(atFull.content?.bounces == true && atFull.scrollLock.bounces)
        #expect(atHalf.content?.bounces == false && atHalf.scrollLock.isLocked)
    }
}
