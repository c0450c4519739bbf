import XCTest
@testable import MatrixCrypto

/// libcrypto's primitives against published test vectors (NIST SP 800-38A, RFC 4231, RFC 5869,
/// PBKDF2-HMAC-SHA-512), so a wrong binding fails here and not as an unreadable file or secret.
final class PrimitiveTests: XCTestCase {
    private func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = [], characters = Array(hex)
        while characters.count >= 2 {
            result.append(UInt8(String(characters.prefix(2)), radix: 16)!)
            characters.removeFirst(2)
        }
        return result
    }

    func testAES256CTRMatchesNISTAndIsItsOwnInverse() throws {
        let key = bytes("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")
        let iv = bytes("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")
        let sealed = try AESCTR.apply(key: key, iv: iv, to: bytes("6bc1bee22e409f96e93d7e117393172a"))
        XCTAssertEqual(sealed, bytes("601ec313775789a5b7a7f504bbf3d228"))
        XCTAssertEqual(try AESCTR.apply(key: key, iv: iv, to: sealed), bytes("6bc1bee22e409f96e93d7e117393172a"))
        XCTAssertThrowsError(try AESCTR.apply(key: Array(key.prefix(16)), iv: iv, to: sealed))
    }

    func testHMACSHA256MatchesRFC4231AndComparesWhole() {
        let mac = HMACSHA256.mac(key: Array("Jefe".utf8), Array("what do ya want for nothing?".utf8))
        XCTAssertEqual(mac, bytes("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"))
        XCTAssertTrue(HMACSHA256.equal(mac, mac))
        XCTAssertFalse(HMACSHA256.equal(mac, Array(mac.dropLast()) + [mac.last! ^ 1]))
        XCTAssertFalse(HMACSHA256.equal(mac, Array(mac.dropLast())))
        XCTAssertEqual(HMACSHA256.sha256(Array("abc".utf8)), bytes("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
    }

    func testHKDFMatchesRFC5869() {
        let derived = KeyDerivation.hkdfSHA256(secret: [UInt8](repeating: 0x0b, count: 22), salt: bytes("000102030405060708090a0b0c"),
                                               info: bytes("f0f1f2f3f4f5f6f7f8f9"), length: 42)
        XCTAssertEqual(derived, bytes("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"))
    }

    func testPBKDF2SHA512MatchesTheKnownVector() throws {
        let derived = try KeyDerivation.pbkdf2SHA512(passphrase: "password", salt: Array("salt".utf8), rounds: 1, length: 64)
        XCTAssertEqual(derived, bytes("867f70cf1ade02cff3752599a3a53dc4af34c7a669815ae5d513554e1c8cf252c02d470a285a0501bad999bfe943c08f050235d7d68b1da55e63f73b60a57fce"))
        XCTAssertThrowsError(try KeyDerivation.pbkdf2SHA512(passphrase: "p", salt: [], rounds: 0, length: 64))
    }
}
