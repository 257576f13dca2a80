#!/usr/bin/env python3
"""List import cycles between modules inside each crate of the workspace.

A module is a source file (`a/b.rs` or `a/b/mod.rs` is module `a::b`). An edge A -> B is a path
`crate::…`, `super::…` or `self::…` in A that names an item of B, where B is neither A nor an
ancestor of A (a child using its parent's shared types is how Rust modules are meant to be
used; the parent declaring the child is not an import). Cycles are the strongly connected
components of more than one module. Exit 1 when there is one.

Usage: scripts/module-cycles.py [CRATE_SRC_DIR...]   (default: grammar/src compiler/src runtime/src)
"""
import os
import re
import sys

PATH = re.compile(r"\b(crate|super|self)((?:::[A-Za-z_][A-Za-z0-9_]*)+)")
GROUP = re.compile(r"\b(crate|super|self)((?:::[A-Za-z_][A-Za-z0-9_]*)*)::\{([^;]*?)\}", re.S)


def modules(src):
    mods = {}
    for root, _, files in os.walk(src):
        for f in files:
            if not f.endswith(".rs"):
                continue
            rel = os.path.relpath(os.path.join(root, f), src)[:-3].split(os.sep)
            if rel[-1] in ("mod", "lib", "main"):
                rel = rel[:-1]
            mods[tuple(rel)] = os.path.join(root, f)
    return mods


def strip(text):
    text = re.sub(r"//[^\n]*", "", text)
    # Test modules are not part of the structure.
    cut = re.search(r"#\[cfg\(test\)\]\s*mod tests\s*\{", text)
    return text[: cut.start()] if cut else text


def resolve(mods, here, base, segs):
    if base == "crate":
        path = []
    elif base == "self":
        path = list(here)
    else:
        path = list(here[:-1])
        while segs and segs[0] == "super":
            segs = segs[1:]
            path = path[:-1]
    full = path + [s for s in segs if s != "super"]
    # The longest prefix that is a module file is the module the item lives in.
    for n in range(len(full), -1, -1):
        if tuple(full[:n]) in mods:
            return tuple(full[:n])
    return None


def edges(mods):
    out = {m: set() for m in mods}
    for m, file in mods.items():
        text = strip(open(file, encoding="utf-8").read())
        found = []
        for g in GROUP.finditer(text):
            prefix = [s for s in g.group(2).split("::") if s]
            for item in re.split(r"[,\s]+", g.group(3)):
                first = re.match(r"[A-Za-z_][A-Za-z0-9_]*", item)
                if first:
                    found.append((g.group(1), prefix + [first.group(0)]))
        for p in PATH.finditer(text):
            found.append((p.group(1), [s for s in p.group(2).split("::") if s]))
        for base, segs in found:
            target = resolve(mods, m, base, segs)
            if target is None or target == m or m[: len(target)] == target:
                continue
            out[m].add(target)
    return out


def sccs(graph):
    index, low, stack, on, result = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                result.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return result


def main():
    dirs = sys.argv[1:] or ["grammar/src", "compiler/src", "runtime/src"]
    total = 0
    for src in dirs:
        mods = modules(src)
        graph = edges(mods)
        for comp in sccs(graph):
            total += 1
            names = ["/".join(c) or "(root)" for c in comp]
            print(f"{src}: cycle: {' <-> '.join(names)}")
            for a in comp:
                for b in sorted(graph[a] & set(comp)):
                    print(f"    {'/'.join(a)} -> {'/'.join(b)}")
    print(f"{total} cycle(s) in {len(dirs)} crate(s)")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
