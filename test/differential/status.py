#!/usr/bin/env python3
# Writes the body of STATUS.md from a `build.sh --bisect` output directory,
# optionally with the output of a GPU run of that build and a file of notes
# written by hand (inserted after the summary table).
#
# usage: test/differential/status.py OUT_DIR [GPU_RUN_TXT|-] [NOTES_MD] > STATUS.md
import collections
import os
import re
import subprocess
import sys

out = sys.argv[1]
gpu_run = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] != '-' else None
notes = open(sys.argv[3]).read() if len(sys.argv) > 3 else ''
src = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(src))


def short(s):
    """Paths shortened: libstdc++'s include directory, the repository."""
    s = re.sub(r'/\S*/include/c\+\+/\d+/', '<libstdc++>/', s)
    return s.replace(src + '/', '').replace(root + '/', '')


families = sorted(f[:-4] for f in os.listdir(src) if f.endswith('.cpp') and f != 'main.cpp')
cases = {}
for fam in families:
    text = open(os.path.join(src, fam + '.cpp')).read()
    cases[fam] = re.findall(r'DIFF_CASE\(([A-Za-z0-9_]+)', text)

# Rejected by design: compiled for the host only (unsupported.txt).
unsupported = {}
for line in open(os.path.join(src, 'unsupported.txt')):
    name, _, why = line.partition('#')
    if name.strip():
        unsupported[name.strip()] = why.strip()

status = {}
for line in open(os.path.join(out, 'bisect.txt')):
    name, rest = line.rstrip('\n').split(': ', 1)
    status[name] = rest

def describe(log):
    text = open(log, errors='replace').read()
    lines = text.splitlines()
    m = re.search(r'^(fatal error: error in backend: .*)$', text, re.M)
    if m:
        return short(m.group(1)), None
    if 'Stack dump:' in text:
        code = re.search(r'exit code (\d+)', text)
        fr = []
        for l in text.splitlines():
            m = re.match(r'\s*#\d+ 0x[0-9a-f]+ (alloy::.*)$', l)
            if not m:
                continue
            f = m.group(1).replace('(anonymous namespace)', '{anon}')
            f = f.split('(')[0].strip().split(' ')[0].replace('{anon}', '(anonymous namespace)')
            if f not in fr:
                fr.append(f)
        sig = {'139': 'segmentation fault', '134': 'abort', '70': 'fatal error'}.get(code.group(1) if code else '', 'crash')
        return ('crash: clang exited with code %s (%s); innermost Alloy frames: %s'
                % (code.group(1) if code else '?', sig, ' <- '.join(fr[:3]) or '(none)')), None
    for i, l in enumerate(lines):
        if re.search(r'(^|: )error: ', l) and 'loc(' not in l or l.startswith('loc('):
            msg = short(l)
            chain = None
            # The call chain note that follows (for errors inside headers).
            for l2 in lines[i + 1:i + 12]:
                mm = re.search(r"note: reached from kernel '[^']*' through (.*)$", l2)
                if mm:
                    chain = mm.group(1)
                    break
            return msg, chain
    return '(no error line found)', None

def key_of(msg):
    k = re.sub(r'^\S+:\d+:\d+: ', '', msg)        # location
    k = re.sub(r'^loc\([^)]*\): ', '', k)
    k = re.sub(r" \(in '[^']*'\)$", '', k)          # (in 'function')
    return k

results = {}  # full name -> (ok, msg, chain)
for fam in families:
    for c in cases[fam]:
        full = fam + '.' + c
        st = status.get(full)
        if full in unsupported:
            results[full] = (None, 'rejected by design: ' + unsupported[full], None)
        elif st is None:
            results[full] = (None, 'not in bisect.txt', None)
        elif st == 'ok':
            results[full] = (True, None, None)
        else:
            log = os.path.join(out, 'logs', fam, c + '.log')
            if os.path.exists(log):
                msg, chain = describe(log)
            else:
                msg, chain = short(st[len('FAILS: '):]), None
            results[full] = (False, msg, chain)

family_first = {}
for fam in families:
    log = os.path.join(out, 'logs', fam + '.log')
    text = open(log, errors='replace').read() if os.path.exists(log) else ''
    if all(results[fam + "." + c][0] is not False for c in cases[fam]):
        family_first[fam] = None
    else:
        family_first[fam] = describe(log)[0]

# GPU results.
gpu_fail = {}
gpu_header = None
gpu_summary = None
if gpu_run:
    for l in open(gpu_run, errors='replace'):
        l = re.sub(r'^\s*\[differential\] ', '', l.rstrip('\n'))
        if l.startswith('differential: on '):
            gpu_header = l[len('differential: on '):]
        m = re.match(r'FAILED (\S+?)(?: \[[^\]]*\])?: (.*)$', l)
        if m and 'not built for the GPU' not in l:
            gpu_fail[m.group(1)] = m.group(2)
        if re.match(r'differential: \d+ functions, ', l):
            gpu_summary = l

