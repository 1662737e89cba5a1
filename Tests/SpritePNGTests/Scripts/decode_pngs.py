"""Decodes every PNG of a folder with pypng, an independent pure-Python decoder (it checks every
chunk's CRC), and writes each one's pixels beside it as NAME.rgba: 8-bit straight RGBA, rows top
to bottom, no padding, the layout of SpritePNG's RGBAImage.

    python decode_pngs.py FOLDER
"""

import os
import sys

import png


def main(folder):
    count = 0
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".png"):
            continue
        width, height, rows, _ = png.Reader(filename=os.path.join(folder, name)).asRGBA8()
        data = b"".join(bytes(row) for row in rows)
        if len(data) != width * height * 4:
            sys.exit(f"{name}: {len(data)} bytes of pixels for {width}x{height}")
        with open(os.path.join(folder, name[:-4] + ".rgba"), "wb") as out:
            out.write(data)
        count += 1
    print(count)


if __name__ == "__main__":
    main(sys.argv[1])
