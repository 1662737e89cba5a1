import Foundation
import SpriteCore
import SpriteExport
import Testing
import _SpriteTestSupport

@Suite("SwiftUI, Compose and Flutter exports: code that parses, with the theme's colours")
struct CodeExportTests {
  /// A SwiftUI stand-in for Linux: just the `Color` initialiser the export calls.
  static let swiftUIStub = """
    public struct Color {
      public enum RGBColorSpace { case sRGB, sRGBLinear, displayP3 }
      public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    }
    """

  @Test("SpriteColors.swift passes swiftc -parse and type-checks against a SwiftUI stub")
  func swiftParsesAndTypeChecks() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let swiftc = try #require(ToolRun.find("swiftc"), "swiftc is not on PATH")
    let file = catalogue.url(.swiftui, "SpriteColors.swift").path
    let parse = try await ToolRun.run(swiftc, ["-parse", file])
    #expect(parse.status == 0, "\(parse.stderr)")
    #if canImport(SwiftUI)
      let check = try await ToolRun.run(swiftc, ["-typecheck", file])
    #else
      let stub = try TemporaryDirectory()
      let source = stub.url.appendingPathComponent("SwiftUI.swift")
      try Data(Self.swiftUIStub.utf8).write(to: source)
      let module = try await ToolRun.run(
        swiftc,
        [
          "-emit-module", "-module-name", "SwiftUI", "-parse-as-library", source.path,
          "-emit-module-path", stub.url.appendingPathComponent("SwiftUI.swiftmodule").path,
        ])
      try #require(module.status == 0, "\(module.stderr)")
      let check = try await ToolRun.run(swiftc, ["-typecheck", "-I", stub.url.path, file])
    #endif
    #expect(check.status == 0, "\(check.stderr.prefix(2000))")
  }

  @Test("SpriteColors.swift holds every colour as its packed RGBA")
  func swiftColours() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let text = try catalogue.text(.swiftui, "SpriteColors.swift")
    for (name, expected) in catalogue.samples {
      let body = try #require(Self.block(after: "public enum \(Self.pascal(name)) {", in: text))
      for (key, color) in expected.colors {
        #expect(
          body.contains(
            "public static let \(key) = SwiftUI.Color(spriteRGBA: 0x\(color.rgbaText))\n"))
      }
      for (mode, roles) in [("Light", expected.light), ("Dark", expected.dark)] {
        let inner = try #require(Self.block(after: "public enum \(mode) {", in: body))
        for (role, color) in roles {
          #expect(
            inner.contains(
              "public static let \(role) = SwiftUI.Color(spriteRGBA: 0x\(color.rgbaText))\n"))
        }
      }
    }
    // A syntax error is caught: the check can fail.
    let broken = try TemporaryDirectory()
    let url = broken.url.appendingPathComponent("Broken.swift")
    try Data(text.replacingOccurrences(of: "public enum Dark {", with: "public enum Dark ").utf8)
      .write(to: url)
    #expect(
      try await ToolRun.run(try #require(ToolRun.find("swiftc")), ["-parse", url.path]).status != 0)
  }

  @Test(
    "SpriteColors.kt: an object per sprite, lightColorScheme/darkColorScheme of the roles, ARGB")
  func composeStructure() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let text = try catalogue.text(.compose, "SpriteColors.kt")
    #expect(Self.balanced(text, "{", "}") && Self.balanced(text, "(", ")"))
    #expect(text.hasPrefix("// ") && text.contains("\npackage spritetheme\n"))
    let withMaterial = catalogue.expected.values.filter { !$0.light.isEmpty }.count
    #expect(text.components(separatedBy: "= lightColorScheme(\n").count - 1 == withMaterial)
    #expect(text.components(separatedBy: "= darkColorScheme(\n").count - 1 == withMaterial)
    for (name, expected) in catalogue.samples {
      let body = try #require(Self.block(after: "object \(Self.pascal(name)) {", in: text))
      for (key, color) in expected.colors {
        #expect(body.contains("val \(key) = Color(0x\(color.argbText))\n"))
      }
      for (mode, roles) in [("light", expected.light), ("dark", expected.dark)] {
        let scheme = try #require(body.range(of: "val \(mode)Scheme = \(mode)ColorScheme(\n"))
        let end = try #require(
          body.range(of: "\n        )", range: scheme.upperBound..<body.endIndex))
        let arguments = body[scheme.upperBound..<end.lowerBound].split(separator: "\n")
        #expect(arguments.count == 36)
        for line in arguments {
          let parts = line.trimmingCharacters(in: .whitespaces).split(separator: " = ")
          let role = String(parts[0])
          #expect(parts[1] == "Color(0x\(try #require(roles[role]).argbText)),", "\(name) \(role)")
        }
      }
    }
  }

  @Test("sprite_colors.dart: a class per sprite with const ColorSchemes, light and dark, ARGB")
  func flutterStructure() async throws {
    let catalogue = try await ExportedCatalogue.shared()
    let text = try catalogue.text(.flutter, "sprite_colors.dart")
    #expect(Self.balanced(text, "{", "}") && Self.balanced(text, "(", ")"))
    #expect(text.contains("import 'package:flutter/material.dart';"))
    for (name, expected) in catalogue.samples {
      let body = try #require(
        Self.block(after: "abstract final class \(Self.pascal(name))SpriteColors {", in: text))
      for (key, color) in expected.colors {
        #expect(body.contains("static const \(key) = Color(0x\(color.argbText));\n"))
      }
      for (mode, roles) in [("light", expected.light), ("dark", expected.dark)] {
        let scheme = try #require(body.range(of: "static const \(mode) = ColorScheme(\n"))
        let end = try #require(body.range(of: "\n  );", range: scheme.upperBound..<body.endIndex))
        let arguments = body[scheme.upperBound..<end.lowerBound].split(separator: "\n")
          .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(arguments.first == "brightness: Brightness.\(mode),")
        // Every role but the three deprecated ones; inverseOnSurface is onInverseSurface.
        #expect(arguments.count == 1 + 46)
        for line in arguments.dropFirst() {
          let parts = line.split(separator: ": ")
          let role = parts[0] == "onInverseSurface" ? "inverseOnSurface" : String(parts[0])
          #expect(parts[1] == "Color(0x\(try #require(roles[role]).argbText)),", "\(name) \(role)")
        }
      }
    }
  }

  /// `crawl-black-cat` → `CrawlBlackCat`.
  static func pascal(_ name: String) -> String {
    name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// The text between `opening` (which ends in `{`) and its matching `}`.
  static func block(after opening: String, in text: String) -> String? {
    guard let start = text.range(of: opening) else { return nil }
    var depth = 1
    var index = start.upperBound
    while index < text.endIndex {
      if text[index] == "{" { depth += 1 }
      if text[index] == "}" {
        depth -= 1
        if depth == 0 { return String(text[start.upperBound..<index]) }
      }
      index = text.index(after: index)
    }
    return nil
  }

  /// True when `open` and `close` nest properly.
  static func balanced(_ text: String, _ open: Character, _ close: Character) -> Bool {
    var depth = 0
    for character in text {
      if character == open { depth += 1 }
      if character == close { depth -= 1 }
      if depth < 0 { return false }
    }
    return depth == 0
  }
}

extension RGBA8 {
  /// `AARRGGBB`, upper case.
  var argbText: String { [a, r, g, b].map { String(format: "%02X", $0) }.joined() }
  /// `RRGGBBAA`, upper case.
  var rgbaText: String { [r, g, b, a].map { String(format: "%02X", $0) }.joined() }
}
