import XCTest
@testable import tteok_bench

/// The lines under the table for a row beside the server: what its verdict does not show.
final class ResultTableTests: XCTestCase {
    private func row(client: [Double], server: [Double]) -> BudgetRow {
        BudgetRow("cold", unit: .milliseconds, budget: 1000, samples: Samples(client), server: Samples(server), factor: 1.5)
    }

    func testTheServerSpreadPairsEachRunWithItsOwnServerTime() throws {
        // Client 90, 120, 100 beside server 60, 100, 50: medians 100 and 60, so the verdict's
        // ratio is 120 ÷ 60 = 2.0; run by run it is 1.5, 1.2 and 2.0.
        let line = try XCTUnwrap(ResultTable.serverSpread(of: row(client: [90, 120, 100], server: [60, 100, 50])))
        XCTAssertEqual(line, "cold: server p95 100.0 ms (1.67× its median); each run's client ÷ its server: median 1.50×, p95 2.00×")
    }

    func testRunsThatDoNotPairGiveOnlyTheServersSpread() throws {
        let line = try XCTUnwrap(ResultTable.serverSpread(of: row(client: [90, 120], server: [60, 100, 50])))
        XCTAssertEqual(line, "cold: server p95 100.0 ms (1.67× its median)")
    }

    func testARowWithoutTheServerHasNoSpreadLine() {
        XCTAssertNil(ResultTable.serverSpread(of: BudgetRow("exec", unit: .milliseconds, budget: 40, samples: Samples([20, 21]))))
        XCTAssertTrue(ResultTable.render([row(client: [90], server: [60])]).hasSuffix("cold: server p95 60.0 ms (1.00× its median); each run's client ÷ its server: median 1.50×, p95 1.50×"))
    }
}
