import PopSimGeometry

/// The last 20 samples of a pointer, stored inline (a homogeneous tuple, no heap): the fixed-size
/// circular history Flutter's `VelocityTracker` (`_historySize` = 20) and Android's `VelocityTracker`
/// (`HISTORY_SIZE` = 20) keep. Copying an estimator copies its 20 entries; adding a sample never allocates.
struct SampleRing: Sendable {
    struct Entry: Sendable {
        /// Platform clock ticks (µs for Flutter, ns for Android).
        var time: Int64
        var location: Point
    }

    static let capacity = 20
    private typealias Storage = (
        Entry, Entry, Entry, Entry, Entry, Entry, Entry, Entry, Entry, Entry,
        Entry, Entry, Entry, Entry, Entry, Entry, Entry, Entry, Entry, Entry
    )
    private static let empty = Entry(time: 0, location: .zero)

    private var storage: Storage = (
        empty, empty, empty, empty, empty, empty, empty, empty, empty, empty,
        empty, empty, empty, empty, empty, empty, empty, empty, empty, empty
    )
    /// Slot of the newest entry.
    private var newestSlot = SampleRing.capacity - 1
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The entry `age` places before the newest (0 = newest), for `age < count`.
    subscript(fromNewest age: Int) -> Entry {
        withEntries { $0[age] }
    }

    /// Calls `body` with a view of the entries, newest first (of a copy of them: the ring is not `inout`).
    func withEntries<Result>(_ body: (EntriesFromNewest) -> Result) -> Result {
        withUnsafeBytes(of: storage) { bytes in
            body(
                EntriesFromNewest(
                    base: bytes.baseAddress!.assumingMemoryBound(to: Entry.self), newestSlot: newestSlot, count: count))
        }
    }

    /// ``withEntries(_:)`` on the ring where it is stored (a mutating read: no copy of the entries).
    mutating func withEntriesInPlace<Result>(_ body: (EntriesFromNewest) -> Result) -> Result {
        let (newestSlot, count) = (self.newestSlot, self.count)
        return withUnsafeMutableBytes(of: &storage) { bytes in
            body(
                EntriesFromNewest(
                    base: UnsafePointer(bytes.baseAddress!.assumingMemoryBound(to: Entry.self)), newestSlot: newestSlot,
                    count: count))
        }
    }

    /// The ring's entries indexed by age (0 = newest), valid only inside ``withEntries(_:)``.
    struct EntriesFromNewest {
        fileprivate let base: UnsafePointer<Entry>
        fileprivate let newestSlot: Int
        let count: Int

        subscript(age: Int) -> Entry {
            let slot = newestSlot >= age ? newestSlot - age : newestSlot - age + SampleRing.capacity
            return base[slot]
        }
    }

    /// Adds an entry, overwriting the oldest when full. Inlined, as the next one is, into the estimators'
    /// `addSample`, where it is all the work a sample does.
    @inline(__always)
    mutating func append(_ entry: Entry) {
        newestSlot = newestSlot == Self.capacity - 1 ? 0 : newestSlot + 1
        write(entry, at: newestSlot)
        if count < Self.capacity { count += 1 }
    }

    /// Records a platform sample at its whole-microsecond time, as the platforms' trackers keep it; a
    /// sample with a time or location that is not finite is dropped.
    @inline(__always)
    mutating func append(time: Double, location: Point) {
        guard let microseconds = PlatformClock.microseconds(time), location.x.isFinite, location.y.isFinite else {
            return
        }
        append(Entry(time: microseconds, location: location))
    }

    /// Replaces the newest entry (Android: a sample with the newest sample's timestamp).
    mutating func replaceNewest(with entry: Entry) {
        write(entry, at: newestSlot)
    }

    /// The newest entry, read in place (a mutating read: no copy of the ring).
    mutating func newest() -> Entry? {
        guard count > 0 else { return nil }
        let slot = newestSlot
        return withUnsafeMutableBytes(of: &storage) {
            $0.load(fromByteOffset: slot * MemoryLayout<Entry>.stride, as: Entry.self)
        }
    }

    /// Forgets entries whose time is before `limit`, keeping at least the newest.
    mutating func removeEntries(before limit: Int64) {
        let (newestSlot, capacity) = (self.newestSlot, Self.capacity)
        var count = self.count
        withUnsafeMutableBytes(of: &storage) { bytes in
            let entries = bytes.baseAddress!.assumingMemoryBound(to: Entry.self)
            while count > 1, entries[(newestSlot - count + 1 + capacity) % capacity].time < limit { count -= 1 }
        }
        self.count = count
    }

    mutating func removeAll() {
        count = 0
    }

    private mutating func write(_ entry: Entry, at slot: Int) {
        withUnsafeMutableBytes(of: &storage) {
            $0.storeBytes(of: entry, toByteOffset: slot * MemoryLayout<Entry>.stride, as: Entry.self)
        }
    }
}
