import Testing
import _SpriteTestSupport

@testable import SpriteTheme

/// Run records' keys: fields hashed with their lengths, and a copied digest going on alone.
@Suite("FieldDigest")
struct FieldDigestTests {
  @Test("the digest of fields is SHA-256 of each field after its length and a colon")
  func lengthPrefixed() {
    var digest = FieldDigest()
    digest.add("abc")
    digest.add("")
    digest.add([0xFF, 0x3A])
    #expect(digest.hex == SHA256Hex.of(Array("3:abc0:2:".utf8) + [0xFF, 0x3A]))
  }

  @Test("a labelled field hashes as the label and the text joined, whatever its length")
  func labelledField() {
    let long = String(repeating: "sprites/", count: 200) + "bat.png"
    var labelled = FieldDigest()
    labelled.add(label: "path ", long)
    labelled.add(label: "", "")
    var joined = FieldDigest()
    joined.add("path " + long)
    joined.add("")
    #expect(labelled.hex == joined.hex)
    #expect(labelled.hex == SHA256Hex.of(Array("1612:path \(long)0:".utf8)))
  }

  @Test("fields cut in different places give different digests")
  func boundariesCount() {
    var ab = FieldDigest()
    ab.add("ab")
    ab.add("c")
    var abc = FieldDigest()
    abc.add("a")
    abc.add("bc")
    #expect(ab.hex != abc.hex)
  }

  @Test("a copy taken after the first field goes on without changing the original")
  func copiesAreIndependent() {
    var shared = FieldDigest()
    shared.add("fingerprint")
    let before = shared.hex
    var first = shared
    first.add("one")
    var second = shared
    second.add("two")
    var whole = FieldDigest()
    whole.add("fingerprint")
    whole.add("one")
    #expect(first.hex == whole.hex)
    #expect(first.hex != second.hex)
    #expect(shared.hex == before)
  }
}
