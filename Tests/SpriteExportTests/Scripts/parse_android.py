"""Parses Android colour resource files with xml.etree and prints their colours.

usage: parse_android.py FILE...

Each file must be one <resources> element holding only <color name="...">#AARRGGBB</color>
elements with unique names that are valid Java identifiers; any violation is printed and the
exit status is 1. Otherwise prints one JSON object: path -> name -> "#rrggbbaa" (converted
from Android's alpha-first order).
"""
import json
import re
import sys
import xml.etree.ElementTree as ET

NAME = re.compile(r"^[a-z_][a-z0-9_]*$")
VALUE = re.compile(r"^#[0-9A-Fa-f]{8}$")


def main():
    problems, result = [], {}
    for path in sys.argv[1:]:
        root = ET.parse(path).getroot()
        if root.tag != "resources":
            problems.append(f"{path}: root is <{root.tag}>")
        colours = {}
        for element in root:
            name, value = element.get("name", ""), (element.text or "")
            if element.tag != "color":
                problems.append(f"{path}: unexpected <{element.tag}>")
            elif not NAME.match(name):
                problems.append(f"{path}: bad name {name!r}")
            elif name in colours:
                problems.append(f"{path}: {name} twice")
            elif not VALUE.match(value):
                problems.append(f"{path}: {name} has value {value!r}")
            else:
                colours[name] = "#" + value[3:].lower() + value[1:3].lower()
        result[path] = colours
    if problems:
        print("\n".join(problems[:50]), file=sys.stderr)
        sys.exit(1)
    print(json.dumps(result))


main()
