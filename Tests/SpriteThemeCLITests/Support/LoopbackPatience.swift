/// Download options for runs against the test's own servers on 127.0.0.1: connect, stall and
/// total limits as long as the tests' hang deadlines, so a server thread that a busy machine holds
/// back for a while is not taken for a network fault (SPEC 9's 10 s and 30 s, and the 300 s
/// total, are for the internet). Tests of the limits themselves set their own values.
enum LoopbackPatience {
  /// `--connect-timeout`, `--stall-timeout` and `--timeout` of ten minutes.
  static let options = [
    "--connect-timeout", "600", "--stall-timeout", "600", "--timeout", "600",
  ]
}
