"""Parses a TypeScript file with tree-sitter-typescript; prints JSON: the number of ERROR and
MISSING nodes, the names the module exports, and the declared type of `spriteThemes`."""
import json
import sys

import tree_sitter_typescript
from tree_sitter import Language, Parser

source = open(sys.argv[1], "rb").read()
tree = Parser(Language(tree_sitter_typescript.language_typescript())).parse(source)
errors = 0
exports = []
themes_type = None
stack = [tree.root_node]
while stack:
    node = stack.pop()
    if node.type == "ERROR" or node.is_missing:
        errors += 1
    if node.type == "export_statement":
        declaration = node.child_by_field_name("declaration")
        if declaration is not None:
            for child in [declaration] + list(declaration.named_children):
                name = child.child_by_field_name("name")
                if name is not None:
                    exports.append(name.text.decode())
                if child.type == "variable_declarator" and name.text == b"spriteThemes":
                    annotation = child.child_by_field_name("type")
                    themes_type = annotation.text.decode().lstrip(":").strip()
    stack.extend(node.children)
print(json.dumps({"errors": errors, "exports": sorted(set(exports)), "spriteThemesType": themes_type}))
