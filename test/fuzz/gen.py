#!/usr/bin/env python3
"""Random, UB-free C++ device functions for differential testing
(test/fuzz/README.md).

usage: gen.py --seed S --out DIR [--tus T] [--functions N] [--group G]
       gen.py --seed S --tu K --only F [--out DIR]    (one function: a reproducer)

Writes DIR/tuK.cpp for K in 0..T-1, each with N functions. Every function
is generated from its own random stream, seeded by (S, K, F), so
`--tu K --only F` writes exactly the function F of the batch alone
(DIR/tuK_fF.cpp), the same code, with the same harness: build it with
build.sh --sources to rerun that one function.

What is generated (each function in its own namespace tuK::fF):
  * integer arithmetic with defined results: unsigned arithmetic wraps;
    signed +, -, * are done in unsigned and converted back (C++20 modular
    conversion) or on operands whose range excludes overflow (a >> 1 plus
    b >> 1, (a >> 16) * (b >> 16)); shift counts masked to the width;
    divisors made nonzero (b | 1) or checked (fz::sdiv: no x / 0, no
    MIN / -1); clz/ctz of nonzero values only; no arithmetic on types
    narrower than int (their promotion to int could overflow);
  * float and double + - * /, sqrt, fma, fabs, trunc/floor/ceil,
    comparisons, conversions (float to integer only through fz::f2i, which
    checks the range); no transcendental functions; the TU is compiled with
    -ffp-contract=off, on the host and the GPU, so a*b+c is two roundings
    on both sides;
  * if/else, for/while/do loops with constant trip counts (break, continue),
    switch with fallthrough, local arrays indexed in range (& (N-1), % N),
    small structs with a member function, helper functions, function
    templates (type and non-type parameters), lambdas (by value, by
    reference, mutable with an init-capture), std::min/max, bit builtins,
    __builtin_add/mul_overflow.
Every statement is on its own line between // FUZZ-BEGIN and // FUZZ-END
markers, so reduce.py can remove them one by one.
"""
import argparse
import hashlib
import os
import random
import struct
import sys

TY = {'u32': 'uint32_t', 'i32': 'int32_t', 'u64': 'uint64_t',
      'i64': 'int64_t', 'f32': 'float', 'f64': 'double'}
INTS = ['u32', 'i32', 'u64', 'i64']
FLTS = ['f32', 'f64']
ALL = INTS + FLTS
WIDTH = {'u32': 32, 'i32': 32, 'u64': 64, 'i64': 64}
UNS = {'i32': 'u32', 'i64': 'u64', 'u32': 'u32', 'u64': 'u64'}


def fnum(r, t):
    """A float/double literal (exact: hex float or a builtin)."""
    k = r.random()
    suf = 'f' if t == 'f32' else ''
    if k < 0.04:
        return f'__builtin_nan{"f" if t == "f32" else ""}("")'
    if k < 0.08:
        return ('-' if r.random() < 0.5 else '') + f'__builtin_inf{"f" if t == "f32" else ""}()'
    if k < 0.12:
        return '-0.0' + suf
    if k < 0.45:
        v = r.choice([0.0, 1.0, -1.0, 0.5, 2.0, 3.0, 0.1, 1e-3, 1e10, -7.25, 255.0,
                      65536.0, 4294967296.0, 2147483648.0, 1.5, 1e-30, 3e38, 1e-40, 1e-310])
        if t == 'f32':
            v = struct.unpack('f', struct.pack('f', max(min(v, 3.4e38), -3.4e38)))[0]
        return v.hex() + suf if v >= 0 else '-' + (-v).hex() + suf
    if t == 'f32':
        while True:
            v = struct.unpack('f', struct.pack('I', r.getrandbits(32)))[0]
            if v == v and abs(v) != float('inf'):
                break
        s = v.hex()
        return s + 'f' if not s.startswith('-') else '(' + s + 'f)'
    while True:
        v = struct.unpack('d', struct.pack('Q', r.getrandbits(64)))[0]
        if v == v and abs(v) != float('inf'):
            break
    s = v.hex()
    return s if not s.startswith('-') else '(' + s + ')'


