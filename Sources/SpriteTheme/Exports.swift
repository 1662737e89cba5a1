// SpriteTheme is the umbrella module: importing it brings the pixel types, the analysis
// algorithms (SpriteCore) and the PNG codec (SpritePNG).
@_exported import SpriteCore
@_exported import SpritePNG
