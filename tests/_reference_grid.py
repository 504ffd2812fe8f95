"""The thesis's grid searches as implemented before issue 8 (a materialised grid of thresholds,
counted by binary search), kept as the reference the grid-free searches must equal exactly."""

import numpy as np

_GRID_DECIMALS = 10


class _Counter:
    def __init__(self, is_pos, p):
        self.pos = np.sort(p[is_pos])
        self.neg = np.sort(p[~is_pos])

    def rates(self, thresholds, left_side):
        side = "left" if left_side else "right"
        tp = np.searchsorted(self.pos, thresholds, side=side)
        fp = np.searchsorted(self.neg, thresholds, side=side)
        return (self.pos.size - tp) / self.pos.size, fp / self.neg.size


def _grid(start, stop, step):
    n = int(np.floor(abs(stop - start) / step + 1e-9))
    direction = 1.0 if stop >= start else -1.0
    return np.round(start + direction * step * np.arange(n + 1), _GRID_DECIMALS)


def _search(counter, fp, left, grids):
    out = np.empty((4, fp.size))
    for i, (fp_cost, left_side, thresholds) in enumerate(zip(fp, left, grids, strict=True)):
        fnr, fpr = counter.rates(thresholds, left_side=left_side)
        tmc = (
            100.0
            * (
                fnr[None, :] * (1.0 - np.asarray([fp_cost])[:, None])
                + fpr[None, :] * np.asarray([fp_cost])[:, None]
            )[0]
        )
        k = int(np.argmin(tmc))
        out[:, i] = tmc[k], thresholds[k], fpr[k], fnr[k]
    return out[0], out[1], out[2], out[3]


def thorough(is_pos, p, fp, left, step):
    grid = _grid(0.0, 1.0, step)
    return _search(_Counter(is_pos, p), fp, left, [grid] * fp.size)


def optimized(is_pos, p, fp, left, step):
    grids = []
    for fp_cost, left_side in zip(fp, left, strict=True):
        fn_cost = round(1.0 - fp_cost, _GRID_DECIMALS)
        t0 = fn_cost / (fn_cost + fp_cost)
        grids.append(_grid(t0, 1.0 if left_side else 0.0, step))
    return _search(_Counter(is_pos, p), fp, left, grids)
