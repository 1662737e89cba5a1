/// The sRGB transfer function (IEC 61966-2-1) between 8-bit encoded values and linear light.
///
/// Decoding uses a 256-entry table of ``toLinear(_:)``'s values; encoding rounds to the nearest
/// 8-bit value.
/// Source: IEC 61966-2-1:1999, the piecewise curve with the 0.04045 / 0.0031308 breakpoints.
public enum SRGB {
  /// Linear light in [0, 1] for each 8-bit encoded value.
  public static let decodeTable: [Double] = (0...255).map { toLinear(Double($0) / 255) }

  /// Linear light in units of 1/65535 for each 8-bit encoded value, rounded to nearest.
  ///
  /// Sums of these integers stay exact in `Double` and `UInt64`, so averages in linear light do
  /// not depend on summation order. Every value decodes back to its own byte with ``encode(_:)``.
  public static let decodeTable16: [UInt16] = decodeTable.map { UInt16(($0 * 65535).rounded()) }

  /// Linear light in [0, 1] for an 8-bit encoded value.
  @inlinable
  public static func linear(_ encoded: UInt8) -> Double {
    decodeTable[Int(encoded)]
  }

  /// Converts an encoded value in [0, 1] to linear light in [0, 1].
  public static func toLinear(_ v: Double) -> Double {
    v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
  }

  /// Converts linear light in [0, 1] to an encoded value in [0, 1].
  public static func fromLinear(_ l: Double) -> Double {
    l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
  }

  /// Encodes linear light (clamped to [0, 1]) as the nearest 8-bit sRGB value.
  public static func encode(_ linear: Double) -> UInt8 {
    let clamped = min(max(linear, 0), 1)
    return UInt8((fromLinear(clamped) * 255).rounded())
  }
}