def inum(r, t):
    w = WIDTH[t]
    k = r.random()
    if k < 0.4:
        v = r.choice([0, 1, 2, 3, 5, 7, 8, 15, 16, 31, 32, 33, 63, 100, 255, 1000])
    elif k < 0.6:
        v = r.choice([(1 << w) - 1, 1 << (w - 1), (1 << (w - 1)) - 1, (1 << w) - 2,
                      0xaaaaaaaa, 0x55555555, 0xdeadbeef])
    else:
        v = r.getrandbits(w)
    v &= (1 << w) - 1
    if t == 'u32':
        return f'{v}u'
    if t == 'u64':
        return f'uint64_t({v}ull)'
    s = v - (1 << w) if v >> (w - 1) else v
    if t == 'i32':
        if s == -(1 << 31):
            return '(-2147483647 - 1)'
        return f'{s}' if s >= 0 else f'({s})'
    if s == -(1 << 63):
        return 'int64_t(-9223372036854775807ll - 1)'
    return f'int64_t({s}ll)'


class Scope:
    def __init__(self):
        self.vars = []      # (name, type) readable and assignable scalars
        self.ro = []        # (name, type) read-only (loop counters, params of lambdas)
        self.arrays = []    # (name, type, size)
        self.structs = []   # (name, [(field, type)])


