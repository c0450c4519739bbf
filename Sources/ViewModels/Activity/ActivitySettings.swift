import FoundationEssentials

/// What the session's activity model is made with, from the config file and the paths: the
/// highlight words and where `/notify` levels are kept (nil: not kept, as in tests).
public struct ActivitySettings: Sendable {
    public var highlightWords: [String]
    public var notifyFile: URL?

    public init(highlightWords: [String] = [], notifyFile: URL? = nil) {
        self.highlightWords = highlightWords
        self.notifyFile = notifyFile
    }
}
