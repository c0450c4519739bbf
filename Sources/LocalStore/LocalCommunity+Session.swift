import ChatCore
import FoundationEssentials
import Storage

/// Sessions: sign-up, log-in, guests, log-out.
extension LocalCommunity {
    /// Members of the embedded community are known by email.
    public var accountNaming: AccountNaming { .email }

    public func restoreSession() async -> Viewer {
        guard let token = sessionFile.token, let digest = try? SessionToken(value: token).digest else {
            session.withLock { $0 = .none }
            return .guest
        }
        let access = access
        let row = try? await read { connection in
            // A session resumes only for the Unix user that made it (in the service: the peer).
            try connection.queryRow("SELECT user_id FROM sessions WHERE token_hash = ?1 AND \(access.resumableSQL)",
                                    [.text(digest), .integer(access.sessionUID)])
        }
        var restored = SessionState.none
        if let row = row ?? nil {
            restored = row[0].int64.map { .member(userID: $0, digest: digest) } ?? .guest(digest: digest)
        }
        session.withLock { $0 = restored }
        return await viewer()
    }

    public func viewer() async -> Viewer {
        (try? await read { try self.currentViewer($0) }) ?? .guest
    }

    public func signUp(_ request: SignUpRequest) async throws -> Account {
        let email = try AccountRules.email(request.identifier)
        try AccountRules.checkPassword(request.password)
        let nickname = try AccountRules.nickname(request.nickname)
        let hash = try PasswordHasher.hash(request.password)
        let token = SessionToken.generate()
        let digest = try token.digest
        let account = try await write { connection -> Account in
            let region = try request.region.map { try AccountRules.region($0, connection) }
            try AccountRules.checkUnique(nickname, except: nil, connection)
            do {
                try connection.run(
                    "INSERT INTO users(email, email_key, password_hash, nickname, region, terms_version, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [.text(email), .text(AccountRules.emailKey(email)), .text(hash), .text(nickname), SQLValue(region),
                     request.acceptTerms ? .integer(Int64(CommunityTerms.currentVersion)) : .null, .real(Date().timeIntervalSince1970)])
            } catch let error as SQLiteError where error.isUniqueViolation {
                throw ChatError.accountExists(email)
            }
            let userID = connection.lastInsertRowID
            try self.replaceSession(userID: userID, digest: digest, connection)
            return try self.account(userID, connection)
        }
        try finishSignIn(account, token: token, digest: digest)
        return account
    }

    public func logIn(identifier: String, password: String) async throws -> Account {
        let key = AccountRules.emailKey(identifier)
        let stored = try await read { connection in
            try connection.queryRow("SELECT id, password_hash FROM users WHERE email_key = ?", [.text(key)])
        }
        // An unknown email and a wrong password get the same answer: no account probing.
        guard let stored, let userID = stored["id"].int64, let hash = stored["password_hash"].string,
              PasswordHasher.verify(password, against: hash) else {
            throw ChatError.wrongPassword
        }
        // After the password: only the account's owner learns of a ban.
        try await read { try Sanctions.refuseBanned(userID, $0) }
        let token = SessionToken.generate()
        let digest = try token.digest
        let account = try await write { connection -> Account in
            try self.replaceSession(userID: userID, digest: digest, connection)
            return try self.account(userID, connection)
        }
        try finishSignIn(account, token: token, digest: digest)
        return account
    }

    public func continueAsGuest() async throws {
        let token = SessionToken.generate()
        let digest = try token.digest
        let saved = savedDigest()
        let memberIsSaved = try await write { connection -> Bool in
            try self.replaceSession(userID: nil, digest: digest, connection)
            return try saved.map { try self.isMemberSession($0, connection) } ?? false
        }
        // `tteok --guest` is a visit: the member's saved session is there again next time.
        if !memberIsSaved { try saveSession(token) }
        session.withLock { $0 = .guest(digest: digest) }
        hub.publish(.viewerChanged(.guest))
    }

    public func logOut() async throws {
        if let digest = state.digest {
            try await write { connection in try connection.run("DELETE FROM sessions WHERE token_hash = ?", [.text(digest)]) }
        }
        // Only this session's file goes: a guest visit leaves the member's saved session alone.
        if savedDigest().map({ $0 == state.digest }) ?? true { sessionFile.remove() }
        session.withLock { $0 = .none }
        hub.publish(.viewerChanged(.guest))
    }

    /// Agreeing to a version the community has not published is refused; agreeing to an older
    /// one never lowers what the member agreed to.
    public func acceptTerms(version: Int) async throws -> Account {
        try await updateAccount { account, connection in
            guard (1...max(account.requiredTermsVersion, CommunityTerms.currentVersion)).contains(version) else {
                throw ChatError.invalidInput("Unknown terms version \(version).")
            }
            try connection.run("UPDATE users SET terms_version = max(coalesce(terms_version, 0), ?) WHERE id = ?",
                               [.integer(Int64(version)), .integer(account.key)])
        }
    }

    public func updateProfile(nickname: String?, region: String?) async throws -> Account {
        let nickname = try nickname.map(AccountRules.nickname)
        return try await updateAccount { account, connection in
            if let nickname, nickname.isEmpty { throw ChatError.invalidInput("A nickname can't be empty.") }
            let region = try region.map { $0.isEmpty ? nil : try AccountRules.region($0, connection) }
            if let nickname { try AccountRules.checkUnique(nickname, except: account.key, connection) }
            try connection.run("UPDATE users SET nickname = coalesce(?, nickname), region = CASE WHEN ? THEN ? ELSE region END WHERE id = ?",
                               [SQLValue(nickname), SQLValue(region != nil), SQLValue(region ?? nil), .integer(account.key)])
        }
    }

    // MARK: Helpers

    /// Applies `change` to the signed-in account and announces the new viewer.
    private func updateAccount(_ change: @escaping @Sendable (Account, Connection) throws -> Void) async throws -> Account {
        let account = try await write { connection -> Account in
            let account = try self.requireMember(connection)
            try change(account, connection)
            return try self.account(account.key, connection)
        }
        hub.publish(.viewerChanged(.member(account)))
        return account
    }

    func account(_ userID: Int64, _ connection: Connection) throws -> Account {
        guard let row = try connection.queryRow("\(CommunitySQL.account) WHERE id = ?", [.integer(userID)]) else {
            throw ChatError.noSuchUser(String(userID))
        }
        return CommunitySQL.account(row)
    }

    /// Ends this instance's previous session (if any) and records the new one.
    private func replaceSession(userID: Int64?, digest: String, _ connection: Connection) throws {
        if let old = state.digest { try connection.run("DELETE FROM sessions WHERE token_hash = ?", [.text(old)]) }
        try connection.run("INSERT INTO sessions(token_hash, user_id, created_at, uid) VALUES (?, ?, ?, ?)",
                           [.text(digest), SQLValue(userID), .real(Date().timeIntervalSince1970), .integer(access.sessionUID)])
    }

    private func finishSignIn(_ account: Account, token: SessionToken, digest: String) throws {
        try saveSession(token)
        session.withLock { $0 = .member(userID: account.key, digest: digest) }
        hub.publish(.viewerChanged(.member(account)))
    }

    /// The digest of the saved session's token, or nil when none is saved or it cannot be read.
    private func savedDigest() -> String? {
        sessionFile.token.flatMap { try? SessionToken(value: $0).digest }
    }

    private func isMemberSession(_ digest: String, _ connection: Connection) throws -> Bool {
        let row = try connection.queryRow("SELECT user_id FROM sessions WHERE token_hash = ?", [.text(digest)])
        return row?[0].int64 != nil
    }

    private func saveSession(_ token: SessionToken) throws {
        do { try sessionFile.save(token: token.value) } catch { throw StoreErrors.map(error) }
    }
}

extension SessionState {
    var digest: String? {
        switch self {
        case .none: return nil
        case .guest(let digest), .member(_, let digest): return digest
        }
    }
}
