#!/usr/bin/env python3
"""Mutation fuzzing of alloy++'s front end and lowering (test/fuzz/README.md).

usage: mutate.py [--alloy ALLOY++] [--seed S] [--seconds N | --minutes N |
                 --count N] [--timeout S] [--save DIR] [--log FILE]
                 [--corpus LIST] [--no-minimize] [--known FILE]

Takes the seed corpus (the *.cpp files of test/ and examples/ that alloy++
compiles: corpus.txt, one path per line relative to the repository; or
--scan to find them again), mutates one seed at a time (tokens deleted,
duplicated, swapped, types changed, [[gpu::...]] attributes moved,
duplicated, renamed or given odd values, numbers changed, braces dropped,
operators and identifiers replaced, keywords inserted; mostly inside the
kernels and what follows them) and compiles each mutant with
`alloy++ -fsyntax-only` (1 in 4) or `alloy++ -c -O2 --gpu-arch=sm_90` (3 in
4: lowering, LLVM and ptxas are where crashes hide), one compile at a time,
under a timeout (default 20 s). Each outcome is one class:

  success     exit 0
  diagnostic  exit 1 with an 'error:' line and no crash marker
  crash       a signal, 'PLEASE submit a bug report', 'Stack dump',
              'Assertion', 'UNREACHABLE', 'LLVM ERROR', or a nonzero exit
              without any 'error:' line
  ptxas       the device code was accepted but ptxas rejected the PTX (an
              Alloy bug: it emitted invalid PTX)
  hang        no answer within the timeout

Every crash, ptxas failure and hang is saved in DIR (default
test/fuzz/crashes) as DIR/CLASS-SIGNATURE/{mutant.cpp,output.txt,
command.txt,reduced.cpp} (once per signature: the assertion text, LLVM
ERROR line or top Alloy stack frame), minimized with reduce.py unless
--no-minimize. Signatures listed in --known (default known-crashes.txt)
are reported as known and do not fail the run.

Prints a summary and exits 1 if any new crash, ptxas failure or hang was
seen.
"""
import argparse
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import reduce as reducer  # noqa: E402

COMPILE_FLAGS = ['-c', '-O2', '--gpu-arch=sm_90']
SYNTAX_FLAGS = ['-fsyntax-only']

TYPES = ['int', 'unsigned', 'float', 'double', 'bool', 'char', 'long', 'short',
         'void', 'auto', 'uint32_t', 'int64_t', 'uint64_t', 'size_t',
         'int8_t', '_Float16', '__bf16', '__int128', 'long double',
         'unsigned char', 'std::size_t', 'decltype(auto)', 'float*',
         'int&', 'const int', 'volatile int', '_BitInt(7)', '_BitInt(129)']
OPERATORS = ['+', '-', '*', '/', '%', '<<', '>>', '&', '|', '^', '&&', '||',
             '==', '!=', '<', '>', '<=', '>=', '=', '+=', '-=', '*=', '/=',
             '<<=', '>>=', '<=>', ',', '->', '.', '::', '!', '~', '++', '--']
NUMBERS = ['0', '1', '-1', '2', '31', '32', '33', '63', '64', '65', '255',
           '256', '1024', '65536', '2147483647', '2147483648', '4294967295',
           '4294967296', '0x7fffffff', '0xffffffffffffffff',
           '18446744073709551616', '9223372036854775807', '1e308', '1e-320',
           '1e39f', '0.0f', '-0.0', '3.5', '0.5f', '1ull << 63', '-2147483648',
           '1024 * 1024 * 1024', '100000', '49152', '49153', '1025', '2048',
           '0b1010', "'a'", 'true', 'nullptr', '1.0/0.0', 'sizeof(int)']
KEYWORDS = ['constexpr', 'consteval', 'static', 'volatile', 'const', 'inline',
            'thread_local', 'mutable', 'virtual', 'explicit', 'noexcept',
            '&', '*', '&&', 'return;', 'break;', 'continue;', 'goto L; L:',
            'co_return;', 'throw 1;', 'new int;', 'delete nullptr;', 'try {} catch (...) {}',
            'typeid(int);', '__restrict__', 'template <class T>', 'register',
            'static_assert(false);', 'asm("trap;");', '__builtin_trap();',
            '__builtin_unreachable();', 'extern', '[[likely]]',
            '#pragma unroll 0\n', '#pragma unroll\n', 'alignas(64)',
            'sizeof...(T)', '...', 'this', 'operator', 'requires true',
            '[[gpu::shared]] int s_[4];', 'auto l_ = [&]() { return 0; };',
            'int arr_[0];', 'int vla_[n];', '(void)0;', 'if consteval {}',
            'for (;;) {}', 'while (true) break;', 'switch (0) { case 1 ... 3: ; }',
            'union { int a; float b; } u_;', 'gpu::sync_threads();']
