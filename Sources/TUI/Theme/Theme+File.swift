import ChatCore
import FoundationEssentials

/// Why a theme could not be had. The message is shown in the status line.
public enum ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    case notFound(name: String, searched: [String])
    case invalid(path: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let name, let searched):
            return "No theme named \(name) (looked in \(searched.joined(separator: ", ")))."
        case .invalid(let path, let reason):
            return "Theme \(path) is not valid: \(reason)"
        }
    }
}

extension Theme {
    /// The JSON form of a theme file:
    /// `{"name": "…", "colors": {"accent": "#FF7A00", "text": "default"}, "attributes": {"accent": ["bold"]}}`.
    /// Colours are `#RRGGBB` or `default` (the terminal's own); attributes are `bold`, `dim`,
    /// `reverse`, `underline`. Unknown roles or values are errors, so a typo is reported, not ignored.
    struct File: Codable {
        var name: String?
        var description: String?
        var colors: [String: String]
        var attributes: [String: [String]]?
    }

    /// Parses a theme file; `fallbackName` is used when the file names none.
    public static func decode(_ data: Data, fallbackName: String, path: String = "theme") throws -> Theme {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw ThemeError.invalid(path: path, reason: "not theme JSON (\(ErrorText.describe(error)))")
        }
        var colors: [ThemeRole: TerminalColor] = [:]
        for (key, value) in file.colors {
            colors[try role(key, path)] = try color(value, path)
        }
        var attributes: [ThemeRole: TextAttributes] = [:]
        for (key, names) in file.attributes ?? [:] {
            attributes[try role(key, path)] = try names.reduce(into: TextAttributes()) { $0.formUnion(try attribute($1, path)) }
        }
        return Theme(name: file.name ?? fallbackName, colors: colors, attributes: attributes)
    }

    static func role(_ name: String, _ path: String) throws -> ThemeRole {
        guard let role = ThemeRole(rawValue: name) else {
            let known = ThemeRole.allCases.map(\.rawValue).joined(separator: ", ")
            throw ThemeError.invalid(path: path, reason: "unknown role \"\(name)\" (roles: \(known))")
        }
        return role
    }

    static func color(_ text: String, _ path: String) throws -> TerminalColor {
        if text == "default" { return .terminalDefault }
        let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else {
            throw ThemeError.invalid(path: path, reason: "colour \"\(text)\" is not #RRGGBB or default")
        }
        return .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    static func attribute(_ name: String, _ path: String) throws -> TextAttributes {
        switch name {
        case "bold": return .bold
        case "dim": return .dim
        case "reverse": return .reverse
        case "underline": return .underline
        default: throw ThemeError.invalid(path: path, reason: "unknown attribute \"\(name)\"")
        }
    }
}
