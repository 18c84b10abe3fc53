import PopSimInteractions

/// `popsim decide <family>`: the family's release decision for the numbers given, one word.
enum DecideCommand {
    static func command(_ family: any ModelFamily.Type) -> Command { command(for: family) }

    private static func command<Family: ModelFamily>(for family: Family.Type) -> Command {
        Command(
            ["decide", Family.name], summary: Family.decideSummary, parameters: Family.Problem.parameters.descriptions,
            discussion: Family.decideDiscussion
        ) { invocation, context in
            let problem = try Family.Problem.make(invocation.assignments)
            let outcome = problem.outcome()
            if let note = problem.releaseNote { context.note(note) }
            try context.standardOutput.write(outcome.word + "\n")
        }
    }
}
