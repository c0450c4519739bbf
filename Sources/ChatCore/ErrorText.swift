import FoundationEssentials
import Glibc

/// An error as a sentence for the user. FoundationEssentials' file errors have no
/// `localizedDescription` (that lives in Foundation proper, which links CoreFoundation and ICU's
/// 34 MB of data): the C library's words for the underlying errno are used instead ("No such file
/// or directory"), which also say more than Foundation's "The file doesn't exist.".
public enum ErrorText {
    public static func describe(_ error: any Error) -> String {
        if let error = error as? ChatError { return error.message }
        if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
        if let error = error as? CocoaError {
            if let underlying = error.userInfo["NSUnderlyingError"] as? POSIXError { return describe(underlying) }
            return "file error \(error.code.rawValue)"
        }
        if error is DecodingError { return "The data couldn’t be read because it isn’t in the correct format." }
        return String(describing: error)
    }
}
