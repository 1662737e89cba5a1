import SpriteCore
import SpritePNG
