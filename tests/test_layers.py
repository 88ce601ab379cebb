"""The import graph is layered: engine -> bots -> table -> the app; net/ knows nothing of UNO;
and no module imports one that (directly or not) imports it back."""
import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ["uno_tui.engine", "uno_tui.bots", "uno_tui.table"]     # then everything else in uno_tui


def modules() -> dict[str, Path]:
    found = {}
    for package in ("uno_tui", "net"):
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def imports(name: str, path: Path, known) -> set[str]:
    """The project modules ``name`` imports, at the top or inside a function."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        out |= {t for t in targets if t in known and t != name}
    return out


def layer(name: str) -> int:
    return next((i for i, prefix in enumerate(LAYERS) if name == prefix or name.startswith(prefix + ".")),
                len(LAYERS))


@cache
def graph() -> dict[str, set[str]]:
    """Each project module's project imports (read when a test asks: collecting pays nothing)."""
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def test_each_layer_imports_only_from_the_layers_below_it():
    wrong = [(a, b) for a, targets in graph().items() if a.startswith("uno_tui") for b in targets
             if layer(b) > layer(a)]
    assert wrong == []


def test_net_imports_nothing_from_uno_tui():
    assert [(a, b) for a, targets in graph().items() if a.startswith("net") for b in targets
            if b.startswith("uno_tui")] == []


def test_no_import_cycle():
    """Package __init__ files re-export their package's modules, so an edge into a package's own
    __init__ from inside it is not a cycle."""
    def edges(a):
        return {b for b in graph()[a] if not a.startswith(b + ".")}

    cycles, done = [], set()

    def visit(node, path):
        if node in path:
            cycles.append(path[path.index(node):] + [node])
            return
        if node in done:
            return
        for nxt in sorted(edges(node)):
            visit(nxt, path + [node])
        done.add(node)

    for start in sorted(graph()):
        visit(start, [])
    assert cycles == []
