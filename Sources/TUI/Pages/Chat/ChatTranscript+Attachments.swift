import ChatCore

/// Attachments that are not pictures, and places: one line each, everything the sender wrote
/// made inert like a body.
extension ChatTranscript {
    /// Columns a declared MIME type may take (a sender can declare any text).
    static let mimeTypeWidth = 40

    /// `[video] clip.mp4 · 2.1 MB · video/mp4`: name, size and the type the sender declared.
    func attachmentLabel(_ file: FileInfo) -> String {
        var label = "[\(file.kind.rawValue)] " + text.line(file.fileName)
        if file.byteCount > 0 { label += " · " + strings.byteSize(file.byteCount) }
        let type = TextLayout.truncate(text.line(file.mimeType), to: Self.mimeTypeWidth)
        if !type.isEmpty { label += " · " + type }
        return label
    }

    /// `[location] Seoul Station · 37.5547, 126.9707 · geo:37.5547,126.9707`; the link is rebuilt
    /// from the parsed numbers, so no sender text ends up in it.
    func locationLabel(_ place: LocationInfo) -> String {
        var label = "[location]"
        let description = text.line(place.description)
        if !description.isEmpty { label += " " + description }
        if let coordinates = place.coordinates, let link = place.geoURI { label += " · " + coordinates + " · " + link }
        return label
    }
}
