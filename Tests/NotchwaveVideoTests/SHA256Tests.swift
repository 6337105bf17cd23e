import Testing
import NotchwaveVideo

@Suite("SHA-256")
struct SHA256Tests {
    @Test("known digests (FIPS 180-4 examples)")
    func vectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // Fed in pieces of odd sizes, the same digest.
        let hasher = SHA256()
        let bytes = [UInt8](repeating: 0x61, count: 1_000_000)
        var offset = 0
        for size in [1, 63, 64, 65, 1000, 7] where offset < bytes.count {
            hasher.update(bytes[offset..<min(offset + size, bytes.count)])
            offset += size
        }
        hasher.update(bytes[offset...])
        #expect(hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
