import ChatCore

/// Prints an account the same way for `signup`, `login` and `whoami`.
struct AccountPrinter {
    let console: Console
    let json: Bool
    let naming: AccountNaming

    func print(_ account: Account, headline: String?) throws {
        let record = AccountRecord(account)
        if json {
            try console.json(record)
            return
        }
        if let headline { console.line(headline) }
        record.lines(console, naming: naming).forEach(console.line)
    }
}
