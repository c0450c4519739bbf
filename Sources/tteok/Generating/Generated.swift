/// A file tteok writes about itself from its own command definitions, so the installed man page
/// and completions can never disagree with the parser (`tteok --generate WHAT`, used by
/// scripts/install.sh; not listed in `--help`).
enum Generated: String, CaseIterable, Sendable {
    case man
    case bash
    case zsh
    case fish

    /// The text of the file.
    func render(_ commandLine: CommandLineDescription) -> String {
        switch self {
        case .man: return ManPage(commandLine).render()
        case .bash: return BashCompletion(commandLine).render()
        case .zsh: return ZshCompletion(commandLine).render()
        case .fish: return FishCompletion(commandLine).render()
        }
    }
}
