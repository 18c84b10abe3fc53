import PopSimTextIO
import Testing

/// Every style of the one number formatter, on values whose text is known by hand.
@Suite("Number format")
struct NumberFormatTests {
    static let cases: [(NumberFormat, Double, String)] = [
        (.roundTrip, 0, "0.0"), (.roundTrip, -0.0, "0.0"), (.roundTrip, 0.1, "0.1"), (.roundTrip, 852, "852.0"),
        (.compact, 852, "852"), (.compact, -1500, "-1500"), (.compact, 0.25, "0.25"), (.compact, 1e9, "1e9"),
        (.compact, 1e-6, "1e-6"), (.compact, -0.0, "0"), (.compact, 1e-7, "1e-7"), (.compact, 12345.5, "12345.5"),
        (.fixed(1), 2.998, "3.0"), (.fixed(2), -0.004, "0.00"), (.fixed(0), 2.5, "3"), (.fixed(3), 1.0004, "1.000"),
        (.readable, 12.34, "12.3"), (.readable, 1.23456, "1.235"),
        (.significant(3), 0.000123456, "0.000123"), (.significant(3), 1.23456, "1.23"),
        (.significant(3), 12.3456, "12.3"),
        (.significant(3), 1234.5, "1235"), (.significant(3), 9.996, "10.0"), (.significant(3), 0, "0"),
    ]

    @Test(arguments: cases)
    func formats(style: NumberFormat, value: Double, text: String) {
        #expect(style.format(value) == text)
    }
}
