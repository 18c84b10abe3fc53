import Testing

@testable import PopSimSweeps

@Suite("Golden decision tables")
struct GoldenDecisionTableTests {
    static let goldenText = """
        # popsim sweep popover --mode drag-down --velocity 0,0:1:2 # written by popsim 0.2.0
        velocity_y,outcome
        0,returned
        1,returned

        """

    @Test func firstLineCarriesCommandAndVersion() throws {
        let golden = try GoldenDecisionTable(text: Self.goldenText, source: "g.csv")
        #expect(golden.recordedCommand == "popsim sweep popover --mode drag-down --velocity 0,0:1:2")
        #expect(golden.writerVersion == "0.2.0")
        #expect(golden.rows.map(\.line) == [3, 4])
        #expect(
            GoldenDecisionTable.firstLine(recordedCommand: golden.recordedCommand, version: "0.2.0")
                == "# popsim sweep popover --mode drag-down --velocity 0,0:1:2 # written by popsim 0.2.0\n")
    }

    /// Tables from before versions were recorded still load, with a note naming that.
    @Test func unversionedTablesLoadWithANote() throws {
        let golden = try GoldenDecisionTable(
            text: "# popsim sweep popover --velocity 0,0:1:2\nvelocity_y,outcome\n0,returned\n", source: "old.csv")
        #expect(golden.writerVersion == nil)
        #expect(
            golden.versionNote(comparedWith: "0.2.0")
                == "note: old.csv was written by a popsim version that did not record itself "
                + "(before 0.2.0); this is popsim 0.2.0"
        )
        let current = try GoldenDecisionTable(text: Self.goldenText, source: "g.csv")
        #expect(current.versionNote(comparedWith: "0.2.0") == nil)
        #expect(
            current.versionNote(comparedWith: "0.3.0")
                == "note: g.csv was written by popsim 0.2.0; this is popsim 0.3.0")
    }

    @Test func changedCellsAreReportedInCheckWords() throws {
        let golden = try GoldenDecisionTable(text: Self.goldenText, source: "g.csv")
        let rerun = try GoldenDecisionTable(
            text: Self.goldenText.replacingLast("1,returned", with: "1,dismissed-down"), source: "rerun")
        #expect(golden.comparison(with: golden).isUnchanged)
        let comparison = golden.comparison(with: rerun)
        #expect(!comparison.isUnchanged)
        #expect(comparison.lines == ["g.csv:4: velocity_y=1: returned → dismissed-down", "1 of 2 decisions changed"])
        #expect(comparison.changes.first?.inputs == [DecisionChange.Input(column: "velocity_y", value: "1")])
    }

    /// In a pipeline table both outcome columns are outcomes, not inputs.
    @Test func pipelineTablesCompareBothOutcomeColumns() throws {
        let before = try GoldenDecisionTable(
            text:
                "# popsim sweep popover --pipeline --velocity 0,0:1:2\nvelocity_y,outcome,ideal\n"
                + "0,returned,returned\n1,returned,returned\n",
            source: "p.csv")
        let after = try GoldenDecisionTable(
            text:
                "# popsim sweep popover --pipeline --velocity 0,0:1:2\nvelocity_y,outcome,ideal\n"
                + "0,returned,returned\n1,dismissed-down,returned\n",
            source: "rerun")
        #expect(
            before.comparison(with: after).lines == [
                "p.csv:4: velocity_y=1: returned,returned → dismissed-down,returned", "1 of 2 decisions changed",
            ])
    }

    @Test func structuralChangesAreOneLine() throws {
        let golden = try GoldenDecisionTable(text: Self.goldenText, source: "g.csv")
        let fewer = try GoldenDecisionTable(
            text: "# popsim sweep popover --velocity 0,0:1:1\nvelocity_y,outcome\n0,returned\n", source: "rerun")
        #expect(golden.comparison(with: fewer).lines == ["the grid changed: golden has 2 rows, the rerun 1"])
    }

    static let malformed: [(text: String, line: Int)] = [
        ("velocity_y,outcome\n0,returned\n", 1),
        ("# ls -la\nvelocity_y,outcome\n", 1),
        ("# popsim sweep popover --velocity 0,0:1:2 # written by popsim \nvelocity_y,outcome\n", 1),
        ("# popsim sweep popover --velocity 0,0:1:2\n", 2),
        ("# popsim sweep popover --velocity 0,0:1:2\nvelocity_y,result\n", 2),
        ("# popsim sweep popover --velocity 0,0:1:2\nvelocity_y,outcome\n0,returned,extra\n", 3),
    ]

    @Test(arguments: malformed)
    func malformedTablesNameTheLine(text: String, line: Int) {
        #expect(throws: GoldenTableError.self) { _ = try GoldenDecisionTable(text: text, source: "x.csv") }
        do {
            _ = try GoldenDecisionTable(text: text, source: "x.csv")
        } catch {
            #expect(error.line == line)
            #expect(error.isMalformed)
        }
    }
}

extension String {
    fileprivate func replacingLast(_ target: String, with replacement: String) -> String {
        guard let range = ranges(of: target).last else { return self }
        var copy = self
        copy.replaceSubrange(range, with: replacement)
        return copy
    }
}
