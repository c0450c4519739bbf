import ChatCore
import Foundation
import XCTest

final class UserConfigTests: XCTestCase {
    func testKeysCommentsSpacingAndUnknownLines() {
        let text = """
        # tteok settings
          region =  마포구
        theme=dark
        LANG = ko
        colour = pink
        not a setting
        region_extra = x
        """
        XCTAssertEqual(UserConfig(parsing: text), UserConfig(region: "마포구", theme: "dark", language: "ko"))
    }

    func testSocketNamesTheCommunityService() {
        let config = UserConfig(parsing: "# shared on this host\nsocket = /srv/tteok/tteok.sock\n")
        XCTAssertEqual(config.socket, "/srv/tteok/tteok.sock")
        XCTAssertNil(UserConfig(parsing: "region = 마포구").socket)
    }

    func testEmptyValuesAndCRLFAreIgnoredAndLaterLinesWin() {
        let text = "region =\r\ntheme = light\r\ntheme = dark\r\n"
        XCTAssertEqual(UserConfig(parsing: text), UserConfig(theme: "dark"))
    }

    func testMissingFileIsEmptyAndAFileIsRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tteok-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = Paths(environment: ["HOME": "/nonexistent", "XDG_CONFIG_HOME": directory.path])
        XCTAssertEqual(UserConfig.load(from: paths.configFile), UserConfig())
        try FileManager.default.createDirectory(at: paths.configDirectory, withIntermediateDirectories: true)
        try Data("region = 종로구\n".utf8).write(to: paths.configFile)
        XCTAssertEqual(paths.configFile.path, directory.path + "/tteok/config")
        XCTAssertEqual(UserConfig.load(from: paths.configFile).region, "종로구")
    }
}