class FnGen:
    """Generates one function (with its helpers) from one random stream."""

    def __init__(self, r, budget):
        self.r = r
        self.budget = budget      # statements left
        self.helpers = []         # (name, ret, [param types])
        self.templates = []       # (name, kind): kind 'u' / 'f' / 'rot'
        self.lambdas = []         # (name, ret, param type)
        self.struct = None        # (name, [(field, type)])
        self.loop_depth = 0
        self.counter = 0
        self.lines = []
        self.indent = 1

    def fresh(self, p):
        self.counter += 1
        return f'{p}{self.counter}'

    def emit(self, s):
        self.lines.append('  ' * self.indent + s)

    # ------------------------------------------------------ expressions --
    def leaf(self, t, sc, d=0):
        r = self.r
        cands = [n for n, ty in sc.vars + sc.ro if ty == t]
        k = r.random()
        if cands and k < 0.55:
            return r.choice(cands)
        if k < 0.7 and d > 0:
            arrs = [a for a in sc.arrays if a[1] == t]
            if arrs:
                n, _, size = r.choice(arrs)
                return f'{n}[{self.index(size, sc, d - 1)}]'
            if sc.structs:
                n, fields = r.choice(sc.structs)
                fs = [f for f, ty in fields if ty == t]
                if fs:
                    return f'{n}.{r.choice(fs)}'
        if k < 0.78:
            other = [(n, ty) for n, ty in sc.vars + sc.ro if ty != t]
            if other:
                n, ty = r.choice(other)
                return self.convert(t, n, ty)
        return fnum(r, t) if t in FLTS else inum(r, t)

    def index(self, size, sc, d=1):
        e = self.expr('u32', min(d, 1), sc)
        if size & (size - 1) == 0:
            return f'{size - 1}u & ({e})'
        return f'({e}) % {size}u'

    def convert(self, to, e, frm):
        T = TY[to]
        if frm == to:
            return e
        if to in FLTS or frm in INTS:
            return f'static_cast<{T}>({e})'
        # float -> integer: range-checked
        fb = inum(self.r, to)
        return f'fz::f2i<{T}>({e}, {T}({fb}))'

    def expr(self, t, d, sc):
        r = self.r
        if d <= 0 or r.random() < 0.35:
            return self.leaf(t, sc, d)
        if t in ('u32', 'u64'):
            return self.uexpr(t, d, sc)
        if t in ('i32', 'i64'):
            return self.sexpr(t, d, sc)
        return self.fexpr(t, d, sc)

    def common(self, t, d, sc):
        """Forms valid for every type (or None)."""
        r = self.r
        T = TY[t]
        k = r.random()
        if k < 0.2:
            return f'({self.cond(d - 1, sc)} ? {self.expr(t, d - 1, sc)} : {self.expr(t, d - 1, sc)})'
        if k < 0.3:
            ot = r.choice(ALL)
            return self.convert(t, self.expr(ot, d - 1, sc), ot)
        if k < 0.4:
            return f'std::{r.choice(["min", "max"])}<{T}>({self.expr(t, d - 1, sc)}, {self.expr(t, d - 1, sc)})'
        if k < 0.55:
            return self.call(t, d, sc)
        if k < 0.62:
            return f'{T}({self.cond(d - 1, sc)})'
        return None

    def call(self, t, d, sc):
        r = self.r
        T = TY[t]
        opts = []
        for name, ret, params in self.helpers:
            if ret == t:
                opts.append(lambda name=name, params=params:
                            f'{name}({", ".join(self.expr(p, d - 1, sc) for p in params)})')
        for name, kind in self.templates:
            if kind == 'u' and t in ('u32', 'u64'):
                opts.append(lambda name=name: f'{name}<{T}>({self.expr(t, d - 1, sc)}, {self.expr(t, d - 1, sc)})')
                opts.append(lambda name=name: f'{name}({self.expr(t, d - 1, sc)}, {self.expr(t, d - 1, sc)})')
            if kind == 'f' and t in FLTS:
                opts.append(lambda name=name: f'{name}({self.expr(t, d - 1, sc)}, {self.expr(t, d - 1, sc)})')
            if kind == 'rot' and t == 'u32':
                opts.append(lambda name=name: f'{name}<{r.randint(1, 31)}>({self.expr(t, d - 1, sc)})')
        for name, ret, p in self.lambdas:
            if ret == t and name in sc.lambdas_visible:
                opts.append(lambda name=name, p=p: f'{name}({self.expr(p, d - 1, sc)})')
        if self.struct and t == 'u64' and sc.structs:
            n, _ = r.choice(sc.structs)
            opts.append(lambda n=n: f'{n}.key()')
        if not opts:
            return self.leaf(t, sc)
        return r.choice(opts)()

    def uexpr(self, t, d, sc):
        r = self.r
        c = self.common(t, d, sc)
        if c is not None:
            return c
        a = lambda: self.expr(t, d - 1, sc)
        w = WIDTH[t]
        s = '' if t == 'u32' else 'll'
        k = r.randrange(16)
        if k <= 3:
            return f'({a()} {r.choice(["+", "-", "*", "&", "|", "^"])} {a()})'
        if k == 4:
            return f'({a()} {r.choice(["<<", ">>"])} ({self.expr(r.choice(["u32", "u64"]), d - 1, sc)} & {w - 1}u))'
        if k == 5:
            return f'({a()} {r.choice(["/", "%"])} ({a()} | 1u))'
        if k == 6:
            cst = r.choice([3, 7, 10, 16, 255, 1000, 0x80000001, 641, (1 << w) - 1])
            return f'({a()} {r.choice(["/", "%"])} {TY[t]}({cst}ull))'
        if k == 7:
            return f'{r.choice(["~", "-"])}({a()})' if r.random() < 0.5 else f'({a()} * {inum(r, t)})'
        if k == 8:
            b = r.choice(['popcount', 'clz', 'ctz', 'parity'])
            arg = a()
            if b == 'clz':
                arg = f'({arg} | 1u)'
            elif b == 'ctz':
                arg = f'({arg} | {TY[t]}(1ull << {w - 1}))'
            return f'{TY[t]}(__builtin_{b}{s}({arg}))'
        if k == 9:
            b = r.choice(['rotateleft', 'rotateright', 'bswap', 'bitreverse'])
            if b.startswith('rot'):
                return f'__builtin_{b}{w}({a()}, {self.expr(t, d - 1, sc)})'
            return f'__builtin_{b}{w}({a()})'
        if k == 10 and t == 'u32':
            return f'uint32_t((uint64_t({a()}) * uint64_t({a()})) >> 32)'
        if k == 10:
            return f'uint64_t((unsigned __int128)({a()}) * ({a()}) >> 64)'
        if k == 11:
            nt = r.choice(['uint8_t', 'int8_t', 'uint16_t', 'int16_t'])
            return f'static_cast<{TY[t]}>(static_cast<{nt}>({a()}))'
        if k == 12:
            return f'fz::{r.choice(["add_ovf", "mul_ovf"])}<{TY[t]}>({a()}, {a()})'
        if k == 13 and r.random() < 0.5:
            b = r.choice(['popcount', 'countl_zero', 'countr_zero', 'countl_one', 'bit_width'])
            return f'static_cast<{TY[t]}>(std::{b}({a()}))'
        if k == 13:
            return f'std::{r.choice(["rotl", "rotr"])}({a()}, static_cast<int>({self.expr("i32", d - 1, sc)}))'
        if k == 14:
            return f'std::{r.choice(["min", "max"])}<{TY[t]}>({{{a()}, {a()}, {a()}}})'
        return f'({a()} {r.choice(["+", "^", "-"])} {inum(r, t)})'

    def sexpr(self, t, d, sc):
        r = self.r
        c = self.common(t, d, sc)
        if c is not None:
            return c
        T = TY[t]
        U = TY[UNS[t]]
        w = WIDTH[t]
        a = lambda: self.expr(t, d - 1, sc)
        k = r.randrange(12)
        if k <= 2:  # wrapping, through unsigned
            return f'static_cast<{T}>(static_cast<{U}>({a()}) {r.choice(["+", "-", "*"])} static_cast<{U}>({a()}))'
        if k == 3:  # cannot overflow: halves
            return f'{T}(({a()} >> 1) {r.choice(["+", "-"])} ({a()} >> 1))'
        if k == 4:  # cannot overflow: small factors
            h = w // 2
            return f'{T}(({a()} >> {h}) * ({a()} >> {h + r.randint(0, 2)}))'
        if k == 5:
            return f'({a()} {r.choice(["&", "|", "^"])} {a()})'
        if k == 6:
            return f'({a()} >> ({self.expr("i32", d - 1, sc)} & {w - 1}))'
        if k == 7:
            return f'fz::{r.choice(["sdiv", "smod"])}<{T}>({a()}, {a()})'
        if k == 8:
            cst = r.choice([2, 3, 7, 10, 16, -3, -16, 1000, 2147483647, -2147483647])
            return f'({a()} {r.choice(["/", "%"])} {T}({cst}))'
        if k == 9:
            return f'~({a()})' if r.random() < 0.5 else f'static_cast<{T}>({U}(0) - static_cast<{U}>({a()}))'
        if k == 10:
            return f'fz::{r.choice(["add_ovf", "mul_ovf"])}<{T}>({a()}, {a()})'
        nt = r.choice(['uint8_t', 'int8_t', 'uint16_t', 'int16_t'])
        return f'static_cast<{T}>(static_cast<{nt}>({a()}))'

    def fexpr(self, t, d, sc):
        r = self.r
        c = self.common(t, d, sc)
        if c is not None:
            return c
        T = TY[t]
        a = lambda: self.expr(t, d - 1, sc)
        k = r.randrange(10)
        if k <= 4:
            return f'({a()} {r.choice(["+", "-", "*", "/"])} {a()})'
        if k == 5:
            return f'std::sqrt({a()})'
        if k == 6:
            return f'std::fma({a()}, {a()}, {a()})'
        if k == 7:
            return f'std::{r.choice(["fabs", "trunc", "floor", "ceil"])}({a()})'
        if k == 8:
            return f'-({a()})' if r.random() < 0.7 else \
                f'std::bit_cast<{T}>({self.expr("u32" if t == "f32" else "u64", d - 1, sc)})'
        return f'({a()} {r.choice(["+", "*"])} {fnum(r, t)})'

    def cond(self, d, sc):
        r = self.r
        if d > 0 and r.random() < 0.2:
            return f'({self.cond(d - 1, sc)} {r.choice(["&&", "||"])} {self.cond(d - 1, sc)})'
        if d > 0 and r.random() < 0.05:
            return f'!{self.cond(d - 1, sc)}'
        t = r.choice(ALL)
        if t in FLTS and r.random() < 0.1:
            return f'__builtin_isnan({self.expr(t, d, sc)})'
        op = r.choice(['<', '<=', '>', '>=', '==', '!='])
        return f'({self.expr(t, d, sc)} {op} {self.expr(t, d, sc)})'

    # ------------------------------------------------------- statements --
    def assign(self, sc, d):
        r = self.r
        k = r.random()
        if k < 0.12 and sc.arrays:
            n, t, size = r.choice(sc.arrays)
            self.emit(f'{n}[{self.index(size, sc)}] = {self.expr(t, d, sc)};')
            return
        if k < 0.2 and sc.structs:
            n, fields = r.choice(sc.structs)
            f, t = r.choice(fields)
            self.emit(f'{n}.{f} = {self.expr(t, d, sc)};')
            return
        if not sc.vars:
            return
        n, t = r.choice(sc.vars)
        e = self.expr(t, d, sc)
        if t in ('u32', 'u64') and r.random() < 0.4:
            op = r.choice(['+=', '-=', '*=', '^=', '|=', '&='])
            self.emit(f'{n} {op} {e};')
        elif t in ('u32', 'u64') and r.random() < 0.1:
            self.emit(f'{n} {r.choice(["<<=", ">>="])} {WIDTH[t] - 1}u & ({e});')
        elif t in FLTS and r.random() < 0.4:
            self.emit(f'{n} {r.choice(["+=", "-=", "*=", "/="])} {e};')
        elif t in ('i32', 'i64') and r.random() < 0.3:
            U = TY[UNS[t]]
            self.emit(f'{n} = static_cast<{TY[t]}>(static_cast<{U}>({n}) {r.choice(["+", "*", "-"])} static_cast<{U}>({e}));')
        else:
            self.emit(f'{n} = {e};')

    def block(self, sc, n, d):
        for _ in range(n):
            if self.budget <= 0:
                break
            self.stmt(sc, d)

    def stmt(self, sc, d):
        r = self.r
        self.budget -= 1
        k = r.random()
        nest = self.indent < 5
        ed = r.randint(1, d)
        if k < 0.5 or not nest:
            self.assign(sc, ed)
        elif k < 0.62:
            self.emit(f'if ({self.cond(ed, sc)}) {{')
            self.nested(sc, r.randint(1, 3), d)
            if r.random() < 0.5:
                self.emit('} else {')
                self.nested(sc, r.randint(1, 3), d)
            self.emit('}')
        elif k < 0.72 and self.loop_depth < 2:
            kind = r.randrange(4)
            c = self.fresh('k')
            trip = r.randint(1, 6)
            if kind == 0:
                self.emit(f'for (uint32_t {c} = 0; {c} < {trip}u; ++{c}) {{')
            elif kind == 1:
                self.emit(f'for (int32_t {c} = {trip * 2}; {c} > 0; {c} -= 2) {{')
            elif kind == 2:
                self.emit(f'for (uint32_t {c} = {trip}u; {c} != 0;) {{')
                self.indent += 1
                self.emit(f'--{c};')
                self.indent -= 1
            else:
                self.emit(f'{{ uint32_t {c} = 0; do {{')
            sc.ro.append((c, 'i32' if kind == 1 else 'u32'))
            self.loop_depth += 1
            self.nested(sc, r.randint(1, 4), d, loop=True)
            self.loop_depth -= 1
            sc.ro.pop()
            self.emit('}' if kind != 3 else f'}} while (++{c} < {trip}u); }}')
        elif k < 0.77 and self.loop_depth > 0:
            self.emit(f'if ({self.cond(1, sc)}) {r.choice(["break", "continue"])};')
        elif k < 0.84:
            t = r.choice(['u32', 'i32', 'u64'])
            self.emit(f'switch ({self.expr(t, ed, sc)} & 7) {{')
            cases = r.sample(range(8), r.randint(1, 4))
            for cv in cases:
                self.emit(f'case {cv}:')
                self.nested(sc, r.randint(1, 2), d, brace=False)
                if r.random() < 0.7:
                    self.indent += 1
                    self.emit('break;')
                    self.indent -= 1
                else:
                    self.indent += 1
                    self.emit('[[fallthrough]];')
                    self.indent -= 1
            self.emit('default:')
            self.nested(sc, 1, d, brace=False)
            self.indent += 1
            self.emit('break;')
            self.indent -= 1
            self.emit('}')
        elif k < 0.89 and sc.arrays:
            n, t, size = r.choice(sc.arrays)
            x = self.fresh('x')
            if r.random() < 0.5 and t in ('u32', 'u64', 'f32', 'f64'):
                op = r.choice(['+=', '*=']) if t in FLTS else r.choice(['+=', '^=', '*='])
                self.emit(f'for (auto &{x} : {n}) {x} {op} {self.expr(t, 1, sc)};')
            else:
                tgt = [(v, ty) for v, ty in sc.vars if ty == t]
                if tgt:
                    v = r.choice(tgt)[0]
                    self.emit(f'for ({TY[t]} {x} : {n}) {v} = std::max<{TY[t]}>({v}, {x});')
                else:
                    self.assign(sc, ed)
        elif k < 0.92 and self.struct and sc.structs:
            n, fields = r.choice(sc.structs)
            if r.random() < 0.5:
                args = ', '.join(self.expr(ft, ed, sc) for _, ft in fields)
                self.emit(f'{n} = {self.struct[0]}{{{args}}};')
            else:  # structured binding
                names = [self.fresh('b') for _ in fields]
                for nm, (_, ft) in zip(names, fields):
                    sc.ro.append((nm, ft))
                if sc.vars:
                    v, t = r.choice(sc.vars)
                    self.emit(f'{{ auto [{", ".join(names)}] = {n}; {v} = {self.expr(t, ed, sc)}; }}')
                del sc.ro[-len(names):]
        elif k < 0.97:
            self.misc(sc, ed)
        else:
            self.assign(sc, ed)

    def misc(self, sc, d):
        r = self.r
        k = r.randrange(5)
        iarrs = [a for a in sc.arrays if a[1] in INTS]
        if k == 0 and iarrs:
            n = r.choice(iarrs)[0]
            how = r.choice(['std::sort(std::begin({n}), std::end({n}));',
                            'std::reverse(std::begin({n}), std::end({n}));',
                            'std::ranges::sort({n});'])
            self.emit(how.format(n=n))
            return
        if k == 1 and sc.arrays:
            n, t, size = r.choice(sc.arrays)
            pp = self.fresh('pp')
            self.emit(f'{{ {TY[t]} *{pp} = &{n}[0]; {pp}[{self.index(size, sc)}] = {self.expr(t, d, sc)}; }}')
            return
        if not sc.vars:
            return
        n, t = r.choice(sc.vars)
        if k == 2:
            rf = self.fresh('rf')
            if t in ('u32', 'u64') or t in FLTS:
                self.emit(f'{{ {TY[t]} &{rf} = {n}; {rf} {r.choice(["+=", "-=", "*="])} {self.expr(t, d, sc)}; }}')
            else:
                self.emit(f'{{ {TY[t]} &{rf} = {n}; {rf} = {self.expr(t, d, sc)}; }}')
        elif k == 3:
            same = [v for v, ty in sc.vars if ty == t]
            self.emit(f'({self.cond(1, sc)} ? {n} : {r.choice(same)}) = {self.expr(t, d, sc)};')
        elif t in ('u32', 'u64') or t in FLTS:
            self.emit(f'{r.choice(["++", "--"])}{n};' if r.random() < 0.5 else f'{n}{r.choice(["++", "--"])};')
        else:
            self.assign(sc, d)

    def nested(self, sc, n, d, loop=False, brace=True):
        self.indent += 1
        self.block(sc, n, d)
        self.indent -= 1

    # -------------------------------------------------------- functions --
    def locals(self, sc, params, nlocals, d):
        """Declares locals initialized from the parameters."""
        r = self.r
        for _ in range(nlocals):
            t = r.choice(ALL)
            n = self.fresh('v')
            self.emit(f'{TY[t]} {n} = {self.expr(t, d, sc)};')
            sc.vars.append((n, t))
        if r.random() < 0.35:
            t = r.choice(ALL)
            size = r.choice([4, 5, 8])
            n = self.fresh('a')
            init = ', '.join(self.expr(t, 1, sc) for _ in range(r.randint(0, size)))
            if r.random() < 0.5:
                self.emit(f'std::array<{TY[t]}, {size}> {n} = {{{init}}};')
            else:
                self.emit(f'{TY[t]} {n}[{size}] = {{{init}}};')
            sc.arrays.append((n, t, size))
        if self.struct and r.random() < 0.7:
            n = self.fresh('s')
            args = ', '.join(self.expr(ft, 1, sc) for _, ft in self.struct[1])
            self.emit(f'{self.struct[0]} {n}{{{args}}};')
            sc.structs.append((n, self.struct[1]))

    def gen_struct(self, out):
        r = self.r
        fields = [(f'm{i}', r.choice(ALL)) for i in range(r.randint(2, 4))]
        self.struct = ('S', fields)
        out.append('struct S {')
        for f, t in fields:
            out.append(f'  {TY[t]} {f};')
        key = ' ^ '.join(f'(fz::bits({f}) << {i * 7})' for i, (f, _) in enumerate(fields))
        out.append(f'  uint64_t key() const {{ return {key}; }}')
        out.append('};')

    def gen_templates(self, out):
        r = self.r
        if r.random() < 0.5:
            n = self.fresh('tu')
            ops = r.choice([
                'a + b * T(3)', '(a ^ (b >> 3)) - T(1)', 'a / (b | T(1))',
                'T(a << (b & T(sizeof(T) * 8 - 1)))', 'a % (b | T(1)) + (a > b ? a - b : b - a)',
                'T(std::max(a, b) - std::min(a, b)) * T(0x9e3779b9u)'])
            out.append(f'template <class T> T {n}(T a, T b) {{ return {ops}; }}')
            self.templates.append((n, 'u'))
        if r.random() < 0.4:
            n = self.fresh('tf')
            ops = r.choice([
                'a * b + F(0.5)', 'std::sqrt(std::fabs(a)) - b', '(a - b) / (a + b)',
                'std::fma(a, b, -a)', 'a > b ? a / F(3) : b * F(-2)', 'F(a * a) - F(b * b)'])
            out.append(f'template <class F> F {n}(F a, F b) {{ return {ops}; }}')
            self.templates.append((n, 'f'))
        if r.random() < 0.3:
            n = self.fresh('rot')
            out.append(f'template <int N> uint32_t {n}(uint32_t a) {{ return (a << N) | (a >> (32 - N)); }}')
            self.templates.append((n, 'rot'))

    def gen_helper(self, out, d):
        r = self.r
        n = self.fresh('h')
        ret = r.choice(ALL)
        params = [r.choice(ALL) for _ in range(r.randint(1, 3))]
        sc = Scope()
        sc.lambdas_visible = set()
        plist = []
        for i, p in enumerate(params):
            sc.vars.append((f'p{i}', p))
            plist.append(f'{TY[p]} p{i}')
        saved = self.lines, self.indent, self.budget
        self.lines, self.indent, self.budget = [], 1, r.randint(1, 5)
        self.locals(sc, params, r.randint(0, 2), d)
        self.block(sc, r.randint(1, 3), d)
        self.emit(f'return {self.expr(ret, d, sc)};')
        body = self.lines
        self.lines, self.indent, self.budget = saved
        out.append(f'{TY[ret]} {n}({", ".join(plist)}) {{')
        out.extend(body)
        out.append('}')
        self.helpers.append((n, ret, params))

    def gen_lambdas(self, sc, d):
        r = self.r
        for _ in range(r.randint(0, 2)):
            n = self.fresh('l')
            ret, p = r.choice(ALL), r.choice(ALL)
            inner = Scope()
            inner.lambdas_visible = set()
            inner.vars = []
            inner.ro = [(nn, tt) for nn, tt in sc.vars] + [('q', p)]
            inner.arrays = []
            inner.structs = []
            if r.random() < 0.3 and ret in ('u32', 'u64'):
                # mutable, with an init-capture that keeps state between calls
                self.emit(f'auto {n} = [&, acc = {TY[ret]}(1)]({TY[p]} q) mutable -> {TY[ret]} {{ '
                          f'acc = acc * {TY[ret]}(31) + {self.convert(ret, "q", p)}; return acc ^ {self.expr(ret, d, inner)}; }};')
            else:
                cap = r.choice(['=', '&'])
                self.emit(f'auto {n} = [{cap}]({TY[p]} q) -> {TY[ret]} {{ return {self.expr(ret, d, inner)}; }};')
            self.lambdas.append((n, ret, p))
            sc.lambdas_visible.add(n)

    def function(self, params, kind, ret):
        """Returns the text of the namespace body."""
        r = self.r
        out = []
        d = r.randint(1, 3)
        if r.random() < 0.3:
            self.gen_struct(out)
        self.gen_templates(out)
        for _ in range(0 if r.random() < 0.6 else r.randint(1, 2)):
            self.gen_helper(out, min(d, 3))
        sc = Scope()
        sc.lambdas_visible = set()
        plist = []
        for i, p in enumerate(params):
            sc.vars.append((f'p{i}', p))
            plist.append(f'{TY[p]} p{i}')
        if kind == 'ret':
            plist.append('uint64_t &hash')
            sig = f'{TY[ret]} fn({", ".join(plist)})'
        else:
            plist.append('fz::R &res')
            sig = f'void fn({", ".join(plist)})'
        self.lines, self.indent = [], 1
        self.locals(sc, params, r.randint(1, 4), d)
        self.gen_lambdas(sc, d)
        self.emit('// FUZZ-BEGIN')
        self.block(sc, self.budget, d)
        self.emit('// FUZZ-END')
        hv = 'hash' if kind == 'ret' else 'res.h'
        for n, _ in sc.vars:
            self.emit(f'fz::mix({hv}, {n});')
        for n, _, _ in sc.arrays:
            self.emit(f'for (auto e : {n}) fz::mix({hv}, e);')
        for n, _ in sc.structs:
            self.emit(f'fz::mix({hv}, {n}.key());')
        if kind == 'ret':
            self.emit(f'return {self.expr(ret, d, sc)};')
        else:
            self.emit(f'res.u = {self.expr("u32", d, sc)};')
            self.emit(f'res.f = {self.expr("f32", d, sc)};')
            self.emit(f'res.d = {self.expr("f64", d, sc)};')
        out.append(sig + ' {')
        out.extend(self.lines)
        out.append('}')
        return out


