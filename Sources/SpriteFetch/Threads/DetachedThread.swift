#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts a named, detached POSIX thread running a closure (FoundationEssentials has no `Thread`).
package enum DetachedThread {
  /// Runs `body` on a new detached thread, with a stack of `stackSize` bytes when given (else the
  /// system's default). The thread is named `name` on Darwin; Glibc's Swift module does not
  /// export `pthread_setname_np`, so on Linux the name only documents the call.
  ///
  /// - Returns: False when the system refused to create the thread; `body` then never runs.
  @discardableResult
  package static func start(
    name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void
  ) -> Bool {
    let box = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
    #if canImport(Darwin)
      var thread: pthread_t? = nil
    #else
      var thread = pthread_t()
    #endif
    let created = pthread_create(&thread, &attributes, { raw in
      #if canImport(Darwin)
        let start = Unmanaged<Start>.fromOpaque(raw).takeRetainedValue()
      #else
        let start = Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue()
      #endif
      start.run()
      return nil
    }, box)
    if created != 0 {
      Unmanaged<Start>.fromOpaque(box).release()
      return false
    }
    return true
  }

  /// What a new thread runs: its name, then its body.
  private final class Start {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
      self.name = name
      self.body = body
    }

    func run() {
      #if canImport(Darwin)
        pthread_setname_np(name)
      #endif
      body()
    }
  }
}
