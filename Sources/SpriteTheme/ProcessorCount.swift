#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How many processors this process may run on: the default for `--jobs`.
public enum ProcessorCount {
  /// The processors this process may use (Foundation's `activeProcessorCount`, which on Linux
  /// honours the CPU affinity mask and cgroup limits); at least 1.
  public static var active: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
