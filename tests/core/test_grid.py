"""Grid geometry on square and non-square boards."""
import numpy as np
import pytest

from puzzlekit.core.grid import Grid, region_adjacency, region_borders, regions, relabel


@pytest.mark.parametrize("h,w", [(1, 1), (1, 5), (3, 4), (5, 2)])
def test_neighbours_are_symmetric_and_match_edges(h, w):
    g = Grid(h, w)
    pairs = set()
    for i in range(g.n):
        for d, j in enumerate(g.nbrs[i]):
            if j >= 0:
                assert i in g.nbrs[j]
                assert g.edges[g.cell_edges[i, d]].tolist() == sorted([i, j])
                pairs.add((min(i, j), max(i, j)))
    assert pairs == {tuple(e) for e in g.edges.tolist()}
    assert g.n_edges == h * (w - 1) + w * (h - 1)
    assert len(g.blocks2x2) == (h - 1) * (w - 1)
    assert g.distance[0, g.n - 1] == h + w - 2
    assert sum(len(x) for x in g.lines()) == 2 * g.n


def test_regions_helpers():
    lab = np.array([[0, 0, 1], [2, 1, 1]])
    assert [r.tolist() for r in regions(lab)] == [[0, 1], [2, 4, 5], [3]]
    g = Grid(2, 3)
    assert region_adjacency(g, lab) == [{1, 2}, {0, 2}, {0, 1}]
    assert region_borders(g, lab).sum() == 4
    assert relabel([7, 7, 3]).tolist() == [0, 0, 1]
    with pytest.raises(ValueError):
        Grid(0, 3)
