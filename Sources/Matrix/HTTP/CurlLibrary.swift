import CCurl
import ChatCore
import FoundationEssentials

/// libcurl, opened with `dlopen` the first time a Matrix request is made and never linked, so
/// the embedded community's process does not map curl and its TLS, Kerberos and LDAP libraries
/// (about 6 MB resident; tteok-bench "resident memory"). Option and info numbers are libcurl's
/// stable ABI (curl.h: CURLOPTTYPE_LONG 0, OBJECTPOINT 10000, FUNCTIONPOINT 20000, OFF_T 30000).
final class CurlLibrary: @unchecked Sendable {
    enum Option {
        static let url: Int32 = 10_002
        static let writeData: Int32 = 10_001
        static let writeFunction: Int32 = 20_011
        static let httpHeader: Int32 = 10_023
        static let customRequest: Int32 = 10_036
        static let postFieldSizeLarge: Int32 = 30_120
        static let copyPostFields: Int32 = 10_165
        static let httpGet: Int32 = 80
        static let timeoutMilliseconds: Int32 = 155
        static let noSignal: Int32 = 99
        static let noProgress: Int32 = 43
        static let progressData: Int32 = 10_057
        static let progressFunction: Int32 = 20_219
        static let followLocation: Int32 = 52
        static let maxFileSizeLarge: Int32 = 30_117
        static let errorBuffer: Int32 = 10_010
        static let protocolsString: Int32 = 10_318
    }

    static let responseCodeInfo: Int32 = 0x200000 + 2
    /// CURL_ERROR_SIZE: the room libcurl needs for its error line.
    static let errorBufferSize = 256

    /// Opened once per process; nil when libcurl is not installed.
    static let shared: CurlLibrary? = CurlLibrary()


    private let setopt: UnsafeMutableRawPointer
    private let getinfo: UnsafeMutableRawPointer
    private let easyInit: @convention(c) () -> UnsafeMutableRawPointer?
    private let easyPerform: @convention(c) (UnsafeMutableRawPointer?) -> Int32
    private let easyCleanup: @convention(c) (UnsafeMutableRawPointer?) -> Void
    private let easyReset: @convention(c) (UnsafeMutableRawPointer?) -> Void
    private let slistAppend: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?
    private let slistFreeAll: @convention(c) (UnsafeMutableRawPointer?) -> Void
    /// Finished handles kept for the next request: they keep their connection to the server open.
    private let idle = Mutex<[Handle]>([])

    struct Handle: @unchecked Sendable { let pointer: UnsafeMutableRawPointer }

    private init?() {
        guard let library = tteok_curl_open() else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            tteok_curl_symbol(library, name).map { unsafeBitCast($0, to: type) }
        }
        typealias GlobalInit = @convention(c) (Int) -> Int32
        guard let setopt = tteok_curl_symbol(library, "curl_easy_setopt"),
              let getinfo = tteok_curl_symbol(library, "curl_easy_getinfo"),
              let globalInit = symbol("curl_global_init", as: GlobalInit.self),
              let easyInit = symbol("curl_easy_init", as: (@convention(c) () -> UnsafeMutableRawPointer?).self),
              let easyPerform = symbol("curl_easy_perform", as: (@convention(c) (UnsafeMutableRawPointer?) -> Int32).self),
              let easyCleanup = symbol("curl_easy_cleanup", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
              let easyReset = symbol("curl_easy_reset", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
              let slistAppend = symbol("curl_slist_append",
                                       as: (@convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?).self),
              let slistFreeAll = symbol("curl_slist_free_all", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
              globalInit(3) == 0 else { return nil }  // CURL_GLOBAL_DEFAULT (SSL | WIN32)
        self.setopt = setopt
        self.getinfo = getinfo
        self.easyInit = easyInit
        self.easyPerform = easyPerform
        self.easyCleanup = easyCleanup
        self.easyReset = easyReset
        self.slistAppend = slistAppend
        self.slistFreeAll = slistFreeAll
    }

    // MARK: Handles

    func takeHandle() -> Handle? {
        if let handle = idle.withLock({ $0.popLast() }) { return handle }
        return easyInit().map(Handle.init)
    }

    /// A handle whose exchange ended cleanly goes back for reuse; others are closed.
    func giveBack(_ handle: Handle, reusable: Bool) {
        easyReset(handle.pointer)
        let kept = reusable && idle.withLock { list -> Bool in
            guard list.count < 4 else { return false }
            list.append(handle)
            return true
        }
        if !kept { easyCleanup(handle.pointer) }
    }

    // MARK: Calls

    @discardableResult
    func set(_ handle: Handle, _ option: Int32, _ value: Int) -> Int32 {
        tteok_curl_setopt_long(setopt, handle.pointer, option, value)
    }

    @discardableResult
    func set(_ handle: Handle, _ option: Int32, pointer: UnsafeRawPointer?) -> Int32 {
        tteok_curl_setopt_pointer(setopt, handle.pointer, option, pointer)
    }

    @discardableResult
    func set(_ handle: Handle, _ option: Int32, offset: Int64) -> Int32 {
        tteok_curl_setopt_offset(setopt, handle.pointer, option, offset)
    }

    @discardableResult
    func set(_ handle: Handle, write: tteok_curl_write_callback) -> Int32 {
        tteok_curl_setopt_write(setopt, handle.pointer, Option.writeFunction, write)
    }

    @discardableResult
    func set(_ handle: Handle, progress: tteok_curl_progress_callback) -> Int32 {
        tteok_curl_setopt_progress(setopt, handle.pointer, Option.progressFunction, progress)
    }

    func perform(_ handle: Handle) -> Int32 { easyPerform(handle.pointer) }

    func responseCode(_ handle: Handle) -> Int {
        var code = 0
        _ = tteok_curl_getinfo_long(getinfo, handle.pointer, Self.responseCodeInfo, &code)
        return code
    }

    /// A curl header list of `lines`; free it with `freeList` after the exchange.
    func list(_ lines: [String]) -> UnsafeMutableRawPointer? {
        var list: UnsafeMutableRawPointer?
        for line in lines { list = line.withCString { slistAppend(list, $0) } ?? list }
        return list
    }

    func freeList(_ list: UnsafeMutableRawPointer?) { slistFreeAll(list) }
}
