// SpriteTheme is the umbrella module: importing it brings the pixel types, the analysis
// algorithms (SpriteCore) and the PNG codec (SpritePNG).
@_exported import SpriteCore
@_exported import SpritePNG
// The theme document and the index (SpriteThemeModel): the one model every module reads.
@_exported import SpriteThemeModel

// Paths in the engine's options are swift-system's `FilePath` (bytes, so any file name works).
@_exported import struct SystemPackage.FilePath
