/// Why a word is not a valid value for an option, from a custom conversion such as `32,96`;
/// the usage error appends the reason to `The value '…' is invalid for '--option <value>'`.
struct RejectedValue: Error, Sendable {
  /// A sentence saying what a valid value looks like.
  var reason: String

  /// A rejection with `reason`.
  init(_ reason: String) {
    self.reason = reason
  }
}
