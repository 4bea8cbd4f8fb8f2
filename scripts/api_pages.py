"""Write the API reference pages, book/api/<package>.md: one automodule per
public module of puzzlekit.core (its subpackages too), .viz, .io, .book and every
built genre.

    python scripts/api_pages.py            # all of them
    python scripts/api_pages.py kojun      # one page

tests/test_api_pages.py checks that the pages cover every module and are in _toc.yml.
"""
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parents[1]
TITLES = {"core": "puzzlekit.core: the shared machinery",
          "viz": "puzzlekit.viz: boards, steppers and plots",
          "io": "puzzlekit.io: puzz.link URLs",
          "book": "puzzlekit.book: the book's own code"}
INTROS = {
    "core": "The ladder model, the compiled fixpoint and search loop, graphs and grids, strict "
            "input, CP-SAT helpers, banks, measurements and the article-table comparator: what "
            "every genre is built on.",
    "viz": "Drawing boards and states, the rung stepper (the static HTML/JavaScript player and "
           "the live ipywidgets player over the same frames), and the plots the chapters share.",
    "io": "Reading and writing puzz.link URLs: the shared sections every genre's codec is made "
          "of.",
    "book": "The front door's gallery, the genre chapters' summary strip, the closing "
            "chapter's measurements, the Performance page's and the chapters' speed "
            "and article-scale sections (prose, plots and tables), and the one loader of the "
            "stored results they quote. The engine never imports it.",
}
GENRE = ("The {name} genre: its model and referee, the ladder, the raw engine, the CP-SAT model, "
         "the puzz.link codec, drawing, generation, certificates and censuses, the article's "
         "figures as printed, and the chapter's measurements. "
         "The chapter is [{name}](../{pkg}.ipynb).")

def modules(pkg):
    """``puzzlekit.<pkg>`` and its public modules; a subpackage, then its modules."""
    names = [f"puzzlekit.{pkg}"]
    for p in sorted((root / "puzzlekit" / pkg.replace(".", "/")).iterdir()):
        if p.name.startswith("_"):
            continue
        if p.suffix == ".py":
            names.append(f"puzzlekit.{pkg}.{p.stem}")
        elif (p / "__init__.py").exists():
            names += modules(f"{pkg}.{p.name}")
    return names


def page(pkg, title, intro):
    names = modules(pkg)
    out = [f"# {title}", "", intro, "", "```{eval-rst}", ".. autosummary::", ""]
    out += [f"   {n}" for n in names] + ["```", ""]
    for n in names:  # a package re-exports its modules' names: document them once, there
        package = (root / n.replace(".", "/") / "__init__.py").exists()
        opts = [] if package else ["   :members:", "   :undoc-members:"]
        out += [f"## `{n}`", "", "```{eval-rst}", f".. automodule:: {n}", *opts, "```", ""]
    (root / "book" / "api" / f"{pkg}.md").write_text("\n".join(out))


sys.path.insert(0, str(root))
if len(sys.argv) > 1:
    PACKAGES = sys.argv[1:]
else:
    import puzzlekit
    PACKAGES = ["core", "viz", "io", "book", *puzzlekit.built()]
for pkg in PACKAGES:
    if pkg in TITLES:
        page(pkg, TITLES[pkg], INTROS[pkg])
    else:
        name = pkg.replace("_", " ").title().replace("Yajisan Kazusan", "Yajisan-Kazusan")
        page(pkg, f"puzzlekit.{pkg}: {name}", GENRE.format(name=name, pkg=pkg))
