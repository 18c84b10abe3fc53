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

    /// Writes the trace as CSV.
    public func write(to sink: TextSink) throws(OutputError) {
        try sink.write(Self.header + "\n")
        for row in rows {
            try sink.write(([formatNumber(row.time)] + row.frame.fields).joined(separator: ",") + "\n")
        }
    }

    /// Writes the event log as CSV `time,event`.
    public func writeEvents(to sink: TextSink) throws(OutputError) {
        try sink.write("time,event\n")
        for event in events {
            try sink.write("\(formatNumber(event.time)),\(event.event)\n")
        }
    }
}