ATTR_NAMES = ['gpu::kernel', 'gpu::device', 'gpu::host', 'gpu::shared',
              'gpu::kernels', 'gpu::Kernel', 'gpu::launch_bounds(0)',
              'gpu::launch_bounds(-1)', 'gpu::launch_bounds(4096)',
              'gpu::launch_bounds(256, 0)', 'gpu::launch_bounds(1, 2, 3, 4)',
              'gpu::launch_bounds()', 'gpu::launch_bounds("x")',
              'gpu::launch_contract(0, 0)', 'gpu::launch_contract(1)',
              'gpu::launch_contract(1, 1, 1, 1, 1, 1, 1, 1)',
              'gpu::launch_contract(-1, 256)', 'gpu::launch_contract(1, 2048)',
              'gpu::kernel, gpu::kernel', 'gpu::kernel(1)', 'gpu::',
              'gpu::kernel, gpu::launch_bounds(256), gpu::launch_contract(1, 256)',
              'gnu::noinline', 'gnu::always_inline', 'nodiscard', 'noreturn',
              'maybe_unused', 'gnu::flatten', 'clang::optnone', 'deprecated']

ATTR_RE = re.compile(r'\[\[[^\[\]]*\]\]')
CRASH_MARKERS = ('PLEASE submit a bug report', 'Stack dump', 'Assertion',
                 'UNREACHABLE', 'LLVM ERROR', 'Segmentation fault',
                 'terminate called', 'Aborted', 'core dumped',
                 'Please submit a bug report')


def classify(rc, out, timed_out):
    if timed_out:
        return 'hang'
    if rc == 0:
        return 'success'
    if rc < 0 or any(m in out for m in CRASH_MARKERS):
        return 'crash'
    if re.search(r'ptxas \([^\n]*\) rejected the PTX', out):
        return 'ptxas'
    if re.search(r'\berror\b', out):
        return 'diagnostic'
    return 'crash'  # nonzero exit without a diagnostic


def signature(cls, rc, out):
    """A short string that identifies the bug."""
    if cls == 'hang':
        return 'hang'
    if cls == 'ptxas':
        m = re.search(r'rejected the PTX[^\n]*\n(?:[^\n]*\n)*?([^\n]*(?:error|fatal)[^\n]*)', out)
        if m:
            return 'ptxas: ' + re.sub(r"'[^']*'", "'X'", re.sub(r'/tmp/\S+|line \d+|\d+', 'N', m.group(1))).strip()
    for pat in (r"Assertion `[^\n]*' failed", r'UNREACHABLE executed[^\n]*',
                r'LLVM ERROR:[^\n]*', r'ptxas[^\n]*(?:error|fatal|rejected)[^\n]*'):
        m = re.search(pat, out)
        if m:
            s = m.group(0)
            s = re.sub(r'/tmp/\S+', 'FILE', s)
            s = re.sub(r'line \d+', 'line N', s)
            s = re.sub(r'%\w+', '%R', s)
            s = re.sub(r'\d+', 'N', s) if cls == 'ptxas' else s
            return s
    frames = []
    for m in re.finditer(r'^\s*#\d+ 0x[0-9a-f]+ (.*)$', out, re.M):
        f = m.group(1).strip()
        lib = re.search(r'\(([^()]*\+0x[0-9a-f]+)\)\s*$', f)
        name = re.sub(r'\s*\([^()]*\+0x[0-9a-f]+\)\s*$', '', f)
        name = re.sub(r'\(anonymous namespace\)::', '', name)
        name = re.sub(r'\(.*', '', name).strip()
        libname = os.path.basename(lib.group(1)) if lib else ''
        frames.append((name or libname, libname, bool(name)))
    skip = ('llvm::sys::', 'SignalHandler', 'libc.so', '__restore_rt', 'abort',
            'raise', '__assert', 'libpthread', 'gsignal', 'CrashRecovery', 'HandleCrash')
    alloy = [f for f, lib, named in frames if 'alloy' in (f + lib).lower()
             and not any(k in f for k in skip)]
    useful = [f for f, lib, named in frames if named and not any(k in f for k in skip)]
    if alloy:
        return 'crash in ' + alloy[0][:150]
    if useful:
        return 'crash in ' + useful[0][:150]
    return f'{cls} rc={rc}'


