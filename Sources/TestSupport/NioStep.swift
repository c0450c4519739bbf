import Foundation

/// One event the matrix-nio peer sends (`scripts/nio-peer.py`, action "relations"), as other
/// clients write it. A target is an earlier step of the same call or an event id.
public enum NioStep: Sendable {
    public enum Target: Sendable {
        case step(Int)
        case event(String)

        var value: Any {
            switch self {
            case .step(let index): return index
            case .event(let id): return id
            }
        }
    }

    case text(String, html: String? = nil)
    case emote(String, html: String? = nil)
    case notice(String)
    /// A reply; with `fallback` the body starts with the `> <sender> quote` lines older clients add.
    case reply(to: Target, String, fallback: Bool, quoteSender: String? = nil, quoteBody: String? = nil)
    case edit(of: Target, String, html: String? = nil)
    case react(to: Target, String)
    case redact(Target)
    /// A reply in the thread started by `root`, with the `m.in_reply_to` fallback.
    case thread(root: Target, String)
    /// `data` uploaded by nio, then sent as `msgtype` (`m.file`, `m.video`, `m.audio`, `m.image`).
    case media(msgtype: String, name: String, mimetype: String, data: Data)
    /// An attachment with a `filename` and its `body` as a caption (spec v1.10).
    case captioned(msgtype: String, name: String, caption: String, mimetype: String, data: Data)
    /// `data` encrypted by nio (an encrypted room's attachment, `file`); `tamper` gives it a hash
    /// that is not the ciphertext's, as bytes changed after sending would have.
    case encryptedMedia(msgtype: String, name: String, mimetype: String, data: Data, tamper: Bool = false)
    /// `data` uploaded by nio, then sent as an `m.sticker` event.
    case sticker(name: String, mimetype: String, data: Data)
    /// An `m.location` with this description and `geo:` URI.
    case location(String, geoURI: String)

    var request: [String: Any] {
        switch self {
        case .text(let body, let html):
            var step: [String: Any] = ["type": "text", "body": body]
            if let html { step["formatted_body"] = html }
            return step
        case .emote(let body, let html):
            var step: [String: Any] = ["type": "emote", "body": body]
            if let html { step["formatted_body"] = html }
            return step
        case .notice(let body): return ["type": "notice", "body": body]
        case .reply(let to, let body, let fallback, let quoteSender, let quoteBody):
            var step: [String: Any] = ["type": "reply", "to": to.value, "body": body, "fallback": fallback]
            if let quoteSender { step["quote_sender"] = quoteSender }
            if let quoteBody { step["quote_body"] = quoteBody }
            return step
        case .edit(let of, let body, let html):
            var step: [String: Any] = ["type": "edit", "of": of.value, "body": body]
            if let html { step["formatted_body"] = html }
            return step
        case .react(let to, let key): return ["type": "react", "to": to.value, "key": key]
        case .redact(let target): return ["type": "redact", "target": target.value]
        case .thread(let root, let body): return ["type": "thread", "root": root.value, "body": body]
        case .media(let msgtype, let name, let mimetype, let data):
            return ["type": "media", "msgtype": msgtype, "name": name, "mimetype": mimetype, "data": data.base64EncodedString()]
        case .captioned(let msgtype, let name, let caption, let mimetype, let data):
            return ["type": "media", "msgtype": msgtype, "name": name, "caption": caption, "mimetype": mimetype, "data": data.base64EncodedString()]
        case .encryptedMedia(let msgtype, let name, let mimetype, let data, let tamper):
            return ["type": "media", "msgtype": msgtype, "name": name, "mimetype": mimetype, "data": data.base64EncodedString(),
                    "encrypt": true, "tamper": tamper]
        case .sticker(let name, let mimetype, let data):
            return ["type": "sticker", "name": name, "mimetype": mimetype, "data": data.base64EncodedString()]
        case .location(let body, let geoURI): return ["type": "location", "body": body, "geo_uri": geoURI]
        }
    }
}
