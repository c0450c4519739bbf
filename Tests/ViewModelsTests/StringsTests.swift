import ChatCore
import XCTest
@testable import ViewModels

final class StringsTests: XCTestCase {
    func testKoreanKeepsTheOriginalAppWording() {
        let ko = Strings(.korean)
        XCTAssertEqual(ko.typeMessage, "채팅을 입력해주세요!")
        XCTAssertEqual(ko.logInToChat, "채팅 입력을 위해 로그인해주세요!")
        XCTAssertEqual(ko.setNicknameFirst, "닉네임 설정을 먼저 해주세요.")
        XCTAssertEqual(ko.agreeToTerms, "약관에 동의를 해주세요.")
        XCTAssertEqual(ko.currentRegion, "현재 지역")
        XCTAssertEqual(ko.continueAsGuest, "게스트로 로그인")
        XCTAssertTrue(ko.guestCannotSend.contains("로그인이 필요한 기능입니다."))
        XCTAssertTrue(ko.guestCannotSend.contains("게스트는 메세지를 보낼 수 없습니다."))
        XCTAssertEqual(Rank.allCases.map(ko.rankTitle), [
            "떡볶이 순례길의 초행자", "떡볶길을 자유 여행하는 탐방자", "떡볶길의 베테랑 탐험자",
            "떡볶이 순례길의 지휘관", "떡볶이의 모든 것을 통찰하는 대가",
        ])
    }

    func testEnglishMatchesTheSpec() {
        let en = Strings(.english)
        XCTAssertEqual(en.typeMessage, "Type a message")
        XCTAssertEqual(en.logInToChat, "Log in to chat")
        XCTAssertEqual(en.guestCannotSend, "Login required — guests can't send messages.")
        XCTAssertEqual(en.setNicknameFirst, "Set your nickname first.")
        XCTAssertEqual(en.agreeToTerms, "Please agree to the terms.")
        XCTAssertEqual(en.rankTitle(.master), "Master Who Sees All of Tteokbokki")
        XCTAssertEqual(en.denial(.notYourRegion("강남구")), "Only members of 강남구 can post here.")
    }

    func testEveryStringDiffersBetweenLanguages() {
        let en = Strings(.english), ko = Strings(.korean)
        let pairs: [(String, String)] = [
            (en.logIn, ko.logIn), (en.signUp, ko.signUp), (en.logOut, ko.logOut), (en.join, ko.join),
            (en.termsCheckbox, ko.termsCheckbox), (en.guestName, ko.guestName), (en.noActivity, ko.noActivity),
            (en.error(ChatError.wrongPassword), ko.error(ChatError.wrongPassword)),
        ] + Tab.allCases.map { (en.tabTitle($0), ko.tabTitle($0)) }
            + [PostingDenial.blocked, .readOnlyRoom, .notSignedIn, .encryptedRoom].map { (en.denial($0), ko.denial($0)) }
        for (english, korean) in pairs { XCTAssertNotEqual(english, korean) }
    }

    func testLanguageFromOptionThenLocale() {
        XCTAssertEqual(Language.chosen(option: "ko", environment: ["LANG": "en_US.UTF-8"]), .korean)
        XCTAssertEqual(Language.chosen(option: "en", environment: ["LANG": "ko_KR.UTF-8"]), .english)
        XCTAssertEqual(Language.chosen(option: nil, environment: ["LANG": "ko_KR.UTF-8"]), .korean)
        XCTAssertEqual(Language.chosen(option: nil, environment: ["LC_ALL": "C.UTF-8", "LANG": "ko_KR.UTF-8"]), .english)
        XCTAssertEqual(Language.chosen(option: nil, environment: [:]), .english)
    }

    func testInputBarForGuestMemberAndDenial() {
        let en = Strings(.english)
        XCTAssertEqual(InputBarState.make(permission: .denied(.guest), strings: en), .disabled(reason: "Log in to chat"))
        XCTAssertEqual(InputBarState.make(permission: .allowed, strings: en), .enabled(placeholder: "Type a message"))
        XCTAssertEqual(
            InputBarState.make(permission: .denied(.notYourRegion("강남구")), strings: en),
            .disabled(reason: "Only members of 강남구 can post here."))
    }
}
