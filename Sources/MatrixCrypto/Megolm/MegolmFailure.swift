/// Why a Megolm message did not decrypt, named as libolm names it (what placeholders said
/// before decryption moved out of libolm).
enum MegolmFailure: String, Error {
    case invalidBase64 = "INVALID_BASE64"
    case badMessageVersion = "BAD_MESSAGE_VERSION"
    case badMessageFormat = "BAD_MESSAGE_FORMAT"
    /// Not signed by the session's key: made by someone else who holds the session (any
    /// member it was shared with), or damaged.
    case badSignature = "BAD_SIGNATURE"
    /// Before the first index the key we hold reaches back to.
    case unknownMessageIndex = "UNKNOWN_MESSAGE_INDEX"
    case badMessageMAC = "BAD_MESSAGE_MAC"
    /// The session key we hold is not in libolm's export format (never expected).
    case badSessionKey = "BAD_SESSION_KEY"
}
