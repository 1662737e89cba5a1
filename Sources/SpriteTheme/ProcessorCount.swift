import CSpriteSystem

/// How many processors this process may run on: the default for `--jobs`.
public enum ProcessorCount {
  /// The processors in this process's CPU affinity mask on Linux (what `taskset` and container
  /// CPU sets allow), else the online processors; at least 1.
  public static var active: Int { Int(CSpriteSystem_available_processors()) }
}
