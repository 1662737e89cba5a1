"""Validates DTCG token files against the Design Tokens 2025.10 JSON Schemas and prints their
colours.

usage: check_dtcg.py SCHEMA_DIR FILE...

Every schema file under SCHEMA_DIR is registered by its $id, so the schemas' relative $refs
resolve offline. Each FILE is validated against format.json (Draft 7); every error is printed
and the exit status is 1. On success, prints one JSON object: file name -> token path ->
"#rrggbbaa" recomputed from the token's components and alpha (round(x * 255)), after checking
that the token's own "hex" says the same.
"""
import json
import pathlib
import sys

import jsonschema
from referencing import Registry, Resource


def registry(schema_dir):
    resources = []
    for path in sorted(pathlib.Path(schema_dir).rglob("*.json")):
        document = json.loads(path.read_text())
        resources.append((document["$id"], Resource.from_contents(document)))
    return Registry().with_resources(resources)


def colours(node, path, out, problems):
    if not isinstance(node, dict):
        return
    if "$value" in node:
        value = node["$value"]
        if node.get("$type") != "color" or value.get("colorSpace") != "srgb":
            problems.append(f"{path}: not an sRGB colour token")
            return
        rgb = [round(c * 255) for c in value["components"]]
        alpha = round(value.get("alpha", 1) * 255)
        hex6 = "#" + "".join(f"{c:02x}" for c in rgb)
        if value.get("hex") != hex6:
            problems.append(f"{path}: hex {value.get('hex')} is not the components' {hex6}")
        for c in value["components"] + [value.get("alpha", 1)]:
            if abs(c * 255 - round(c * 255)) > 1e-9:
                problems.append(f"{path}: component {c} is not a byte / 255")
        out[path] = hex6 + f"{alpha:02x}"
        return
    for key, child in node.items():
        if not key.startswith("$"):
            colours(child, f"{path}/{key}" if path else key, out, problems)


def main():
    schema_dir = pathlib.Path(sys.argv[1])
    schemas = registry(schema_dir)
    root = json.loads((schema_dir / "format.json").read_text())
    validator = jsonschema.Draft7Validator(root, registry=schemas)
    problems, result = [], {}
    for name in sys.argv[2:]:
        document = json.loads(pathlib.Path(name).read_text())
        for error in validator.iter_errors(document):
            where = "/".join(str(p) for p in error.absolute_path)
            problems.append(f"{name}: {where}: {error.message[:300]}")
        found = {}
        colours(document, "", found, problems)
        result[pathlib.Path(name).name] = found
    if problems:
        print("\n".join(problems[:50]), file=sys.stderr)
        sys.exit(1)
    print(json.dumps(result))


main()
