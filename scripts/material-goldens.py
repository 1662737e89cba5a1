#!/usr/bin/env python3
"""Regenerates the SpriteMaterial golden files from an independent implementation.

Creates a throwaway virtual environment under a temporary directory, installs
materialyoucolor==3.0.4 from PyPI into it, and re-runs this script inside it with --generate,
which writes Tests/SpriteMaterialTests/Goldens/{schemes,schemes-2025,hct,palettes,score}.txt.

Usage: python3 scripts/material-goldens.py            (from the package root)
       python3 scripts/material-goldens.py --only schemes-2025   (that file alone)
"""
import os
import subprocess
import sys
import tempfile

PACKAGE = "materialyoucolor==3.0.4"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "SpriteMaterialTests", "Goldens")

# Source colours: greys, near-black and near-white, saturated primaries and secondaries, browns,
# PokeAPI type colours, hues at the edges of the disliked, yellow and blue ranges, and #1D5BEE
# (verified against a Theme Builder export in ALGORITHMS.md).
SOURCES = [
    "000000", "FFFFFF", "808080", "7F7F7F", "3C3C3C", "C8C8C8", "0A0A0A", "101014", "F8F8F8",
    "FAF5EE", "FF0000", "00FF00", "0000FF", "FFFF00", "00FFFF", "FF00FF", "8B4513", "A0522D",
    "6B4226", "5C4033", "C19A6B", "F8D030", "78C850", "F08030", "6890F0", "F85888", "A040A0",
    "E0C068", "B8A038", "705898", "7038F8", "98D8D8", "EE99AC", "B8B8D0", "1D5BEE", "4285F4",
    "6750A4", "8A7A00", "6B6B00", "B33B15", "2B6E3F", "00897B",
]

# Variant names as SpriteMaterial spells them, with the materialyoucolor scheme class names.
VARIANTS = [
    ("tonalSpot", "SchemeTonalSpot"), ("vibrant", "SchemeVibrant"),
    ("expressive", "SchemeExpressive"), ("fidelity", "SchemeFidelity"),
    ("content", "SchemeContent"), ("neutral", "SchemeNeutral"),
    ("monochrome", "SchemeMonochrome"), ("rainbow", "SchemeRainbow"),
    ("fruitSalad", "SchemeFruitSalad"),
]
CONTRASTS = [0.0, 0.5, 1.0, -1.0]

# The 49 roles of a Material Theme Builder export, in its order.
ROLES = [
    "primary", "surfaceTint", "onPrimary", "primaryContainer", "onPrimaryContainer",
    "secondary", "onSecondary", "secondaryContainer", "onSecondaryContainer",
    "tertiary", "onTertiary", "tertiaryContainer", "onTertiaryContainer",
    "error", "onError", "errorContainer", "onErrorContainer",
    "background", "onBackground", "surface", "onSurface", "surfaceVariant", "onSurfaceVariant",
    "outline", "outlineVariant", "shadow", "scrim", "inverseSurface", "inverseOnSurface",
    "inversePrimary", "primaryFixed", "onPrimaryFixed", "primaryFixedDim",
    "onPrimaryFixedVariant", "secondaryFixed", "onSecondaryFixed", "secondaryFixedDim",
    "onSecondaryFixedVariant", "tertiaryFixed", "onTertiaryFixed", "tertiaryFixedDim",
    "onTertiaryFixedVariant", "surfaceDim", "surfaceBright", "surfaceContainerLowest",
    "surfaceContainerLow", "surfaceContainer", "surfaceContainerHigh", "surfaceContainerHighest",
]
# The roles spec 2025 adds, written after the 49 in schemes-2025.txt.
DIM_ROLES = ["primaryDim", "secondaryDim", "tertiaryDim", "errorDim"]
EXPORT_TONES = [0, 5, 10, 15, 20, 25, 30, 35, 40, 50, 60, 70, 80, 90, 95, 98, 99, 100]


def rgb(argb):
    return "%06X" % (argb & 0xFFFFFF)


def write(name, header, lines):
    with open(os.path.join(OUT, name), "w") as f:
        for h in header:
            f.write("# " + h + "\n")
        for line in lines:
            f.write(line + "\n")


def generate():
    import materialyoucolor.scheme as schemes
    from materialyoucolor.dynamiccolor.material_dynamic_colors import MaterialDynamicColors
    from materialyoucolor.hct.hct import Hct
    from materialyoucolor.palettes.core_palette import CorePalette
    from materialyoucolor.palettes.tonal_palette import TonalPalette
    from materialyoucolor.score.score import Score, ScoreOptions

    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    if only not in (None, "schemes-2025"):
        sys.exit("--only takes schemes-2025")
    if only is None:
        generate_2021(schemes, MaterialDynamicColors, Hct, CorePalette, TonalPalette, Score,
                      ScoreOptions)
    generate_2025(schemes, MaterialDynamicColors, Hct)


