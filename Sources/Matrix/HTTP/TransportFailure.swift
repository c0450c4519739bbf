import FoundationEssentials

/// Why an exchange gave no usable answer, beyond the plain network failures (`NetworkFailure`): the
/// cases a user must be told in words because they point at the server, not the network.
public enum TransportFailure: Error, Sendable, Equatable {
    /// The answer's body passed the request's `answerLimit`; the transfer was abandoned there.
    case answerTooLarge(limit: Int)
    /// TLS refused the server's certificate (self-signed, expired, wrong name, unknown issuer).
    /// `detail` is libcurl's own line, which may quote the certificate's names.
    case untrustedCertificate(detail: String)
    /// No TLS connection could be set up (handshake, protocol or cipher failure).
    case tlsHandshake(detail: String)

    /// libcurl's TLS error codes (curl.h `CURLcode`) as a failure, or nil for other codes.
    static func tls(curlCode code: Int32, detail: String) -> TransportFailure? {
        switch code {
        // PEER_FAILED_VERIFICATION (60, once SSL_CACERT), its old number 51, SSL_CACERT_BADFILE,
        // SSL_CRL_BADFILE, SSL_ISSUER_ERROR, SSL_PINNEDPUBKEYNOTMATCH, SSL_INVALIDCERTSTATUS.
        case 51, 60, 77, 82, 83, 90, 91: return .untrustedCertificate(detail: detail)
        // SSL_CONNECT_ERROR, SSL_ENGINE_*, SSL_CERTPROBLEM, SSL_CIPHER, SSL_SHUTDOWN_FAILED, SSL_CLIENTCERT.
        case 35, 53, 54, 58, 59, 66, 80, 98: return .tlsHandshake(detail: detail)
        default: return nil
        }
    }
}
