import Foundation
import Testing
import _SpriteTestSupport

/// Stand-ins for Apple's frameworks on Linux: a `SwiftUI` whose `Color` keeps its components,
/// and `UIKit` and `AppKit` with just the dynamic colour API the SwiftUI export calls, built as
/// modules (and a static library) in a scratch folder.
enum SwiftStubs {
  /// Which frameworks besides SwiftUI exist.
  enum Platform: CaseIterable {
    /// SwiftUI alone (the export's fallback branch).
    case linux
    /// SwiftUI over UIKit (iOS, tvOS, visionOS).
    case uiKit
    /// SwiftUI over AppKit (macOS).
    case appKit
  }

  /// `SwiftUI.Color`: the initialiser the export calls, keeping the components.
  static let swiftUI = """
    #if canImport(UIKit)
      import UIKit
    #elseif canImport(AppKit)
      import AppKit
    #endif

    public struct Color: Hashable, Sendable {
      public enum RGBColorSpace: Sendable { case sRGB, sRGBLinear, displayP3 }
      public let components: [Double]
      public init(
        _ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
        opacity: Double = 1
      ) { components = [red, green, blue, opacity] }
      #if canImport(UIKit)
        public init(uiColor: UIColor) { components = [] }
      #elseif canImport(AppKit)
        public init(nsColor: NSColor) { components = [] }
      #endif
    }
    """

  /// `UIKit`: trait collections and dynamic `UIColor`s.
  static let uiKit = """
    public typealias CGFloat = Double
    public enum UIUserInterfaceStyle: Sendable { case unspecified, light, dark }
    public enum UIAccessibilityContrast: Sendable { case unspecified, normal, high }
    public class UITraitCollection {
      public var userInterfaceStyle = UIUserInterfaceStyle.light
      public var accessibilityContrast = UIAccessibilityContrast.normal
    }
    open class UIColor: @unchecked Sendable {
      public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
      public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {}
    }
    """

  /// `AppKit`: appearances and dynamic `NSColor`s.
  static let appKit = """
    public typealias CGFloat = Double
    public class NSAppearance {
      public struct Name: Hashable, Sendable {
        let raw: String
        public static let aqua = Name(raw: "aqua")
        public static let darkAqua = Name(raw: "darkAqua")
        public static let accessibilityHighContrastAqua = Name(raw: "hcAqua")
        public static let accessibilityHighContrastDarkAqua = Name(raw: "hcDarkAqua")
      }
      public func bestMatch(from names: [NSAppearance.Name]) -> NSAppearance.Name? { names.first }
    }
    open class NSColor: @unchecked Sendable {
      public init(srgbRed: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
      public init(name: String?, dynamicProvider: @escaping @Sendable (NSAppearance) -> NSColor) {}
    }
    """

  /// A folder holding the stub modules of `platform` and `libSwiftUI.a`.
  static func build(_ platform: Platform, swiftc: String) async throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    func module(_ name: String, _ source: String) async throws {
      let file = folder.url.appendingPathComponent("\(name).swift")
      try Data(source.utf8).write(to: file)
      let built = try await ToolRun.run(
        swiftc,
        [
          "-emit-library", "-static", "-emit-module", "-module-name", name, "-parse-as-library",
          "-I", folder.url.path, file.path,
          "-emit-module-path", folder.url.appendingPathComponent("\(name).swiftmodule").path,
          "-o", folder.url.appendingPathComponent("lib\(name).a").path,
        ])
      try #require(built.status == 0, "\(name) stub: \(built.stderr)")
    }
    switch platform {
    case .linux: break
    case .uiKit: try await module("UIKit", uiKit)
    case .appKit: try await module("AppKit", appKit)
    }
    try await module("SwiftUI", swiftUI)
    return folder
  }

  /// A program that prints every sprite's colours, found by reflection: one line per colour,
  /// `<name as scalar values>\t<property>[.<role>]\t<RRGGBBAA>`.
  static let dumper = """
    import SwiftUI

    func hex(_ color: Color) -> String {
      color.components.map { component -> String in
        let byte = Int(component * 255 + 0.5)
        return (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }.joined()
    }

    func dump(_ id: String, _ prefix: String, _ value: Any) {
      for child in Mirror(reflecting: value).children {
        guard let label = child.label else { continue }
        if let color = child.value as? Color {
          print("\\(id)\\t\\(prefix)\\(label)\\t\\(hex(color))")
        } else if let scheme = child.value as? SpriteScheme {
          dump(id, "\\(label).", scheme)
        }
      }
    }

    for name in SpriteTheme.names {
      let id = name.unicodeScalars.map { String($0.value) }.joined(separator: ",")
      guard let theme = SpriteTheme.named(name), theme.name == name else {
        print("\\(id)\\tmissing\\t-")
        continue
      }
      dump(id, "", theme)
    }
    """
}