PARAM_FIELD = {'u32': 'in.u', 'i32': 'in.i', 'f32': 'in.f', 'f64': 'in.d',
               'u64': 'in.q', 'i64': 'in.q'}


def gen_function(seed, tu, k):
    """(namespace text lines, wrapper statement) of function k of tu."""
    h = hashlib.sha256(f'{seed}:{tu}:{k}'.encode()).digest()
    r = random.Random(int.from_bytes(h[:8], 'little'))
    np_ = r.randint(1, 4)
    params = [r.choice(['u32', 'i32', 'f32', 'f64', 'u32', 'i32', 'f32', 'f64', 'u64', 'i64'])
              for _ in range(np_)]
    kind = 'ret' if r.random() < 0.6 else 'res'
    ret = r.choice(ALL)
    g = FnGen(r, budget=r.randint(3, 9))
    body = g.function(params, kind, ret)
    used = {}
    args = []
    for p in params:
        f = PARAM_FIELD[p]
        i = used.get(f, 0)
        used[f] = i + 1
        lim = 2 if f == 'in.q' else 3
        a = f'{f}[{i % lim}]'
        if p == 'i64':
            a = f'int64_t({a})'
        args.append(a)
    ns = f'f{k}'
    if kind == 'ret':
        wrap = (f'{{ uint64_t h = 0; auto v = {ns}::fn({", ".join(args + ["h"])}); '
                f'o.w[0] = fz::bits(v); o.w[1] = h; }}')
    else:
        wrap = (f'{{ fz::R r{{}}; {ns}::fn({", ".join(args + ["r"])}); o.w[0] = r.h; '
                f'o.w[1] = fz::bits(r.u) | (fz::bits(r.f) << 32); o.w[2] = fz::bits(r.d); }}')
    return body, wrap


