import ChatCore
import FoundationEssentials

/// Finds theme files by name, first match wins:
/// 1. `$XDG_CONFIG_HOME/tteok/themes/NAME.json` (the user's own),
/// 2. next to the executable: `<bin>/Themes/` and an installed `<prefix>/share/tteok/themes/`,
/// 3. the checkout's top-level `Themes/` (found above the executable, e.g. from `.build/debug/`,
///    and from this source file's location when built in a checkout).
/// `NO_COLOR` (set and not empty) removes every colour from whatever theme is chosen.
public struct ThemeLoader: Sendable {
    /// The default theme's name.
    public static let defaultName = "orange"

    public var directories: [URL]
    public var noColor: Bool

    public init(directories: [URL], noColor: Bool = false) {
        self.directories = directories
        self.noColor = noColor
    }

    /// The standard search path for this process.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                executable: URL? = PathText.runningExecutable().map { URL(fileURLWithPath: $0) }, sourceFile: String = #filePath) {
        var directories = [Paths(environment: environment).configDirectory.appendingPathComponent("themes")]
        if let binDirectory = executable?.resolvingSymlinksInPath().deletingLastPathComponent() {
            directories.append(binDirectory.appendingPathComponent("Themes"))
            directories.append(binDirectory.deletingLastPathComponent().appendingPathComponent("share/tteok/themes"))
            directories += Self.checkoutThemes(above: binDirectory)
        }
        let sourceCheckout = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Themes")
        directories.append(sourceCheckout)
        var seen = Set<String>()
        self.init(directories: directories.filter { seen.insert($0.standardizedFileURL.path).inserted },
                  noColor: !(environment["NO_COLOR"] ?? "").isEmpty)
    }

    /// The theme called `name`, colourless under `NO_COLOR`.
    public func load(named name: String) throws -> Theme {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            throw ThemeError.notFound(name: name, searched: directories.map(\.path))
        }
        for directory in directories {
            let url = directory.appendingPathComponent(name + ".json")
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            let theme = try Theme.decode(data, fallbackName: name, path: url.path)
            return noColor ? theme.withoutColor : theme
        }
        throw ThemeError.notFound(name: name, searched: directories.map(\.path))
    }

    /// The theme to start with: `name` if given (errors reported), else the default; when the
    /// default file cannot be found the built-in orange is used, so the client always starts.
    public func initialTheme(named name: String?) -> (theme: Theme, problem: ThemeError?) {
        do {
            return (try load(named: name ?? Self.defaultName), nil)
        } catch let error as ThemeError {
            let fallback = (try? load(named: Self.defaultName)) ?? Theme.orange
            return (noColor ? fallback.withoutColor : fallback, name == nil ? nil : error)
        } catch {
            return (noColor ? Theme.orange.withoutColor : Theme.orange, nil)
        }
    }

    /// Names of every theme found, sorted, without duplicates (for `/theme`).
    public func availableNames() -> [String] {
        let names = directories.flatMap { directory -> [String] in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        }
        return Array(Set(names)).sorted()
    }

    /// `Themes/` directories in the parents of `directory` (a checkout's `.build/debug/`).
    static func checkoutThemes(above directory: URL) -> [URL] {
        var result: [URL] = []
        var current = directory
        for _ in 0..<4 {
            current = current.deletingLastPathComponent()
            let candidate = current.appendingPathComponent("Themes")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(defaultName + ".json").path) {
                result.append(candidate)
            }
        }
        return result
    }
}
