"""No import cycles in the engine (issue 13, "One room per game").

The graph covers every module of `core/`, read with `ast`: module-level imports and the imports
inside functions alike (an import moved into a function still makes a cycle, only a hidden one).
An edge goes from a module to each module it imports: `from .x import y` goes to `x`, or to
`x.y` when `y` is a submodule; the implicit import of parent packages is not an edge.

CHECKED lists the packages that must take part in no cycle: all of `core/`.
"""

import ast
import pathlib

import core

CHECKED = ["core"]

ROOT = pathlib.Path(core.__file__).parent


def module_name(path: pathlib.Path, root: pathlib.Path = ROOT) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(root: pathlib.Path = ROOT) -> dict[str, set[str]]:
    """module -> the modules of the package at `root` (`core`) it imports (anywhere in its code)."""
    files = {module_name(p, root): p for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in files}
    for mod, path in files.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[:len(base) - (node.level - 1)]
                    base = ".".join(base + ([node.module] if node.module else []))
                else:
                    base = node.module
                targets = []
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in files else base)
            else:
                continue
            graph[mod].update(t for t in targets if t in files and t != mod)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def checked(module: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in CHECKED)


def test_the_graph_sees_every_module_and_function_level_imports():
    graph = import_graph()
    assert "core.games.big_shuffle.game" in graph and "core.framework.engine" in graph
    assert "core.games.big_shuffle.cards" in graph["core.games.big_shuffle.game"]
    # engine.py imports errors inside a function too; the framework imports no game
    assert "core.framework.errors" in graph["core.framework.engine"]
    assert not any(t.startswith("core.games") for m in graph if m.startswith("core.framework") for t in graph[m])


def test_cycles_are_found_through_function_level_imports(tmp_path):
    # game.py imported the bot inside a function, and the bot imported game.py: a cycle
    pkg = tmp_path / "core" / "games" / "demo"
    pkg.mkdir(parents=True)
    for init in (tmp_path / "core", tmp_path / "core" / "games", pkg):
        (init / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("from .game import GAME\n")
    (pkg / "cards.py").write_text("CARDS = []\n")
    (pkg / "game.py").write_text("from .cards import CARDS\n\ndef bots():\n    from .bot import Bot\n")
    (pkg / "bot.py").write_text("from . import cards\nfrom .game import _helper\n")
    graph = import_graph(tmp_path / "core")
    assert graph["core.games.demo.bot"] == {"core.games.demo.cards", "core.games.demo.game"}
    assert cycles(graph) == [["core.games.demo.bot", "core.games.demo.game"]]
    (pkg / "bot.py").write_text("from . import cards\n")
    assert cycles(import_graph(tmp_path / "core")) == []


def test_no_import_cycles_in_the_checked_packages():
    bad = [c for c in cycles(import_graph()) if any(checked(m) for m in c)]
    assert not bad, f"import cycles: {bad}"


MAX_LINES = 800  # the project's rule, no file over ~800 lines: a longer module is split along its rules


def test_no_module_of_core_is_over_800_lines():
    long = {str(p.relative_to(ROOT.parent)): n for p in ROOT.rglob("*.py")
            if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"
