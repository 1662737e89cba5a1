/// Download options for runs against the test's own servers on 127.0.0.1: connect and stall
/// limits as long as the tests' hang deadlines, so a server thread that a busy machine holds
/// back for a while is not taken for a network fault (SPEC 9's 10 s and 30 s are for the
/// internet). Tests of the limits themselves set their own values.
enum LoopbackPatience {
  /// `--connect-timeout` and `--stall-timeout` of ten minutes.
  static let options = ["--connect-timeout", "600", "--stall-timeout", "600"]
}
