#!/usr/bin/env python3
"""Delta-debugging reducer for a C++ file (test/fuzz/README.md).

usage: reduce.py FILE --cmd 'SHELL COMMAND USING {}' [--out OUT]
                 [--region] [--tokens] [--timeout S]

The command is the interestingness test: `{}` is replaced by the path of a
candidate file (written next to FILE, same directory, so relative includes
still work) and exit status 0 means "still interesting" (still crashes,
still mismatches, ...). The reducer first removes lines (ddmin over lines),
then, with --tokens, tokens, keeping every removal after which the command
still says interesting. With --region only the lines between the markers
`// FUZZ-BEGIN` and `// FUZZ-END` (the generated statements of a
differential-fuzz function, gen.py) are candidates; the rest of the file
(the prelude, the harness) is kept as it is. FILE itself is never changed;
the result goes to OUT (default FILE.reduced.cpp).

Also a library: ddmin(items, test) and minimize_text(text, test) are used
by mutate.py to minimize crashing mutants.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

TOKEN_RE = re.compile(
    r'(?m:^[ \t]*#[^\n]*)|\n|[ \t\r\f\v]+|//[^\n]*|/\*.*?\*/'
    r'|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\''
    r'|[A-Za-z_]\w*|\.?\d(?:[eEpP][+-]|[\w.])*'
    r'|::|->|<<=|>>=|<=>|&&|\|\||\+\+|--|<<|>>|[-+*/%&|^!=<>]=?|.',
    re.S)


def ddmin(items, test, max_tests=None):
    """Zeller's ddmin: a 1-minimal sublist of items for which test() holds
    (test(items) is assumed true). Returns the reduced list."""
    n = 2
    tests = 0
    while len(items) >= 2:
        chunk = max(1, len(items) // n)
        reduced = False
        start = 0
        while start < len(items):
            candidate = items[:start] + items[start + chunk:]
            tests += 1
            if max_tests is not None and tests > max_tests:
                return items
            if candidate and test(candidate):
                items = candidate
                n = max(n - 1, 2)
                reduced = True
                # stay at the same start: the next chunk moved here
            else:
                start += chunk
        if not reduced:
            if chunk == 1:
                break
            n = min(len(items), n * 2)
    return items


def tokens(text):
    return [m.group(0) for m in TOKEN_RE.finditer(text)]


def minimize_text(text, test, use_tokens=True, region=False, max_tests=2000,
                  log=None):
    """Lines, then tokens (whitespace tokens are never removed alone)."""
    lines = text.splitlines(keepends=True)
    head, body, tail = [], lines, []
    if region:
        b = next((i for i, l in enumerate(lines) if 'FUZZ-BEGIN' in l), None)
        e = next((i for i, l in enumerate(lines) if 'FUZZ-END' in l), None)
        if b is not None and e is not None and b < e:
            head, body, tail = lines[:b + 1], lines[b + 1:e], lines[e:]

    def t_lines(cand):
        return test(''.join(head + cand + tail))

    body = ddmin(body, t_lines, max_tests)
    if log:
        log(f'reduce: {len(body)} lines left')
    if use_tokens:
        toks = tokens(''.join(body))
        idx = [i for i, t in enumerate(toks) if not t.isspace()]

        def t_toks(keep):
            ks = set(keep)
            out = ''.join(t for i, t in enumerate(toks)
                          if i in ks or toks[i].isspace())
            return test(''.join(head) + out + ''.join(tail))

        keep = ddmin(idx, t_toks, max_tests)
        ks = set(keep)
        body = [''.join(t for i, t in enumerate(toks)
                        if i in ks or toks[i].isspace())]
        if log:
            log(f'reduce: {len(keep)} tokens left')
    text = ''.join(head + body + tail)
    # Drop the blank lines the token pass leaves.
    return re.sub(r'\n\s*\n+', '\n', text)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('file')
    ap.add_argument('--cmd', required=True,
                    help="interestingness command; {} is the candidate file")
    ap.add_argument('--out')
    ap.add_argument('--region', action='store_true',
                    help='only the lines between // FUZZ-BEGIN and // FUZZ-END')
    ap.add_argument('--tokens', action='store_true',
                    help='after lines, remove tokens too')
    ap.add_argument('--timeout', type=float, default=120)
    ap.add_argument('--max-tests', type=int, default=5000)
    a = ap.parse_args()
    text = open(a.file).read()
    d = os.path.dirname(os.path.abspath(a.file))
    fd, cand = tempfile.mkstemp(suffix='.cpp', prefix='.reduce-', dir=d)
    os.close(fd)
    count = [0]

    def test(t):
        with open(cand, 'w') as f:
            f.write(t)
        count[0] += 1
        try:
            r = subprocess.run(a.cmd.replace('{}', cand), shell=True,
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=a.timeout)
            return r.returncode == 0
        except subprocess.TimeoutExpired:
            return False

    try:
        if not test(text):
            print('reduce: the original file is not interesting '
                  '(the command does not exit 0 on it)', file=sys.stderr)
            return 2
        out = minimize_text(text, test, use_tokens=a.tokens, region=a.region,
                            max_tests=a.max_tests,
                            log=lambda s: print(s, file=sys.stderr))
    finally:
        os.unlink(cand)
    dest = a.out or a.file + '.reduced.cpp'
    with open(dest, 'w') as f:
        f.write(out)
    print(f'reduce: {count[0]} tests; {len(text)} -> {len(out)} bytes: {dest}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
