import CCurl
import ChatCore
import FoundationEssentials
import Glibc

/// The real transport: libcurl (opened on first use, see `CurlLibrary`), one blocking
/// `curl_easy_perform` per exchange, on a thread it has alone while it lasts (kept for the next
/// one, `TransferThreads`); no cookies, no cache, tokens in headers only. Failures without an
/// answer are `NetworkFailure`s, in URLSession's words.
public final class CurlTransport: MatrixTransport {
    public init() {}

    /// Calls `body` once libcurl is loaded (the load started now if it was not), on the loading
    /// thread after the transfers waiting with it have their threads.
    public func whenReady(_ body: @escaping @Sendable () -> Void) {
        CurlLibrary.whenLoaded(.afterTransfers) { _ in body() }
    }

    /// Hands the exchange to libcurl from the caller's thread: at once when it is loaded, else
    /// the loading thread starts it the moment it is done. Cancelling the answer's awaiting task
    /// answers at once; the transfer notices within a second through the progress callback and
    /// is dropped.
    public func start(_ request: HTTPRequest) -> StartedExchange {
        let exchange = CurlExchange(request)
        CurlLibrary.whenLoaded { curl in exchange.start(curl: curl) }
        return exchange.answer
    }

    public func exchange(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        try await start(request).answer()
    }
}

/// One exchange: its request, and the answer as it arrives.
private final class CurlExchange: @unchecked Sendable {
    let request: HTTPRequest
    /// Who awaits the answer, and whether they still do.
    let answer = StartedExchange()
    /// Written only by the transfer's thread (curl's write callback).
    var received = Data()
    /// Set by the write callback when the answer passed `request.answerLimit`.
    var overLimit = false

    init(_ request: HTTPRequest) {
        self.request = request
    }

    var isCancelled: Bool { answer.isCancelled }

    /// Hands the transfer to a thread of its own; without libcurl it fails at once.
    func start(curl: CurlLibrary?) {
        if answer.isCancelled { return }
        guard let curl else { return answer.finish(.failure(NetworkFailure.noTransport)) }
        TransferThreads.shared.run { [self] in answer.finish(perform(curl)) }
    }

    /// The blocking transfer, on the exchange's own thread.
    private func perform(_ curl: CurlLibrary) -> Result<(Data, HTTPResponse), Error> {
        guard let url = request.url, let handle = curl.takeHandle() else { return .failure(NetworkFailure.badURL) }
        let headers = curl.list(request.allHTTPHeaderFields.map { "\($0.key): \($0.value)" } + ["Expect:"])
        let method = request.httpMethod ?? "GET"
        let errorLine = UnsafeMutablePointer<CChar>.allocate(capacity: CurlLibrary.errorBufferSize)
        errorLine.initialize(repeating: 0, count: CurlLibrary.errorBufferSize)
        defer { errorLine.deallocate() }
        let code = url.absoluteString.withCString { address in
            method.withCString { methodName in
                configure(handle, curl, address: address, method: methodName, headers: headers, errorLine: errorLine)
                return curl.perform(handle)
            }
        }
        let status = curl.responseCode(handle)
        let detail = String(cString: errorLine)
        curl.freeList(headers)
        curl.giveBack(handle, reusable: code == 0)
        if code == 0, status > 0 { return .success((received, HTTPResponse(statusCode: status))) }
        return .failure(failure(forCurlCode: code, detail: detail))
    }

    private func configure(_ handle: CurlLibrary.Handle, _ curl: CurlLibrary, address: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                           headers: UnsafeMutableRawPointer?, errorLine: UnsafeMutablePointer<CChar>) {
        typealias Option = CurlLibrary.Option
        curl.set(handle, Option.url, pointer: address)
        curl.set(handle, Option.noSignal, 1)
        // A redirect is handed back as the answer it is: following one would carry the request
        // (a login's password) to whatever host the server names, https or not.
        curl.set(handle, Option.followLocation, 0)
        "http,https".withCString { _ = curl.set(handle, Option.protocolsString, pointer: $0) }
        // Refused before the body when the server declares its length; the write callback
        // enforces the same limit on answers that do not.
        curl.set(handle, Option.maxFileSizeLarge, offset: Int64(request.answerLimit))
        curl.set(handle, Option.errorBuffer, pointer: errorLine)
        curl.set(handle, Option.timeoutMilliseconds, Int(request.timeoutInterval * 1000))
        curl.set(handle, Option.httpHeader, pointer: headers)
        if let body = request.httpBody {
            curl.set(handle, Option.postFieldSizeLarge, offset: Int64(body.count))
            // COPYPOSTFIELDS: curl keeps its own copy of the bytes (an empty body still needs a pointer).
            let empty: StaticString = ""
            body.withUnsafeBytes { _ = curl.set(handle, Option.copyPostFields, pointer: $0.baseAddress ?? UnsafeRawPointer(empty.utf8Start)) }
            curl.set(handle, Option.customRequest, pointer: method)
        } else if strcmp(method, "GET") == 0 {
            curl.set(handle, Option.httpGet, 1)
        } else {
            curl.set(handle, Option.customRequest, pointer: method)
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        curl.set(handle, write: { data, size, count, context in
            guard let data, let context else { return 0 }
            let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
            // Past the limit nothing more is kept: a short count makes curl abort the transfer.
            guard exchange.received.count + size * count <= exchange.request.answerLimit else {
                exchange.overLimit = true
                return 0
            }
            exchange.received.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size * count)
            return size * count
        })
        curl.set(handle, Option.writeData, pointer: context)
        curl.set(handle, Option.noProgress, 0)
        curl.set(handle, progress: { context, _, _, _, _ in
            guard let context else { return 0 }
            return Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
        })
        curl.set(handle, Option.progressData, pointer: context)
    }

    /// A failed transfer's CURLcode in our terms: the answer limit and TLS failures by name,
    /// the rest as a `NetworkFailure`.
    private func failure(forCurlCode code: Int32, detail: String) -> Error {
        // FILESIZE_EXCEEDED (63): the declared length was over the limit.
        if overLimit || code == 63 { return TransportFailure.answerTooLarge(limit: request.answerLimit) }
        return TransportFailure.tls(curlCode: code, detail: detail) ?? NetworkFailure.forCurlCode(code)
    }
}
