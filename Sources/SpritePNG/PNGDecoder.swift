import SpriteCore
