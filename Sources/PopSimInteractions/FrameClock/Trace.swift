import PopSimTextIO

/// What a frame-clock run produced: one row per drawn frame and the model's event log.
public struct Trace<Frame: TraceRow, Event: Sendable & CustomStringConvertible>: Sendable {
    public struct Row: Sendable {
        public let time: Double
        public let frame: Frame
    }

    public var rows: [Row]
    public var events: [TimedEvent<Event>]

    public init(rows: [Row] = [], events: [TimedEvent<Event>] = []) {
        self.rows = rows
        self.events = events
    }

    /// The CSV header: `time` and the frame's columns.
    public static var header: String { (["time"] + Frame.columns).joined(separator: ",") }

    /// One CSV line of the trace, without the terminator.
    public static func line(time: Double, frame: Frame) -> String {
        ([formatNumber(time)] + frame.fields).joined(separator: ",")
    }

    /// Writes the trace as CSV.
    public func write(to sink: TextSink) throws(OutputError) {
        try sink.write(Self.header + "\n")
        for row in rows {
            try sink.write(Self.line(time: row.time, frame: row.frame) + "\n")
        }
    }

    /// Writes the event log as CSV `time,event`.
    public func writeEvents(to sink: TextSink) throws(OutputError) {
        try Self.writeEvents(events, to: sink)
    }

    /// Writes an event log as CSV `time,event`.
    public static func writeEvents(_ events: [TimedEvent<Event>], to sink: TextSink) throws(OutputError) {
        try sink.write("time,event\n")
        for event in events {
            try sink.write("\(formatNumber(event.time)),\(event.event)\n")
        }
    }
}
