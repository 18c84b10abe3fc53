import PopSimTextIO

/// A touch stream that cannot be read or is not a possible sequence of touches, located as precisely
/// as possible: `source:line:column: message`.
///
/// `line` and `column` count from 1 (column = character position of the offending field). For a
/// stream checked in memory (``TouchStream/validate()``) the line is the one the sample would have
/// in the stream's CSV form: sample `i` is line `i + 2`, after the header.
public struct TouchStreamError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, with the values involved so a message can name them.
    public enum Reason: Sendable, Equatable {
        /// The file could not be opened or read (the system's reason).
        case unreadable(String)
        /// A line the reader refuses as it stands (longer than the line reader's limit).
        case malformedLine(String)
        /// The input has no header line.
        case empty
        /// The first line is not `time,phase,x,y,touch` or `time,phase,x,y`.
        case header(found: String)
        /// A row has a different number of fields than the header.
        case fieldCount(expected: Int, found: Int)
        /// A field that must be a number is not one.
        case notANumber(field: String, text: String)
        /// A number field is NaN, ±infinity, or too large to be a double.
        case notFinite(field: String, text: String)
        /// The `touch` field is not a whole number.
        case notATouchID(text: String)
        /// The `phase` field is not one of UIKit's phase names.
        case unknownPhase(String)
        /// A sample of a touch is earlier than the previous sample of the same touch.
        case timeWentBackwards(touch: Int, previous: Double, time: Double)
        /// A `moved`, `stationary`, `ended` or `cancelled` sample of a touch that has not begun.
        case notBegan(touch: Int, phase: TouchPhase)
        /// A sample other than `began` of a touch that has already ended or been cancelled.
        case afterEnd(touch: Int, phase: TouchPhase)
        /// A `began` sample of a touch that is still down.
        case beganTwice(touch: Int)
        /// More distinct touch ids than a stream may use (``TouchSequenceValidator/maximumTouchIDs``).
        case tooManyTouches(touch: Int, limit: Int)
    }

    /// The file name, `standard input`, or `stream` for a stream checked in memory. Text quoted from
    /// the input is cut to a short prefix with control characters escaped (``DiagnosticText``).
    public let source: String
    public let line: Int?
    public let column: Int?
    public let reason: Reason

    public init(source: String, line: Int?, column: Int?, reason: Reason) {
        self.source = source
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// What is wrong and how to fix it.
    public var message: String {
        switch reason {
        case let .unreadable(why):
            return "cannot read the touch stream: \(why)"
        case let .malformedLine(why):
            return why
        case .empty:
            return "empty input: a touch stream starts with the header line 'time,phase,x,y,touch'"
        case let .header(found):
            return
                "the header is '\(DiagnosticText.excerpt(found))'; "
                + "it must be 'time,phase,x,y,touch' (or 'time,phase,x,y', touch 0)"
        case let .fieldCount(expected, found):
            return
                "\(found) field\(found == 1 ? "" : "s") where the header has \(expected); "
                + "every row needs \(expected == 5 ? "time,phase,x,y,touch" : "time,phase,x,y")"
        case let .notANumber(field, text):
            return "\(field) '\(DiagnosticText.excerpt(text))' is not a number; write a decimal number such as 0.25"
        case let .notFinite(field, text):
            return
                "\(field) '\(DiagnosticText.excerpt(text))' is not a finite number; NaN, "
                + "infinities and overflowing values are not accepted"
        case let .notATouchID(text):
            return
                "touch '\(DiagnosticText.excerpt(text))' is not a whole number; touch ids are integers such as 0 or 1"
        case let .unknownPhase(text):
            return
                "unknown phase '\(DiagnosticText.excerpt(text))'; "
                + "expected one of \(TouchPhase.allCases.map(\.rawValue).joined(separator: ", "))"
        case let .timeWentBackwards(touch, previous, time):
            return
                "time goes backwards for touch \(touch): \(time) after \(previous); "
                + "samples of a touch must be in time order"
        case let .notBegan(touch, phase):
            return "'\(phase.rawValue)' for touch \(touch), which has not begun; a touch starts with a 'began' sample"
        case let .afterEnd(touch, phase):
            return
                "'\(phase.rawValue)' for touch \(touch) after it ended; "
                + "only a new 'began' may follow 'ended' or 'cancelled'"
        case let .beganTwice(touch):
            return "'began' for touch \(touch), which is already down; end it first or use another touch id"
        case let .tooManyTouches(touch, limit):
            return
                "touch \(touch) is the stream's \(limit + 1)th distinct touch id; a stream may use at most \(limit) "
                + "(reuse the id of a finger that has lifted)"
        }
    }

    public var description: String {
        var location = source
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return "\(location): \(message)"
    }
}
