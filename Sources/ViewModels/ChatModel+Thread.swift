import ChatCore

extension ChatModel {
    /// The thread of the selected message (the one it starts, or the one it is in), to be
    /// loaded by the front end; nil with an alert when nothing is selected.
    public func openThread() -> ThreadModel? {
        guard let line = selectedLine, let channelID else {
            alert = strings.selectMessageFirst
            changes.publish()
            return nil
        }
        return ThreadModel(root: line.id, channel: channelID, viewer: viewer, service: service, strings: strings, safety: safety,
                           changes: changes, postingRefusal: { [weak self] in self?.postingRefusal })
    }
}
