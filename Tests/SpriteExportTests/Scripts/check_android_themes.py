"""Checks the Android export's themes.xml files against its colors.xml files with xml.etree.

usage: check_android_themes.py RES_FOLDER

RES_FOLDER holds values/ and values-night/, each with colors.xml and themes.xml. Each
themes.xml must be one <resources> of <style name="SpriteTheme.<Name>"> elements with parent
Theme.Material3.Light.NoActionBar (values) or Theme.Material3.Dark.NoActionBar (values-night),
the same styles in both, every <item> naming a Material Components colour attribute once and
pointing at a @color/ that the folder's colors.xml defines. Any violation is printed and the
exit status is 1. Otherwise prints one JSON object: style -> attribute -> colour name.
"""
import json
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

ROLE = re.compile(r"^(?:android:colorBackground|color[A-Z][A-Za-z]*)$")
STYLE = re.compile(r"^SpriteTheme\.[A-Z][A-Za-z0-9]*$")


def main():
    res, problems, styles = pathlib.Path(sys.argv[1]), [], {}
    for folder, mode in [("values", "Light"), ("values-night", "Dark")]:
        colours = {e.get("name") for e in ET.parse(res / folder / "colors.xml").getroot()}
        root = ET.parse(res / folder / "themes.xml").getroot()
        if root.tag != "resources":
            problems.append(f"{folder}: root is <{root.tag}>")
        found = {}
        for style in root:
            name = style.get("name", "")
            if style.tag != "style" or not STYLE.match(name) or name in found:
                problems.append(f"{folder}: bad or repeated <{style.tag} name={name!r}>")
                continue
            if style.get("parent") != f"Theme.Material3.{mode}.NoActionBar":
                problems.append(f"{folder}: {name} has parent {style.get('parent')!r}")
            items = {}
            for item in style:
                attribute, value = item.get("name", ""), (item.text or "")
                if item.tag != "item" or not ROLE.match(attribute) or attribute in items:
                    problems.append(f"{folder}: {name}: bad or repeated item {attribute!r}")
                elif not value.startswith("@color/") or value[7:] not in colours:
                    problems.append(f"{folder}: {name}: {attribute} -> undefined {value!r}")
                else:
                    items[attribute] = value[7:]
            found[name] = items
        if styles and styles != found:
            problems.append("values and values-night have different styles")
        styles = found
    if problems:
        print("\n".join(problems[:50]), file=sys.stderr)
        sys.exit(1)
    print(json.dumps(styles))


main()
