/// Typed views read straight from a `JSONValue`, without encoding it and decoding it again.
///
/// Why: `JSONValue.decode(as:)` encodes the value to bytes and decodes those, a JSONEncoder and a
/// JSONDecoder per read. A 1,000-room cold start reads a name, a topic, an alias and the own
/// membership of every room that way before its first frame (perf: about as much of the client's
/// CPU as decoding the window's state contents). A view conforming to this is read directly; it
/// must give exactly what the `Decodable` path gives for every value (JSONValueViewTests compare
/// both, on hostile values too): a field of the wrong type fails the whole view, as it does there.
protocol JSONValueView {
    /// The view of `json`; nil when the `Decodable` path would fail.
    init?(json: JSONValue)
}

extension JSONValue {
    /// An object's optional field as `Decodable`'s `decodeIfPresent` reads it: absent or null is
    /// `.some(nil)`, a value of the wrong type is nil (the view fails).
    fileprivate static func optional<T>(_ value: JSONValue?, _ read: (JSONValue) -> T?) -> T?? {
        switch value {
        case nil, .null?: return .some(nil)
        case let value?: return read(value).map { .some($0) }
        }
    }

    fileprivate var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    fileprivate var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }
}

extension MemberContent: JSONValueView {
    init?(json: JSONValue) {
        guard let fields = json.objectValue, let membership = fields["membership"]?.stringValue,
              let displayname = JSONValue.optional(fields["displayname"], \.stringValue),
              let isDirect = JSONValue.optional(fields["is_direct"], \.boolValue) else { return nil }
        self.init(membership: membership, displayname: displayname, is_direct: isDirect)
    }
}

extension NameContent: JSONValueView {
    init?(json: JSONValue) {
        guard let name = json.objectValue.flatMap({ JSONValue.optional($0["name"], \.stringValue) }) else { return nil }
        self.init(name: name)
    }
}

extension TopicContent: JSONValueView {
    init?(json: JSONValue) {
        guard let topic = json.objectValue.flatMap({ JSONValue.optional($0["topic"], \.stringValue) }) else { return nil }
        self.init(topic: topic)
    }
}

extension CanonicalAliasContent: JSONValueView {
    init?(json: JSONValue) {
        guard let alias = json.objectValue.flatMap({ JSONValue.optional($0["alias"], \.stringValue) }) else { return nil }
        self.init(alias: alias)
    }
}

extension TteokProfileContent: JSONValueView {
    /// Read from a cold start's first answer before it is written (`OwnProfile`): through the
    /// encoder and decoder it was a tenth of the time between the answer and its write.
    init?(json: JSONValue) {
        guard let fields = json.objectValue, let region = JSONValue.optional(fields["region"], \.stringValue),
              let accepted = JSONValue.optional(fields["accepted_terms_version"], \.intValue) else { return nil }
        self.init(region: region, accepted_terms_version: accepted)
    }
}

extension PowerLevelsContent: JSONValueView {
    /// Read as the cache writes a room's power levels, so the channel list that follows reads
    /// them from `PowerLevelsMemo` instead of decoding sixty texts (a cold start's window).
    init?(json: JSONValue) {
        guard let fields = json.objectValue, let users = JSONValue.optional(fields["users"], JSONValue.intMap),
              let usersDefault = JSONValue.optional(fields["users_default"], \.intValue),
              let events = JSONValue.optional(fields["events"], JSONValue.intMap),
              let eventsDefault = JSONValue.optional(fields["events_default"], \.intValue),
              let redact = JSONValue.optional(fields["redact"], \.intValue) else { return nil }
        self.init(users: users, users_default: usersDefault, events: events, events_default: eventsDefault, redact: redact)
    }
}

extension JSONValue {
    /// An object of integers (`[String: Int]`): one value of another type fails it, as decoding does.
    fileprivate static func intMap(_ value: JSONValue) -> [String: Int]? {
        guard let fields = value.objectValue else { return nil }
        var map: [String: Int] = [:]
        for (key, field) in fields {
            guard let number = field.intValue else { return nil }
            map[key] = number
        }
        return map
    }
}

// The contents of the timeline's own events, read from the sliding-sync window's open JSON
// (`SlidingSyncReader`) as `TimelineFields(type:from:)` reads them from a decoder.

extension JSONValue {
    /// A number `Int` holds exactly (as JSONDecoder reads an `Int` from the number's text).
    fileprivate var intValue: Int? {
        if case .number(let value) = self { return Int(exactly: value) }
        return nil
    }

    /// An optional field of open JSON (`JSONValue?`): any value, null is absent.
    fileprivate static func open(_ value: JSONValue?) -> JSONValue? {
        value == .null ? nil : value
    }
}

extension MessageEventContent.Info: JSONValueView {
    init?(json: JSONValue) {
        guard let fields = json.objectValue, let mimetype = JSONValue.optional(fields["mimetype"], \.stringValue),
              let size = JSONValue.optional(fields["size"], \.intValue), let width = JSONValue.optional(fields["w"], \.intValue),
              let height = JSONValue.optional(fields["h"], \.intValue) else { return nil }
        self.init(mimetype: mimetype, size: size, w: width, h: height)
    }
}

extension MessageEventContent: JSONValueView {
    init?(json: JSONValue) {
        guard let fields = json.objectValue, let msgtype = fields["msgtype"]?.stringValue, let body = fields["body"]?.stringValue,
              let url = JSONValue.optional(fields["url"], \.stringValue),
              let info = JSONValue.optional(fields["info"], Info.init(json:)),
              let geoURI = JSONValue.optional(fields["geo_uri"], \.stringValue),
              let format = JSONValue.optional(fields["format"], \.stringValue),
              let formattedBody = JSONValue.optional(fields["formatted_body"], \.stringValue),
              let filename = JSONValue.optional(fields["filename"], \.stringValue) else { return nil }
        self.init(msgtype: msgtype, body: body, url: url, info: info, geoURI: geoURI, format: format, formattedBody: formattedBody,
                  relatesTo: JSONValue.open(fields["m.relates_to"]), newContent: JSONValue.open(fields["m.new_content"]),
                  file: JSONValue.open(fields["file"]), filename: filename, mentions: JSONValue.open(fields["m.mentions"]))
    }
}

extension StickerContent: JSONValueView {
    init?(json: JSONValue) {
        guard let fields = json.objectValue, let body = JSONValue.optional(fields["body"], \.stringValue),
              let url = JSONValue.optional(fields["url"], \.stringValue),
              let info = JSONValue.optional(fields["info"], MessageEventContent.Info.init(json:)) else { return nil }
        self.init(body: body, url: url, info: info, file: JSONValue.open(fields["file"]))
    }
}

extension RelatesTo.InReplyTo: JSONValueView {
    init?(json: JSONValue) {
        guard let eventID = json.objectValue.flatMap({ JSONValue.optional($0["event_id"], \.stringValue) }) else { return nil }
        self.init(event_id: eventID)
    }
}

extension RelatesTo: JSONValueView {
    init?(json: JSONValue) {
        guard let fields = json.objectValue, let relType = JSONValue.optional(fields["rel_type"], \.stringValue),
              let eventID = JSONValue.optional(fields["event_id"], \.stringValue),
              let key = JSONValue.optional(fields["key"], \.stringValue),
              let isFallingBack = JSONValue.optional(fields["is_falling_back"], \.boolValue),
              let inReplyTo = JSONValue.optional(fields["m.in_reply_to"], InReplyTo.init(json:)) else { return nil }
        self.init(rel_type: relType, event_id: eventID, key: key, is_falling_back: isFallingBack, inReplyTo: inReplyTo)
    }
}