def sig_id(sig):
    return hashlib.sha1(sig.encode()).hexdigest()[:10]


# ------------------------------------------------------------ mutations --

def device_regions(text):
    """Character ranges of [[gpu::kernel ...]] functions (and everything up
    to the end of their body): mutations prefer them."""
    regions = []
    for m in re.finditer(r'\[\[\s*gpu::', text):
        start = m.start()
        brace = text.find('{', m.end())
        if brace < 0:
            continue
        depth = 0
        i = brace
        while i < len(text):
            if text[i] == '{':
                depth += 1
            elif text[i] == '}':
                depth -= 1
                if depth == 0:
                    break
            i += 1
        regions.append((start, i + 1))
    return regions


SEMANTIC_OPS = ['type', 'number', 'operator', 'attr', 'ident', 'keyword',
                'number', 'type', 'operator', 'lines']


class Mutator:
    def __init__(self, rng, semantic=False):
        self.r = rng
        self.semantic = semantic

    def pick_pos(self, toks, text_offsets, regions, pred=lambda t: True):
        cands = [i for i, t in enumerate(toks) if not t.isspace() and
                 not t.lstrip().startswith('#') and not t.startswith('//') and
                 not t.startswith('/*') and pred(t)]
        if not cands:
            return None
        if regions and self.r.random() < 0.8:
            inreg = [i for i in cands if any(a <= text_offsets[i] < b for a, b in regions)]
            if inreg:
                return self.r.choice(inreg)
        return self.r.choice(cands)

    def mutate(self, text):
        toks = reducer.tokens(text)
        # keep preprocessor lines whole: glue '#' lines back
        offs = []
        o = 0
        for t in toks:
            offs.append(o)
            o += len(t)
        regions = device_regions(text)
        ops = ['delete', 'duplicate', 'swap', 'type', 'attr', 'number',
               'brace', 'ident', 'operator', 'keyword', 'attr', 'delete',
               'number', 'type', 'lines']
        op = self.r.choice(SEMANTIC_OPS if self.semantic else ops)
        r = self.r
        if op == 'attr':
            return self.mutate_attr(text, regions), op
        if op == 'lines':  # delete or duplicate a line in a device region
            lines = text.splitlines(keepends=True)
            idx = [i for i, l in enumerate(lines) if not l.lstrip().startswith('#')]
            if regions:
                starts = []
                c = 0
                for i, l in enumerate(lines):
                    if any(a <= c < b for a, b in regions):
                        starts.append(i)
                    c += len(l)
                if starts:
                    idx = starts
            i = r.choice(idx)
            if r.random() < 0.5:
                del lines[i]
            else:
                j = r.choice(idx)
                lines.insert(j, lines[i])
            return ''.join(lines), op
        if op == 'delete':
            i = self.pick_pos(toks, offs, regions)
            if i is not None:
                toks[i] = ''
        elif op == 'duplicate':
            i = self.pick_pos(toks, offs, regions)
            if i is not None:
                toks[i] = toks[i] + ' ' + toks[i]
        elif op == 'swap':
            i = self.pick_pos(toks, offs, regions)
            if i is not None:
                near = [j for j in range(max(0, i - 12), min(len(toks), i + 12))
                        if j != i and not toks[j].isspace() and not toks[j].lstrip().startswith('#')]
                if near:
                    j = r.choice(near)
                    toks[i], toks[j] = toks[j], toks[i]
        elif op == 'type':
            tset = {'int', 'unsigned', 'float', 'double', 'bool', 'char', 'long',
                    'short', 'void', 'auto', 'uint32_t', 'int64_t', 'uint64_t',
                    'size_t', 'int32_t', 'uint8_t', 'int16_t'}
            i = self.pick_pos(toks, offs, regions, lambda t: t in tset)
            if i is not None:
                toks[i] = r.choice(TYPES)
        elif op == 'number':
            i = self.pick_pos(toks, offs, regions, lambda t: t[0].isdigit())
            if i is not None:
                toks[i] = r.choice(NUMBERS)
        elif op == 'brace':
            i = self.pick_pos(toks, offs, regions, lambda t: t in '{}()[];')
            if i is not None:
                toks[i] = '' if r.random() < 0.7 else r.choice(['{', '}', '(', ')', ';', '[', ']'])
        elif op == 'ident':
            idents = [t for t in toks if re.match(r'[A-Za-z_]\w*$', t)]
            i = self.pick_pos(toks, offs, regions, lambda t: re.match(r'[A-Za-z_]\w*$', t) is not None)
            if i is not None and idents:
                toks[i] = r.choice(idents)
        elif op == 'operator':
            i = self.pick_pos(toks, offs, regions, lambda t: t in OPERATORS)
            if i is not None:
                toks[i] = r.choice(OPERATORS)
        elif op == 'keyword':
            i = self.pick_pos(toks, offs, regions)
            if i is not None:
                toks[i] = r.choice(KEYWORDS) + ' ' + toks[i]
        return ''.join(toks), op

    def mutate_attr(self, text, regions):
        r = self.r
        attrs = [m for m in ATTR_RE.finditer(text) if 'gpu::' in m.group(0)] or \
            list(ATTR_RE.finditer(text))
        choice = r.random()
        if not attrs or choice < 0.2:
            # add an attribute at the start of a random line of a region
            lines = text.splitlines(keepends=True)
            i = r.randrange(len(lines))
            lines[i] = '[[' + r.choice(ATTR_NAMES) + ']] ' + lines[i]
            return ''.join(lines)
        m = r.choice(attrs)
        a, b = m.span()
        if choice < 0.4:  # delete
            return text[:a] + text[b:]
        if choice < 0.7:  # rename / new arguments
            return text[:a] + '[[' + r.choice(ATTR_NAMES) + ']]' + text[b:]
        if choice < 0.8:  # duplicate in place
            return text[:b] + ' ' + m.group(0) + text[b:]
        # move (or copy) it to another position: before a random token
        rest = text[:a] + text[b:] if r.random() < 0.6 else text
        toks = reducer.tokens(rest)
        cands = [i for i, t in enumerate(toks) if not t.isspace()
                 and not t.lstrip().startswith('#')]
        i = r.choice(cands)
        toks[i] = m.group(0) + ' ' + toks[i]
        return ''.join(toks)


