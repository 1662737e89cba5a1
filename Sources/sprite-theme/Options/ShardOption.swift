import ArgumentParser
import SpriteShard

/// `--shard I/N`: the share of a list of inputs one of N workers takes (SPEC section 14).
enum ShardOption {
  /// The option's help line.
  static let help = ArgumentHelp(
    "Keep only the inputs whose FNV-1a 64 hash modulo N is I (0 <= I < N), so N workers "
      + "share a list; see the discussion for what is hashed.", valueName: "I/N")

  /// Parses `I/N`; a wrong one is a usage error (exit 2).
  @Sendable static func parse(_ text: String) throws -> Shard {
    do {
      return try Shard(parsing: text)
    } catch {
      throw ValidationError(error.description)
    }
  }
}
