import PopSimGeometry

/// The container a `.relative` popover (picture-in-picture) gets when the app does not set
/// `sourceFrame`: each SwiftUI modifier sets its own default before the app's attribute closure runs.
public enum PopoverContainerDefault: String, Sendable, Hashable, CaseIterable {
    /// `.popover(present:attributes:view:)`: `window.safeAreaLayoutGuide.layoutFrame` in both versions
    /// (aheze/Popovers@de44c4d Sources/SwiftUI/Modifiers.swift:86-93, aheze/Popovers@576b4d3
    /// Sources/SwiftUI/Modifiers.swift:96-103).
    case present
    /// `.popover(selection:tag:attributes:view:)`: the safe-area frame in 1.3.2
    /// (aheze/Popovers@de44c4d Sources/SwiftUI/Modifiers.swift:234-241), `window.bounds` on main
    /// (aheze/Popovers@576b4d3 Sources/SwiftUI/Modifiers.swift:261-268).
    case selection

    /// The container in `window` for `version`.
    public func container(in window: PopoverWindow, version: PopoversVersion) -> Rect {
        switch (self, version) {
        case (.present, _), (.selection, .v1_3_2): return window.safeAreaFrame
        case (.selection, .main): return window.bounds
        }
    }
}