# ------------------------------------------------------------- running --

def run_compile(alloy, src, flags, timeout, incdir, env):
    cmd = [alloy] + flags + ['-I', incdir, src]
    if '-c' in flags:
        cmd += ['-o', src[:-4] + '.o']
    start = time.time()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         start_new_session=True, env=env)
    try:
        out, _ = p.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        timed_out = True
    out = out.decode('utf-8', 'replace')
    return p.returncode, out, timed_out, time.time() - start, cmd


def load_corpus(path):
    out = []
    for line in open(path):
        line = line.split('#')[0].strip()
        if line:
            out.append(line)
    return out


def scan_corpus(alloy, env, timeout):
    """Every *.cpp of test/ and examples/ that alloy++ compiles (-c)."""
    found = []
    for top in ('test', 'examples'):
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            if '/fuzz' in d:
                continue
            for f in sorted(files):
                if not f.endswith('.cpp'):
                    continue
                p = os.path.join(d, f)
                tmp = tempfile.mkdtemp(prefix='alloy-scan-')
                src = os.path.join(tmp, f)
                shutil.copy(p, src)
                rc, out, to, dt, _ = run_compile(alloy, src, COMPILE_FLAGS, timeout,
                                                 d, env)
                shutil.rmtree(tmp)
                rel = os.path.relpath(p, ROOT)
                print(f'scan: {rel}: {"ok" if rc == 0 else "rejected"} ({dt:.1f}s)',
                      file=sys.stderr)
                if rc == 0:
                    found.append((rel, dt))
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--alloy', default=os.path.join(ROOT, 'build', 'bin', 'alloy++'))
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--clang', default='clang++-22',
                    help='plain clang++, to tell clang bugs from Alloy bugs')
    ap.add_argument('--seconds', type=float)
    ap.add_argument('--minutes', type=float)
    ap.add_argument('--count', type=int)
    ap.add_argument('--timeout', type=float, default=20)
    ap.add_argument('--save', default=os.path.join(HERE, 'crashes'))
    ap.add_argument('--log', help='append one JSON line per mutant')
    ap.add_argument('--corpus', default=os.path.join(HERE, 'corpus.txt'))
    ap.add_argument('--scan', action='store_true',
                    help='find the compiling seeds again and rewrite --corpus')
    ap.add_argument('--max-seed-bytes', type=int, default=40000)
    ap.add_argument('--no-minimize', action='store_true')
    ap.add_argument('--known', default=os.path.join(HERE, 'known-crashes.txt'))
    ap.add_argument('--syntax-share', type=float, default=0.25)
    ap.add_argument('--semantic', action='store_true',
                    help='only mutations that often keep the file valid C++ '
                         '(types, numbers, operators, attributes, identifiers, '
                         'keywords, lines): more mutants reach the lowering')
    ap.add_argument('--gen-seeds', type=int, default=16,
                    help='also mutate N functions written by gen.py')
    a = ap.parse_args()

    env = dict(os.environ)
    if a.scan:
        found = scan_corpus(a.alloy, env, 60)
        with open(a.corpus, 'w') as f:
            f.write('# Seeds of mutate.py: the test/ and examples/ files that\n'
                    '# alloy++ -c -O2 --gpu-arch=sm_90 compiles (mutate.py --scan),\n'
                    '# with their compile time in seconds.\n')
            for rel, dt in found:
                f.write(f'{rel}  # {dt:.1f}\n')
        print(f'scan: {len(found)} seeds written to {a.corpus}')
        return 0

    seeds = [s for s in load_corpus(a.corpus)
             if os.path.getsize(os.path.join(ROOT, s)) <= a.max_seed_bytes]
    gendir = None
    if a.gen_seeds:
        # Single functions of the differential generator: valid device code
        # that exercises the lowering of arithmetic, loops, lambdas...
        gendir = tempfile.mkdtemp(prefix='alloy-mutate-gen-')
        for k in range(a.gen_seeds):
            subprocess.run([sys.executable, os.path.join(HERE, 'gen.py'), '--seed',
                            str(1000 + a.seed), '--tu', '0', '--only', str(k),
                            '--out', gendir], stdout=subprocess.DEVNULL, check=True)
            seeds.append(os.path.join(gendir, f'tu0_f{k}.cpp'))
    known = set()
    if os.path.exists(a.known):
        known = {l.strip() for l in open(a.known) if l.strip() and not l.startswith('#')}
    limit = a.seconds if a.seconds else (a.minutes * 60 if a.minutes else None)
    if limit is None and a.count is None:
        limit = 60
    rng = random.Random(a.seed)
    mut = Mutator(rng, semantic=a.semantic)
    tmp = tempfile.mkdtemp(prefix='alloy-mutate-')
    counts = {}
    by_mode = {'syntax': 0, 'compile': 0}
    new_bugs = {}
    known_seen = {}
    seen_sigs = {}
    start = time.time()
    n = 0
    logf = open(a.log, 'a') if a.log else None
    stop = [False]
    signal.signal(signal.SIGTERM, lambda *_: stop.__setitem__(0, True))
    print(f'mutate: seed {a.seed}, {len(seeds)} seed files, '
          f'{"%g s" % limit if limit else "%d mutants" % a.count}', flush=True)
    try:
        while not stop[0]:
            if limit is not None and time.time() - start >= limit:
                break
            if a.count is not None and n >= a.count:
                break
            seed = rng.choice(seeds)
            text = open(os.path.join(ROOT, seed)).read()
            ops = []
            for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
                text, op = mut.mutate(text)
                ops.append(op)
            syntax = rng.random() < a.syntax_share
            flags = SYNTAX_FLAGS if syntax else COMPILE_FLAGS
            by_mode['syntax' if syntax else 'compile'] += 1
            src = os.path.join(tmp, os.path.basename(seed))
            with open(src, 'w') as f:
                f.write(text)
            incdir = HERE if seed.startswith(gendir or '\0') else \
                os.path.dirname(os.path.join(ROOT, seed))
            rc, out, to, dt, cmd = run_compile(a.alloy, src, flags, a.timeout, incdir, env)
            if 'unable to load plugin' in out:
                print('mutate: the plugin is being rebuilt; waiting 30 s', flush=True)
                time.sleep(30)
                continue
            if to:  # confirm a hang once, with twice the time (load spikes)
                rc, out, to, dt, cmd = run_compile(a.alloy, src, flags, 2 * a.timeout,
                                                   incdir, env)
            n += 1
            cls = classify(rc, out, to)
            counts[cls] = counts.get(cls, 0) + 1
            rec = {'n': n, 'seed_file': seed, 'ops': ops, 'flags': flags, 'class': cls,
                   'rc': rc, 'time': round(dt, 2)}
            if cls == 'diagnostic':
                m = re.search(r'error: ([^\n]*)', out)
                rec['first_error'] = m.group(1)[:200] if m else ''
            if cls in ('crash', 'hang', 'ptxas'):
                sig = signature(cls, rc, out)
                if cls in ('crash', 'hang') and upstream(a, src, flags, incdir, cls):
                    sig = 'upstream clang (no plugin too): ' + sig
                rec['signature'] = sig
                sid = f'{cls}-{sig_id(sig)}'
                seen_sigs[sid] = seen_sigs.get(sid, 0) + 1
                if sig in known or sig.startswith('upstream clang'):
                    known_seen[sig] = (known_seen.get(sig, (0, ''))[0] + 1, sid)
                else:
                    new_bugs.setdefault(sig, sid)
                d = os.path.join(a.save, sid)
                if not os.path.exists(d):
                    os.makedirs(d)
                    with open(os.path.join(d, 'mutant.cpp'), 'w') as f:
                        f.write(text)
                    with open(os.path.join(d, 'output.txt'), 'w') as f:
                        f.write(out[-20000:])
                    with open(os.path.join(d, 'command.txt'), 'w') as f:
                        f.write('build/bin/alloy++ ' + ' '.join(flags) +
                                f' -I {os.path.relpath(incdir, ROOT)} mutant.cpp\n'
                                f'(from the repository root; seed file {seed}, mutations {ops}, '
                                f'mutate.py --seed {a.seed}, mutant #{n})\n'
                                f'signature: {sig}\n')
                    print(f'mutate: #{n} {cls}: {sig}\n  saved {d}', flush=True)
                    if not a.no_minimize and cls != 'hang':
                        minimize(a, d, text, flags, incdir, env, cls, sig)
            if logf:
                logf.write(json.dumps(rec) + '\n')
                logf.flush()
            if n % 100 == 0:
                print(f'mutate: {n} mutants, {time.time() - start:.0f} s, {counts}', flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if gendir:
            shutil.rmtree(gendir, ignore_errors=True)
    el = time.time() - start
    print(f'mutate: {n} mutants in {el:.0f} s ({by_mode["compile"]} with -c -O2, '
          f'{by_mode["syntax"]} with -fsyntax-only)')
    print('mutate: outcomes: ' + ', '.join(f'{k} {counts.get(k, 0)}' for k in
                                           ('success', 'diagnostic', 'crash', 'ptxas', 'hang')))
    for sig, (c, sid) in known_seen.items():
        print(f'mutate: known ({c}x): {sig}: {os.path.join(a.save, sid)}')
    for sig, sid in new_bugs.items():
        print(f'mutate: NEW ({seen_sigs[sid]}x): {sig}: {os.path.join(a.save, sid)}')
    if new_bugs:
        print('FAILED: new crashes/hangs (add their signature to known-crashes.txt '
              'once reported)')
        return 1
    print('PASSED: no new crash or hang')
    return 0


def upstream(a, src, flags, incdir, cls):
    """Whether clang++-22 without the plugin fails the same way (the bug is
    clang's, not Alloy's)."""
    cmd = [a.clang, '-std=c++23', '-Wno-unknown-attributes', '-I',
           os.path.join(ROOT, 'include'), '-I', incdir, src]
    cmd += ['-fsyntax-only'] if '-fsyntax-only' in flags else ['-c', '-O2', '-o', src + '.plain.o']
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         start_new_session=True)
    try:
        out, _ = p.communicate(timeout=2 * a.timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return cls == 'hang'
    return classify(p.returncode, out.decode('utf-8', 'replace'), False) == cls


def minimize(a, d, text, flags, incdir, env, cls, sig):
    """Reduces the mutant while it gives the same class and signature."""
    work = tempfile.mkdtemp(prefix='alloy-min-')
    src = os.path.join(work, 'mutant.cpp')
    deadline = time.time() + 240

    def test(t):
        if time.time() > deadline:
            return False
        with open(src, 'w') as f:
            f.write(t)
        rc, out, to, dt, _ = run_compile(a.alloy, src, flags, a.timeout, incdir, env)
        c = classify(rc, out, to)
        return c == cls and signature(c, rc, out) == sig

    try:
        red = reducer.minimize_text(text, test, use_tokens=True, max_tests=1500)
        with open(os.path.join(d, 'reduced.cpp'), 'w') as f:
            f.write(red)
        test(red)
        rc, out, to, dt, cmd = run_compile(a.alloy, src, flags, a.timeout, incdir, env)
        with open(os.path.join(d, 'reduced-output.txt'), 'w') as f:
            f.write(' '.join(['alloy++'] + flags + ['reduced.cpp']) + '\n' + out[-8000:])
        print(f'  minimized to {len(red)} bytes: {os.path.join(d, "reduced.cpp")}', flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())
