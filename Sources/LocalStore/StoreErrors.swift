import ChatCore
import Storage

/// Maps storage failures to `ChatError` with a message a user can read.
enum StoreErrors {
    static func map(_ error: any Error) -> ChatError {
        switch error {
        case let error as ChatError: return error
        case let error as SQLiteError where error.isDiskFull: return .diskFull
        case let error as SQLiteError where error.isBusy: return .storage("the community file is busy; try again")
        case let error as SQLiteError: return .storage(error.message)
        case let error as MigrationError: return .storage(error.description)
        default: return .storage(String(describing: error))
        }
    }
}
