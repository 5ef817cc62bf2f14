import ArgumentParser

/// The common command line, `layoutc SUBCOMMAND ARGUMENTS...`, parsed by the subcommand alone.
///
/// `Layoutc.parseAsRoot` first parses two pseudo-commands of ArgumentParser's own (is this a
/// request for a completion script?) and reflects every command on the way down; on a small file
/// that was most of what `layoutc frames` cost (BENCHMARKS.md, "Starting a command"). A
/// subcommand whose configuration names `layoutc` as its super-command (`_superCommandName`)
/// skips that check when it is parsed as the root, so the subcommand is parsed on its own. The
/// result is used only when it is the subcommand itself: help, errors and anything unusual are
/// parsed again by `Layoutc.parseAsRoot`, so their messages and statuses are ArgumentParser's.
enum DirectParse {
    /// The parsed subcommand, or nil when the arguments need the whole command tree.
    static func subcommand(_ arguments: [String], of root: ParsableCommand.Type) -> ParsableCommand? {
        guard let name = arguments.first,
              let type = root.configuration.subcommands.first(where: { $0.configuration.commandName == name }),
              type.configuration._superCommandName == root.configuration.commandName,
              type.configuration.subcommands.isEmpty,
              !arguments.contains(where: mayAskForCompletion)
        else { return nil }
        guard let command = try? type.parseAsRoot(Array(arguments.dropFirst())),
              Swift.type(of: command) == type
        else { return nil }
        return command
    }

    /// Whether the root's parser would answer this argument itself: a completion script
    /// (`--generate-completion-script`) or a completion request (`---completion`).
    private static func mayAskForCompletion(_ argument: String) -> Bool {
        argument.hasPrefix("--generate-completion-script") || argument.hasPrefix("---")
    }
}

extension CommandConfiguration {
    /// This configuration, for a subcommand of `layoutc` that `DirectParse` may parse on its own.
    func subcommand(of root: String) -> CommandConfiguration {
        var configuration = self
        configuration._superCommandName = root
        return configuration
    }
}
