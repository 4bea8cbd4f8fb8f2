"""The generator benchmark's command line: its help, and one tiny run that stores nothing."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]
SCRIPT = ROOT / "benchmarks" / "bench_generate.py"


def bench(*argv, timeout=120):
    return subprocess.run([sys.executable, str(SCRIPT), *argv], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def test_help_names_every_option():
    r = bench("--help")
    assert r.returncode == 0, r.stderr
    for option in ("--genres", "--sizes", "--seeds", "--timeout", "--big", "--no-store"):
        assert option in r.stdout


def test_a_tiny_run_makes_its_board_and_stores_nothing():
    out = SCRIPT.parent / "results" / "generate.json"
    before = out.read_text() if out.exists() else None
    r = bench("--genres", "nanro", "--sizes", "6", "--seeds", "1", "--no-store")
    assert r.returncode == 0, r.stderr
    rows = [line.split() for line in r.stdout.splitlines() if line.startswith("nanro ")]
    # genre, size, made of boards, median, worst: the one board was made
    assert rows and rows[-1][:3] == ["nanro", "6", "1/1"], r.stdout
    assert "stored nothing" in r.stdout
    assert (out.read_text() if out.exists() else None) == before


def test_a_stored_run_keeps_the_other_genres(tmp_path, monkeypatch):
    sys.path.insert(0, str(SCRIPT.parent))
    import bench_generate
    monkeypatch.setattr(bench_generate, "OUT", tmp_path / "generate.json")
    bench_generate.OUT.write_text(json.dumps({"genres": {"magnets": [{"size": 6}]}}))
    monkeypatch.setattr(bench_generate, "run_genre",
                        lambda sp, sizes, seeds, timeout, big: [{"size": 6, "seed": 0,
                                                                 "seconds": 1.0, "cpu": 1.0,
                                                                 "status": "ok", "grade": "x"}])
    bench_generate.main(["--genres", "nanro", "--sizes", "6", "--seeds", "1"])
    stored = json.loads(bench_generate.OUT.read_text())
    assert set(stored["genres"]) == {"magnets", "nanro"}
    assert stored["timeout"] == 60.0 and stored["when"] and stored["machine"]
