import ChatCore
import Foundation
import XCTest

/// `org.matrix.custom.html` from anyone, made into styled runs from an allow-list: what is
/// allowed shows as meant, everything else is text, and hostile input costs bounded work.
final class HTMLTextTests: XCTestCase {
    private typealias Run = FormattedText.Run

    func testAllowedTagsBecomeMarks() {
        let text = HTMLText.formatted("<b>bold</b> <em>it</em> <code>x()</code> <del>gone</del> <a href=\"https://tteok.example/\">site</a>")
        XCTAssertEqual(text.runs, [
            Run("bold", .bold), Run(" "), Run("it", .italic), Run(" "), Run("x()", .code), Run(" "), Run("gone", .strike), Run(" "),
            Run("site", .link, link: "https://tteok.example/"), Run(" (https://tteok.example/)"),
        ])
    }

    func testQuotesListsAndBreaks() {
        let text = HTMLText.formatted("<blockquote>wise<br>words</blockquote><ol><li>one</li><li>two</li></ol><ul><li>dot</li></ul>")
        XCTAssertEqual(text.plain, "│ wise\n│ words\n1. one\n2. two\n• dot\n")
        XCTAssertTrue(text.runs.contains { $0.text.contains("wise") && $0.marks == .quote }, "\(text.runs)")
    }

    func testALinkShowingItsOwnTargetIsNotRepeatedAndOnlyWebAndMailLinksCount() {
        XCTAssertEqual(HTMLText.formatted("<a href='https://a.example'>https://a.example</a>").plain, "https://a.example")
        for hostile in ["javascript:alert(1)", "file:///etc/passwd", "data:text/html,x", "https://a.example/\u{202E}evil", "https://a b"] {
            let text = HTMLText.formatted("<a href=\"\(hostile)\">click</a>")
            XCTAssertEqual(text.runs, [Run("click")], hostile)
        }
    }

    func testEverythingElseIsTextOrDropped() {
        XCTAssertEqual(HTMLText.formatted("<script>alert(1)</script><style>b{}</style>safe<img src=x onerror=alert(1)>").plain, "safe")
        XCTAssertEqual(HTMLText.formatted("<mx-reply><blockquote>quoted parent</blockquote></mx-reply>the reply").plain, "the reply")
        XCTAssertEqual(HTMLText.formatted("1 &lt; 2 &amp;&amp; &#x1F35C; &#127836; &bogus; &#0; &").plain, "1 < 2 && 🍜 🍜 &bogus; &#0; &")
        XCTAssertEqual(HTMLText.formatted("a < b and no tag closes").plain, "a < b and no tag closes")
        XCTAssertEqual(HTMLText.formatted("<b>never closed").runs, [Run("never closed", .bold)])
        XCTAssertEqual(HTMLText.formatted("</b></i></blockquote>stray closers").runs, [Run("stray closers")])
        XCTAssertEqual(HTMLText.formatted("<!-- hidden -->shown<!-- never closed").plain, "shown")
    }

    func testBidiAndControlsStayInTheTextForTheSanitiser() {
        // The runs keep them; every front end draws runs through the sanitiser (InertText).
        let text = HTMLText.formatted("<b>a\u{202E}b&#x1B;[31m</b>")
        XCTAssertEqual(text.plain, "a\u{202E}b\u{1B}[31m")
    }

    func testHostileFloodsAreBounded() {
        let nested = String(repeating: "<b><i><blockquote><ul><li>", count: 20_000) + "deep"
        let cut = HTMLText.formatted(nested)
        XCTAssertLessThanOrEqual(cut.plain.count, HTMLText.outputLimit + 1)
        let opens = HTMLText.formatted(String(repeating: "<", count: 1_000_000))
        XCTAssertLessThanOrEqual(opens.plain.count, HTMLText.outputLimit + 1)
        let comments = HTMLText.formatted(String(repeating: "<!--", count: 200_000))
        XCTAssertEqual(comments.plain, "")
        let entities = HTMLText.formatted(String(repeating: "&amp", count: 200_000))
        XCTAssertLessThanOrEqual(entities.plain.count, HTMLText.outputLimit + 1)
        let huge = HTMLText.formatted("<b>" + String(repeating: "가", count: 2_000_000) + "</b>")
        XCTAssertEqual(huge.plain.count, HTMLText.outputLimit + 1, "cut, with … at the end")
    }
}

/// The Markdown people type, as runs and as the HTML Matrix gets.
final class MarkdownTextTests: XCTestCase {
    func testOurSubsetAndNothingElse() {
        let text = MarkdownText.formatted("**strong** *em* `a*b` [site](https://tteok.example) 2*3")
        XCTAssertEqual(text?.runs, [
            FormattedText.Run("strong", .bold), FormattedText.Run(" "), FormattedText.Run("em", .italic), FormattedText.Run(" "),
            FormattedText.Run("a*b", .code), FormattedText.Run(" "), FormattedText.Run("site", .link, link: "https://tteok.example"),
            FormattedText.Run(" 2*3"),
        ])
        XCTAssertNil(MarkdownText.formatted("no marks here, 2*3 = 6"))
        XCTAssertNil(MarkdownText.formatted("[x](javascript:alert(1))"))
        XCTAssertEqual(MarkdownText.html("**<b>** & `x<y`"), "<strong>&lt;b&gt;</strong> &amp; <code>x&lt;y</code>")
        XCTAssertEqual(HTMLText.formatted(MarkdownText.html("*em* [a](https://a.example)")!).runs,
                       [FormattedText.Run("em", .italic), FormattedText.Run(" "), FormattedText.Run("a", .link, link: "https://a.example"),
                        FormattedText.Run(" (https://a.example)")])
    }

    func testAFloodOfMarksIsOnePass() {
        let flood = String(repeating: "*", count: 200_000) + String(repeating: "[", count: 200_000) + String(repeating: "`", count: 1)
        XCTAssertLessThanOrEqual(MarkdownText.formatted(flood)?.plain.count ?? 0, HTMLText.outputLimit)
    }
}
