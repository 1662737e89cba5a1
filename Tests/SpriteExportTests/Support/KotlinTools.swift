import Foundation
import _SpriteTestSupport

/// A Kotlin 2 compiler for the Compose export's tests: the jars inside the PyPI package of
/// Kotlin's Jupyter kernel (`kotlin-jupyter-kernel`, whose fat jar holds
/// `org.jetbrains.kotlin.cli.jvm.K2JVMCompiler`), downloaded once per test process into
/// ``ProcessScratch`` and run with the system's Java 17.
struct KotlinTools: Sendable {
  /// `java`.
  let java: String
  /// The jar with the compiler.
  let compilerJar: String
  /// The Kotlin standard library.
  let stdlib: String

  /// The compiler, made by the first test that asks.
  static func compiler() async throws -> KotlinTools { try await setup.value.get() }

  /// Downloads and unpacks the package once.
  private static let setup = Task { () -> Swift.Result<KotlinTools, PythonTools.SetupFailure> in
    do {
      return .success(try await make())
    } catch let error as PythonTools.SetupFailure {
      return .failure(error)
    } catch {
      return .failure(PythonTools.SetupFailure(description: "\(error)"))
    }
  }

  private static func make() async throws -> KotlinTools {
    guard let java = ToolRun.find("java") else {
      throw PythonTools.SetupFailure(description: "java is not on PATH")
    }
    let folder = ProcessScratch.folder("kotlin")
    let download = try await PythonTools.run([
      "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps", "-d",
      folder.path, "kotlin-jupyter-kernel==0.19.0.944",
    ])
    guard download.status == 0 else {
      throw PythonTools.SetupFailure(description: "pip download failed: \(download.stderr)")
    }
    let jars = folder.appendingPathComponent("jars").path
    let unpack = try await PythonTools.run([
      "-c",
      """
      import glob, sys, zipfile
      wheel = glob.glob(sys.argv[1] + "/*.whl")[0]
      with zipfile.ZipFile(wheel) as z:
          for n in z.namelist():
              if n.startswith("run_kotlin_kernel/jars/") and n.endswith(".jar"):
                  z.extract(n, sys.argv[2])
      """, folder.path, jars,
    ])
    guard unpack.status == 0 else {
      throw PythonTools.SetupFailure(description: "unzip failed: \(unpack.stderr)")
    }
    let found = try FileManager.default.contentsOfDirectory(
      atPath: jars + "/run_kotlin_kernel/jars")
    func jar(_ prefix: String) throws -> String {
      guard let name = found.first(where: { $0.hasPrefix(prefix) }) else {
        throw PythonTools.SetupFailure(description: "no \(prefix)*.jar in the package: \(found)")
      }
      return jars + "/run_kotlin_kernel/jars/" + name
    }
    return KotlinTools(
      java: java, compilerJar: try jar("kotlin-jupyter-kernel-"),
      stdlib: try jar("kotlin-stdlib-"))
  }

  /// Compiles `sources` into the folder `classes`.
  func compile(_ sources: [String], into classes: String) async throws -> ToolRun.Result {
    try await ToolRun.run(
      java,
      [
        "-cp", compilerJar, "org.jetbrains.kotlin.cli.jvm.K2JVMCompiler", "-no-stdlib",
        "-no-reflect", "-cp", stdlib, "-jvm-target", "17", "-nowarn", "-d", classes,
      ] + sources)
  }

  /// Runs `mainClass` from `classes`.
  func run(mainClass: String, classes: String) async throws -> ToolRun.Result {
    try await ToolRun.run(java, ["-cp", "\(classes):\(stdlib)", mainClass])
  }

