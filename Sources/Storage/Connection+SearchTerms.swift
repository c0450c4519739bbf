import CSQLite

/// `search_terms(text)`: `SearchTerms.indexText` as an SQL function, so the full-text index's
/// triggers cut a body into terms whoever inserts it (the engine, the benchmark's generator, a
/// test writing straight into the file). Registered on every connection Storage opens.
extension Connection {
    func registerSearchTerms() {
        sqlite3_create_function_v2(handle, SearchTerms.functionName, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                                   nil, searchTermsFunction, nil, nil, nil)
    }
}

/// NULL for NULL; anything else is read as text (a number a writer put in `body` too).
private func searchTermsFunction(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
    guard count == 1, let value = values?[0], sqlite3_value_type(value) != SQLITE_NULL,
          let text = sqlite3_value_text(value) else {
        sqlite3_result_null(context)
        return
    }
    let terms = SearchTerms.indexText(String(cString: text))
    terms.withCString { sqlite3_result_text(context, $0, -1, tteok_sqlite_transient()) }
}
