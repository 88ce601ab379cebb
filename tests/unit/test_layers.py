"""The import graph is layered as pyproject's import-linter contracts declare (ui above play above
history above storage, client and table, above protocol, bots and engine; net knows nothing of
UNO; no Textual below the UI), and no module imports one that (directly or not) imports it back."""
import ast
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINT = Path(sys.executable).with_name("lint-imports")


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


@cache
def graph() -> dict[str, set[str]]:
    """Each project module's project imports (read when a test asks: collecting pays nothing)."""
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def lint(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT), "--no-cache"], cwd=root, capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root)})


def test_the_import_contracts_hold():
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_a_deliberate_violation_breaks_its_contract(tmp_path):
    """The contracts can fail: the engine importing the app, and net importing the game, each break one."""
    for part in ("uno_tui", "net"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    with open(tmp_path / "uno_tui/engine/cards.py", "a") as f:
        f.write("\nfrom uno_tui.ui import app  # noqa\n")
    with open(tmp_path / "net/frames.py", "a") as f:
        f.write("\nimport uno_tui.engine  # noqa\n")
    result = lint(tmp_path)
    assert result.returncode != 0
    broken = [line for line in result.stdout.splitlines() if line.endswith("BROKEN")]
    assert any("layered" in line for line in broken) and any("net knows nothing" in line for line in broken), \
        result.stdout
    assert "uno_tui.engine.cards -> uno_tui.ui.app" in result.stdout


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