  /// The parameters of Compose Material 3's `lightColorScheme` and `darkColorScheme` (1.2).
  static let schemeRoles: Set<String> = [
    "primary", "onPrimary", "primaryContainer", "onPrimaryContainer", "inversePrimary",
    "secondary", "onSecondary", "secondaryContainer", "onSecondaryContainer", "tertiary",
    "onTertiary", "tertiaryContainer", "onTertiaryContainer", "background", "onBackground",
    "surface", "onSurface", "surfaceVariant", "onSurfaceVariant", "surfaceTint",
    "inverseSurface", "inverseOnSurface", "error", "onError", "errorContainer",
    "onErrorContainer", "outline", "outlineVariant", "scrim", "surfaceBright",
    "surfaceContainer", "surfaceContainerHigh", "surfaceContainerHighest",
    "surfaceContainerLow", "surfaceContainerLowest", "surfaceDim",
  ]

  /// Stand-ins for Compose, file name and text: `Color` keeping its ARGB value, `ColorScheme`
  /// keeping its roles, `lightColorScheme`/`darkColorScheme` with Compose's parameter names,
  /// `MaterialTheme`, `@Composable`, `remember` and `isSystemInDarkTheme`, in Compose's packages.
  static var stubFiles: [(String, String)] {
    let parameters = schemeRoles.sorted()
    let signature = parameters.map { "    \($0): Color = Color(0L)," }.joined(separator: "\n")
    let map = parameters.map { "\"\($0)\" to \($0)" }.joined(separator: ", ")
    return [
      (
        "Color.kt",
        """
        package androidx.compose.ui.graphics

        class Color internal constructor(val argb: Long, @Suppress("UNUSED_PARAMETER") tag: Unit)

        fun Color(color: Long): Color = Color(color, Unit)
        """
      ),
      (
        "Runtime.kt",
        """
        package androidx.compose.runtime

        @Target(AnnotationTarget.FUNCTION, AnnotationTarget.TYPE, AnnotationTarget.TYPE_PARAMETER,
            AnnotationTarget.PROPERTY_GETTER)
        annotation class Composable

        @Composable
        inline fun <T> remember(key1: Any?, key2: Any?, key3: Any?, calculation: () -> T): T =
            calculation()
        """
      ),
      (
        "Foundation.kt",
        """
        package androidx.compose.foundation

        import androidx.compose.runtime.Composable

        @Composable
        fun isSystemInDarkTheme(): Boolean = false
        """
      ),
      (
        "Material3.kt",
        """
        package androidx.compose.material3

        import androidx.compose.runtime.Composable
        import androidx.compose.ui.graphics.Color

        class ColorScheme(val roles: Map<String, Color>)

        fun lightColorScheme(
        \(signature)
        ): ColorScheme = ColorScheme(mapOf(\(map)))

        fun darkColorScheme(
        \(signature)
        ): ColorScheme = ColorScheme(mapOf(\(map)))

        @Composable
        fun MaterialTheme(colorScheme: ColorScheme, content: @Composable () -> Unit) {
            println("MaterialTheme " + colorScheme.roles.size)
            content()
        }
        """
      ),
    ]
  }

  /// A program that prints every sprite's colours, found through Java reflection on the
  /// getters: one line per colour, `<name as code points>\t<property>[.<role>]\t<AARRGGBB>`.
  static let dumper = """
    package dump

    import androidx.compose.material3.ColorScheme
    import androidx.compose.ui.graphics.Color
    import spritetheme.SpriteColors
    import spritetheme.SpriteTheme

    fun hex(color: Color) = String.format("%08X", color.argb)

    fun main() {
        for (name in SpriteColors.names) {
            val id = name.codePoints().toArray().joinToString(",")
            val theme = SpriteColors.named(name)
            if (theme == null || theme.name != name) {
                println("$id\\tmissing\\t-")
                continue
            }
            for (getter in SpriteColors::class.java.methods) {
                if (getter.parameterCount != 0 || !getter.name.startsWith("get")) continue
                val label = getter.name.removePrefix("get").replaceFirstChar { it.lowercase() }
                when (val value = getter.invoke(theme)) {
                    is Color -> println("$id\\t$label\\t${hex(value)}")
                    is ColorScheme ->
                        for ((role, color) in value.roles) println("$id\\t$label.$role\\t${hex(color)}")
                }
            }
        }
        SpriteTheme(SpriteColors.names.first()) { println("SpriteTheme composed") }
    }
    """
}