def generate_2021(schemes, MaterialDynamicColors, Hct, CorePalette, TonalPalette, Score,
                  ScoreOptions):
    colors = MaterialDynamicColors(spec="2021")
    lines = []
    for source in SOURCES:
        hct = Hct.from_int(0xFF000000 | int(source, 16))
        for name, cls in VARIANTS:
            for dark in (False, True):
                for level in CONTRASTS:
                    scheme = getattr(schemes, cls)(hct, dark, level, spec_version="2021")
                    hexes = [rgb(getattr(colors, role).get_argb(scheme)) for role in ROLES]
                    mode = "dark" if dark else "light"
                    lines.append(f"{source} {name} {mode} {level:g} " + " ".join(hexes))
    write("schemes.txt", [
        "source variant mode contrastLevel, then the 49 roles as RRGGBB in this order:",
        " ".join(ROLES),
    ], lines)

    # HCT of every 7th grey step crossed with a coarse RGB grid (a few hundred colours).
    lines = []
    grid = [0, 1, 17, 51, 102, 128, 153, 204, 238, 254, 255]
    for r in grid:
        for g in grid:
            for b in grid[::2]:
                h = Hct.from_int(0xFF000000 | r << 16 | g << 8 | b)
                lines.append("%02X%02X%02X %r %r %r" % (r, g, b, h.hue, h.chroma, h.tone))
    write("hct.txt", ["RRGGBB hue chroma tone (CAM16 hue and chroma, L*), Python repr"], lines)

    # Tonal palettes: every integer tone of a few hue/chroma pairs (yellow hues test tone 99),
    # and the Theme Builder export palettes (content core palette) of every source colour.
    lines = []
    pairs = [(0, 0), (25, 84), (110, 60), (115, 16), (209.5, 36), (273.8, 72.5), (330, 200),
             (60, 4), (350, 8)]
    for hue, chroma in pairs:
        p = TonalPalette.from_hue_and_chroma(hue, chroma)
        tones = " ".join(rgb(p.tone(t)) for t in range(101))
        lines.append(f"palette {hue!r} {chroma!r} key {rgb(p.key_color.to_int())} {tones}")
    for source in SOURCES:
        core = CorePalette.content_of(0xFF000000 | int(source, 16))
        for label, p in (("primary", core.a1), ("secondary", core.a2), ("tertiary", core.a3),
                         ("neutral", core.n1), ("neutral-variant", core.n2),
                         ("error", core.error)):
            tones = " ".join(rgb(p.tone(t)) for t in EXPORT_TONES)
            lines.append(f"export {source} {label} {tones}")
    write("palettes.txt", [
        "palette HUE CHROMA key KEY then tones 0...100; export SOURCE NAME then tones "
        + " ".join(map(str, EXPORT_TONES)),
    ], lines)

    # Score: synthetic populations (RRGGBB:weight ...) and the ranked result (desired 4).
    cases = [
        "FF0000:100 00FF00:50 000000:400 FFFFFF:300",
        "F8D030:120 C8A020:80 101010:300 F0F0F0:100",
        "78C850:200 4E8234:150 A0E080:90 6890F0:40 000000:500",
        "F08030:60 F8D030:60 6890F0:60 705898:60 202020:1000",
        "B33B15:10 1D5BEE:12 2B6E3F:11 FF00FF:9",
        "8B4513:300 A0522D:250 6B4226:200 FFFFFF:100 000000:100",
        "E0C068:500 B8A038:400 98D8D8:30 EE99AC:25",
        "6750A4:1 4285F4:1 00897B:1 F85888:1 F8D030:1 7038F8:1",
    ]
    lines = []
    for case in cases:
        populations = {}
        for item in case.split():
            color, weight = item.split(":")
            populations[0xFF000000 | int(color, 16)] = int(weight)
        ranked = Score.score(populations, ScoreOptions(desired=4, fallback_color_argb=0,
                                                       filter=True))
        lines.append(case + " -> " + " ".join(rgb(c) for c in ranked))
    write("score.txt", ["RRGGBB:weight ... -> ranked source colours (Score, desired 4)"], lines)


def generate_2025(schemes, MaterialDynamicColors, Hct):
    # Spec 2025 (Material 3 Expressive, phone): the 49 roles and the four dim roles. Variants
    # other than tonalSpot, vibrant, expressive and neutral fall back to spec 2021 in MCU and
    # materialyoucolor alike (DynamicScheme's maybeFallbackSpecVersion); their dim roles are the
    # 2025 definitions resolved by the 2021 calculation.
    colors = MaterialDynamicColors(spec="2025")
    lines = []
    for source in SOURCES:
        hct = Hct.from_int(0xFF000000 | int(source, 16))
        for name, cls in VARIANTS:
            for dark in (False, True):
                for level in CONTRASTS:
                    scheme = getattr(schemes, cls)(hct, dark, level, spec_version="2025",
                                                   platform="phone")
                    hexes = [rgb(getattr(colors, role).get_argb(scheme))
                             for role in ROLES + DIM_ROLES]
                    mode = "dark" if dark else "light"
                    lines.append(f"{source} {name} {mode} {level:g} " + " ".join(hexes))
    write("schemes-2025.txt", [
        "spec 2025, platform phone: source variant mode contrastLevel, then the 53 roles as"
        " RRGGBB in this order:",
        " ".join(ROLES + DIM_ROLES),
    ], lines)


def main():
    if "--generate" in sys.argv:
        generate()
        return
    extra = sys.argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        venv = os.path.join(tmp, "venv")
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        python = os.path.join(venv, "bin", "python")
        subprocess.run([python, "-m", "pip", "install", "--quiet", PACKAGE], check=True)
        subprocess.run([python, os.path.abspath(__file__), "--generate"] + extra, check=True)


if __name__ == "__main__":
    main()
