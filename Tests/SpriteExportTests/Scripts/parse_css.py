"""Parses CSS files with tinycss2 (a CSS Syntax Level 3 parser) and prints their declarations.

usage: parse_css.py FILE...

Any parse error (at any nesting level) is printed and the exit status is 1. Otherwise prints
one JSON object: file name -> list of {"at": at-rule prelude or null, "selector": prelude or
null, "declarations": {name: value}}, for every block that holds declarations: style rules,
and at-rules whose block holds declarations directly (Tailwind's @theme); @media and @layer
blocks are read for their rules.
"""
import json
import pathlib
import sys

import tinycss2


def declarations(tokens, problems, where):
    found = {}
    for item in tinycss2.parse_blocks_contents(tokens, skip_comments=True, skip_whitespace=True):
        if item.type == "error":
            problems.append(f"{where}: {item.message}")
        elif item.type == "declaration":
            found[item.name] = tinycss2.serialize(item.value).strip()
        else:
            problems.append(f"{where}: unexpected {item.type} in a declaration block")
    return found


def rules(tokens, at, problems, where, out):
    for rule in tinycss2.parse_rule_list(tokens, skip_comments=True, skip_whitespace=True):
        if rule.type == "error":
            problems.append(f"{where}: {rule.message}")
        elif rule.type == "qualified-rule":
            selector = tinycss2.serialize(rule.prelude).strip()
            out.append({"at": at, "selector": selector,
                        "declarations": declarations(rule.content, problems, where)})
        elif rule.type == "at-rule":
            prelude = "@" + rule.at_keyword + " " + tinycss2.serialize(rule.prelude).strip()
            if rule.at_keyword in ("media", "layer"):
                rules(rule.content, prelude.strip(), problems, where, out)
            else:
                out.append({"at": prelude.strip(), "selector": None,
                            "declarations": declarations(rule.content, problems, where)})


def main():
    problems, result = [], {}
    for name in sys.argv[1:]:
        sheet = tinycss2.parse_stylesheet(
            pathlib.Path(name).read_text(), skip_comments=True, skip_whitespace=True)
        out = []
        for rule in sheet:
            if rule.type == "error":
                problems.append(f"{name}: {rule.message}")
        rules(tinycss2.serialize(sheet), None, problems, name, out)
        result[pathlib.Path(name).name] = out
    if problems:
        print("\n".join(problems[:50]), file=sys.stderr)
        sys.exit(1)
    print(json.dumps(result))


main()
