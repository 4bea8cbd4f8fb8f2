"""The one timing helper the benchmarks share."""
import time


def best(fn, repeat: int = 5) -> float:
    """Best wall time of ``fn()`` in seconds over ``repeat`` calls, after one
    warm-up call (which compiles or loads numba kernels)."""
    fn()
    ts = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return min(ts)
