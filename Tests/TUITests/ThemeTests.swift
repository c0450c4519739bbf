import XCTest
import TUI

final class ThemeTests: XCTestCase {
    var temporary: URL!

    override func setUpWithError() throws {
        temporary = FileManager.default.temporaryDirectory.appendingPathComponent("tteok-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: temporary)
    }

    /// The checkout's Themes/ directory.
    var shipped: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Themes")
    }

    func testEveryShippedThemeLoadsAndOrangeMatchesTheBuiltIn() throws {
        let loader = ThemeLoader(directories: [shipped])
        XCTAssertEqual(loader.availableNames(), ["dark", "light", "mono", "orange"])
        for name in loader.availableNames() {
            XCTAssertEqual(try loader.load(named: name).name, name)
        }
        XCTAssertEqual(try loader.load(named: "orange"), Theme.orange)
        XCTAssertTrue(try loader.load(named: "mono").colors.isEmpty)
    }

    func testUserThemesComeFirstFromXDGConfigHome() throws {
        let userThemes = temporary.appendingPathComponent("tteok/themes")
        try FileManager.default.createDirectory(at: userThemes, withIntermediateDirectories: true)
        try Data(##"{"name": "orange", "colors": {"accent": "#00FF00"}}"##.utf8).write(to: userThemes.appendingPathComponent("orange.json"))
        let loader = ThemeLoader(environment: ["XDG_CONFIG_HOME": temporary.path, "HOME": temporary.path], executable: nil)
        XCTAssertEqual(try loader.load(named: "orange").colors[.accent], .rgb(0, 0xFF, 0))
        XCTAssertEqual(try loader.load(named: "dark").name, "dark", "shipped themes found from the checkout")
    }

    func testThemesAreFoundNextToAnInstalledExecutable() throws {
        let share = temporary.appendingPathComponent("share/tteok/themes")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try Data(##"{"colors": {"text": "#010203"}}"##.utf8).write(to: share.appendingPathComponent("sea.json"))
        let loader = ThemeLoader(environment: ["HOME": temporary.path], executable: temporary.appendingPathComponent("bin/tteok"))
        let sea = try loader.load(named: "sea")
        XCTAssertEqual(sea.name, "sea")
        XCTAssertEqual(sea.colors[.text], .rgb(1, 2, 3))
    }

    func testNoColorRemovesColoursButKeepsEmphasis() throws {
        let loader = ThemeLoader(environment: ["NO_COLOR": "1", "HOME": temporary.path], executable: nil)
        let theme = try loader.load(named: "orange")
        XCTAssertTrue(theme.colors.isEmpty)
        let accent = theme.resolve(Style(.accent))
        XCTAssertEqual(accent, ResolvedStyle(attributes: .bold))
        XCTAssertEqual(loader.initialTheme(named: nil).theme.colors, [:])
        XCTAssertFalse(ThemeLoader(environment: ["NO_COLOR": "", "HOME": temporary.path], executable: nil).noColor, "empty NO_COLOR is unset")
    }

    func testInvalidThemesAreReportedAndTheDefaultIsUsed() throws {
        try Data(##"{"colors": {"acent": "#FF0000"}}"##.utf8).write(to: temporary.appendingPathComponent("typo.json"))
        try Data(##"{"colors": {"accent": "orange"}}"##.utf8).write(to: temporary.appendingPathComponent("badcolor.json"))
        let loader = ThemeLoader(directories: [temporary, shipped])
        XCTAssertThrowsError(try loader.load(named: "typo")) { error in
            XCTAssertTrue("\(error)".contains("unknown role \"acent\""))
        }
        XCTAssertThrowsError(try loader.load(named: "badcolor"))
        XCTAssertThrowsError(try loader.load(named: "../etc/passwd"))
        let (theme, problem) = loader.initialTheme(named: "missing")
        XCTAssertEqual(theme, .orange)
        XCTAssertEqual(problem, .notFound(name: "missing", searched: [temporary.path, shipped.path]))
        XCTAssertEqual(ThemeLoader(directories: []).initialTheme(named: nil).theme, .orange, "built-in fallback")
    }
}
