"""Write the API reference pages, book/api/<package>.md: one automodule per
public module of puzzlekit.core, .viz, .io and every built genre.

    python scripts/api_pages.py            # all of them
    python scripts/api_pages.py kojun      # one page

tests/test_api_pages.py checks that the pages cover every module and are in _toc.yml.
"""
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parents[1]
TITLES = {"core": "puzzlekit.core: the shared machinery",
          "viz": "puzzlekit.viz: boards, steppers and plots",
          "io": "puzzlekit.io: puzz.link URLs"}
def page(pkg, title, intro):
    mods = sorted(p.stem for p in (root / "puzzlekit" / pkg).glob("*.py") if not p.stem.startswith("_"))
    names = [f"puzzlekit.{pkg}"] + [f"puzzlekit.{pkg}.{m}" for m in mods]
    out = [f"# {title}", "", intro, "", "```{eval-rst}", ".. autosummary::", ""]
    out += [f"   {n}" for n in names] + ["```", ""]
    for n in names:  # the package re-exports its modules' names: document them once, there
        opts = [] if n == f"puzzlekit.{pkg}" else ["   :members:", "   :undoc-members:"]
        out += [f"## `{n}`", "", "```{eval-rst}", f".. automodule:: {n}", *opts, "```", ""]
    (root / "book" / "api" / f"{pkg}.md").write_text("\n".join(out))
sys.path.insert(0, str(root))
if len(sys.argv) > 1:
    PACKAGES = sys.argv[1:]
else:
    import puzzlekit
    PACKAGES = ["core", "viz", "io", *puzzlekit.built()]
for pkg in PACKAGES:
    if pkg in TITLES:
        page(pkg, TITLES[pkg], {"core": "The ladder model, the compiled fixpoint and search loop, graphs and grids, strict input, CP-SAT helpers, banks, measurements and the article-table comparator: what every genre is built on.",
                                "viz": "Drawing boards and states, the rung stepper (the static HTML/JavaScript player and the live ipywidgets player over the same frames), and the plots the chapters share.",
                                "io": "Reading and writing puzz.link URLs: the shared sections every genre's codec is made of."}[pkg])
    else:
        name = pkg.replace("_", " ").title().replace("Yajisan Kazusan", "Yajisan-Kazusan")
        page(pkg, f"puzzlekit.{pkg}: {name}", f"The {name} genre: its model and referee, the ladder, the raw engine, the CP-SAT model, the puzz.link codec, drawing, generation, certificates and censuses, and the chapter's measurements. The chapter is [{name}](../{pkg}.ipynb).")
