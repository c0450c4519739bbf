import ChatCore
import FoundationEssentials

/// Where a chat's attachments go: the previews (nil: images show as their name and size, and
/// `/image` is refused), the viewer `o` runs, the folder `s` saves to. One object the router
/// and the chat page share, so a setting made after start-up reaches the chat shown.
@MainActor
final class AttachmentSettings {
    var previews: ImagePreviews?
    var opener = ["xdg-open"]
    var downloadDirectory = Paths().downloadDirectory
}
