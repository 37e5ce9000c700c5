"""Bootstrap 95 % confidence intervals with a fixed seed, so the same results always give the same report.

Items (not answers, not sentences) are resampled with replacement: answers of one item are correlated, so the
item is the independent unit (a cluster bootstrap). The interval is the percentile interval of the statistic over
the resamples; resamples where the statistic is undefined (for instance AUROC with one class) are skipped.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from masis_desktop.core.evaluation.metrics import UndefinedMetricError, mean

U = TypeVar("U")

BOOTSTRAP_SEED = 20240607
BOOTSTRAP_RESAMPLES = 2000
CONFIDENCE = 0.95


@dataclass(frozen=True)
class MetricValue:
    """One figure of a report: ``value`` is None when the metric is undefined for these items."""

    value: float | None
    ci_low: float | None
    ci_high: float | None
    n: int

    def as_dict(self) -> dict[str, Any]:
        return {"value": self.value, "ci_low": self.ci_low, "ci_high": self.ci_high, "n": self.n}


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear-interpolation quantile of already sorted values (numpy's default method)."""
    if not sorted_values:
        raise ValueError("quantile of no values")
    if not 0.0 <= q <= 1.0:
        raise ValueError("q must be within 0..1")
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    frac = pos - lo
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * frac


def bootstrap(units: Sequence[U], statistic: Callable[[Sequence[U]], float], *,
              resamples: int = BOOTSTRAP_RESAMPLES, seed: int = BOOTSTRAP_SEED,
              confidence: float = CONFIDENCE) -> MetricValue:
    """The statistic on all ``units`` with a percentile bootstrap interval; ``n`` is the number of units."""
    n = len(units)
    try:
        value = statistic(units)
    except UndefinedMetricError:
        return MetricValue(None, None, None, n)
    rng = random.Random(seed)
    samples: list[float] = []
    for _ in range(resamples):
        resample = [units[rng.randrange(n)] for _ in range(n)]
        try:
            samples.append(statistic(resample))
        except UndefinedMetricError:
            continue
    if not samples:
        return MetricValue(value, None, None, n)
    samples.sort()
    alpha = (1.0 - confidence) / 2
    return MetricValue(value, quantile(samples, alpha), quantile(samples, 1.0 - alpha), n)


def bootstrap_mean(values: Sequence[float], **kwargs: Any) -> MetricValue:
    """Shortcut for the common case: the mean of one number per item."""
    return bootstrap(values, mean, **kwargs)
