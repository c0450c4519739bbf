import FoundationEssentials

/// The files of a user's private service beside its socket, named in one place for the client
/// that starts the service and the service that ends itself.
public enum PrivateServiceFiles {
    /// The lock held while a private service is started or ends, so two clients never start two
    /// services and none connects to one that is going away.
    public static func lockPath(forSocket socket: String) -> String { socket + ".lock" }
    /// Where a private service's standard output and errors go (0600).
    public static func logPath(forSocket socket: String) -> String { socket + ".log" }
    /// The first line a private service writes on its ready descriptor once it listens; anything
    /// else written there is the JSON of the `ChatError` it could not start with.
    public static let readyLine = "ready"
}
