#!/usr/bin/env python3
"""Counts device-code lines (the lines of __global__ and __device__
function definitions, signature to closing brace) in the CUDA files of
each directory given: the porting suite's "kernel lines".
usage: kernel_lines.py DIR..."""
import re
import sys
from pathlib import Path

MARK = re.compile(r"__global__|__device__")


def strip(text):
    """Comments and string literals as spaces, newlines kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(" " * (j + 1 - i))
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def device_lines(text):
    code = strip(text)
    lines = set()
    for m in MARK.finditer(code):
        # The definition's body: the first { after the mark, unless a ; or
        # a } comes first (a declaration, or a variable).
        brace = code.find("{", m.end())
        stop = min([p for p in (code.find(";", m.end()), code.find("}", m.end())) if p >= 0] or [len(code)])
        if brace < 0 or brace > stop or "(" not in code[m.end():brace]:
            continue
        depth, j = 0, brace
        while j < len(code):
            depth += {"{": 1, "}": -1}.get(code[j], 0)
            if depth == 0:
                break
            j += 1
        first = code.count("\n", 0, m.start())
        last = code.count("\n", 0, j)
        lines.update(range(first, last + 1))
    src = text.split("\n")
    return sum(1 for k in lines if k < len(src) and src[k].strip())


total = 0
for d in sys.argv[1:]:
    n = sum(device_lines(p.read_text(errors="replace"))
            for p in sorted(Path(d).iterdir())
            if p.suffix in (".cu", ".cuh", ".h"))
    print(f"{Path(d).name}: {n}")
    total += n
print(f"total: {total}")