total = sum(len(cases[f]) for f in families)
ok = sum(1 for v in results.values() if v[0])
by_design = sum(1 for v in results.values() if v[0] is None)

snap = {}
snapshot = os.path.join(out, 'snapshot.txt')
if os.path.exists(snapshot):
    for line in open(snapshot):
        k, _, v = line.rstrip('\n').partition(' ')
        snap[k] = v
commit = snap.get('commit') or subprocess.run(
    ['git', '-C', root, 'log', '-1', '--format=%h %s'],
    capture_output=True, text=True).stdout.strip()
print('# Differential corpus: status with today\'s alloy++')
print()
print('Snapshot of `alloy++` at commit `%s` (plugin built %s). Regenerate with'
      % (commit.split(' ')[0], snap.get('plugin', '?')))
print('`test/differential/build.sh --bisect build OUT` (OUT/bisect.txt,')
print('OUT/logs/FAMILY/CASE.log) and')
print('`test/differential/status.py OUT [GPU_RUN_OUTPUT] [NOTES]`. Each case was compiled alone')
print('(`alloy++ -O2 --gpu-arch=sm_90 -c -DDIFF_ONLY=\'"family.case"\'`), so "compiles"')
print('means: compiles when the other cases of its family are left out; the')
print('family compiles as a whole only when all its cases do (one error drops the')
print('whole device module). Messages are quoted as alloy++ printed them, with')
print('paths shortened (`<libstdc++>/` = `/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/`,')
print('test files without their directory).')
print()
print('**%d of %d functions compile** (%d fail, %d rejected by design and run'
      ' on the host only: `unsupported.txt`).'
      % (ok, total, total - ok - by_design, by_design))
print()
print('| family | functions | compile | fail | whole family with alloy++ |')
print('|---|---|---|---|---|')
for fam in families:
    n = len(cases[fam]); k = sum(1 for c in cases[fam] if results[fam + '.' + c][0])
    d = sum(1 for c in cases[fam] if results[fam + '.' + c][0] is None)
    ff = family_first[fam]
    print('| %s | %d | %d | %d | %s |' % (fam, n, k, n - k - d, 'compiles' if ff is None else 'fails: `%s`' % ff.replace('|', '\\|')))
print('| **total** | **%d** | **%d** | **%d** | |' % (total, ok, total - ok - by_design))
print()

if notes:
    print(notes.rstrip())
    print()

# Grouped by error.
groups = collections.OrderedDict()
for full, (good, msg, chain) in results.items():
    if good or good is None:
        continue
    groups.setdefault(key_of(msg), []).append((full, msg, chain))
print('## Failures grouped by error')
print()
print('Distinct first errors, most frequent first; under each, the functions it')
print('blocks with the exact message (and, for errors inside library headers,')
print('the call chain from the case that alloy++ printed in its note).')
print()
for k, items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
    print('### %s (%d)' % (k.replace('`', "'"), len(items)))
    print()
    for full, msg, chain in items:
        line = '- `%s`: `%s`' % (full, msg)
        if chain and '<libstdc++>' in msg:
            line += ' (via %s)' % short(chain)
        print(line)
    print()

print('## Per family')
print()
for fam in families:
    good = [c for c in cases[fam] if results[fam + '.' + c][0]]
    bad = [c for c in cases[fam] if results[fam + '.' + c][0] is False]
    skip = [c for c in cases[fam] if results[fam + '.' + c][0] is None]
    print('### %s: %d of %d compile' % (fam, len(good), len(cases[fam])))
    print()
    if family_first[fam]:
        print('Whole family: `%s`' % family_first[fam])
        print()
    print('Compile: ' + (', '.join(good) if good else '(none)') + '.')
    print()
    for c in skip:
        print('Host only: %s (%s).' % (c, results[fam + '.' + c][1]))
        print()
    if bad:
        print('Fail:')
        print()
        for c in bad:
            _, msg, chain = results[fam + '.' + c]
            print('- %s: `%s`' % (c, msg))
        print()

if gpu_run:
    print('## GPU run')
    print()
    print('The functions that compile, built as above (`build.sh --bisect`: each family without')
    print('its failing cases) and run on %s; `%s`.' % (gpu_header or '?', gpu_summary or '?'))
    print()
    if gpu_fail:
        print('Functions that compile but give other results on the GPU than on the host:')
        print()
        for name, what in gpu_fail.items():
            print('- `%s`: %s' % (name, what))
        print()
    else:
        print('Every function that compiles gives the host\'s results.')
        print()