def gen_tu(seed, tu, ids, group, source_path):
    out = ['// Generated by test/fuzz/gen.py: do not edit.',
           f'// gen.py --seed {seed}: translation unit {tu}, functions {ids[0]}..{ids[-1]}'
           if len(ids) > 1 else f'// gen.py --seed {seed} --tu {tu} --only {ids[0]}',
           '#include "prelude.hpp"', '',
           '#pragma clang diagnostic ignored "-Wunused-variable"',
           '#pragma clang diagnostic ignored "-Wunused-but-set-variable"',
           '#pragma clang diagnostic ignored "-Wunused-function"',
           '#pragma clang diagnostic ignored "-Wunused-lambda-capture"',
           '#pragma clang diagnostic ignored "-Wconstant-conversion"',
           '#pragma clang diagnostic ignored "-Wliteral-range"', '',
           f'namespace tu{tu} {{']
    wraps = []
    for k in ids:
        body, wrap = gen_function(seed, tu, k)
        out.append(f'namespace f{k} {{ // gen.py --seed {seed} --tu {tu} --only {k}')
        out.extend(body)
        out.append(f'}} // namespace f{k}')
        out.append('')
        wraps.append((k, wrap))
    for gi in range(0, len(wraps), group):
        chunk = wraps[gi:gi + group]
        first = chunk[0][0]
        contiguous = all(k == first + j for j, (k, _) in enumerate(chunk))
        assert contiguous
        out.append(f'struct G{first} {{')
        out.append(f'  static constexpr uint32_t first = {first}, count = {len(chunk)};')
        out.append('  static void eval(uint32_t k, const fz::In &in, fz::Out &o) {')
        out.append('    switch (k) {')
        for j, (k, w) in enumerate(chunk):
            out.append(f'    case {j}: {w} break;')
        out.append('    }')
        out.append('  }')
        out.append('};')
        out.append(f'static const fz::registrar<G{first}> reg{first}{{"tu{tu}", '
                   f'"{source_path}", {seed}ull}};')
    out.append(f'}} // namespace tu{tu}')
    return '\n'.join(out) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--out', default='.')
    ap.add_argument('--tus', type=int, default=1)
    ap.add_argument('--first-tu', type=int, default=0)
    ap.add_argument('--functions', type=int, default=400)
    ap.add_argument('--group', type=int, default=16,
                    help='functions per kernel (one switch)')
    ap.add_argument('--tu', type=int, help='with --only: the translation unit')
    ap.add_argument('--only', type=int, help='write this one function alone')
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if a.only is not None:
        tu = a.tu or 0
        path = os.path.abspath(os.path.join(a.out, f'tu{tu}_f{a.only}.cpp'))
        with open(path, 'w') as f:
            f.write(gen_tu(a.seed, tu, [a.only], a.group, path))
        print(path)
        return 0
    for tu in range(a.first_tu, a.first_tu + a.tus):
        path = os.path.abspath(os.path.join(a.out, f'tu{tu}.cpp'))
        with open(path, 'w') as f:
            f.write(gen_tu(a.seed, tu, list(range(a.functions)), a.group, path))
        print(path)
    return 0


if __name__ == '__main__':
    sys.exit(main())
