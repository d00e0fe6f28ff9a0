"""The figures ``make bench`` measures against the targets of the performance issue, printed
as one table at the end: each figure, its target, and how far from it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Table:
    rows: list[tuple[str, float, str, float]] = field(default_factory=list)
    # Rows of the issue this run could not measure (a PostgreSQL server not given): shown, so
    # that every target is printed, with why.
    missing: list[tuple[str, str, float, str]] = field(default_factory=list)
    # Figures one section measures for another (the server's CPU a move over HTTP, which the
    # per-layer profile splits).
    figures: dict[str, float] = field(default_factory=dict)

    def add(self, measure: str, figure: float, relation: str, target: float) -> None:
        self.rows.append((measure, figure, relation, target))

    def unmeasured(self, measure: str, relation: str, target: float, why: str) -> None:
        self.missing.append((measure, relation, target, why))

    def lines(self) -> list[str]:
        width = max((len(row[0]) for row in [*self.rows, *self.missing]), default=10)
        out = [f"  {'measure':<{width}}  {'figure':>10}  {'target':>10}  figure/target  met"]
        for measure, figure, relation, target in self.rows:
            met = figure >= target if relation == ">=" else (
                figure < target if relation == "<" else figure <= target)
            goal = relation + format(target, ",")
            out.append(f"  {measure:<{width}}  {figure:>10,.2f}  {goal:>10}"
                       f"  {figure / target:>12.2f}x  {'yes' if met else 'no'}")
        for measure, relation, target, why in self.missing:
            goal = relation + format(target, ",")
            out.append(f"  {measure:<{width}}  {'-':>10}  {goal:>10}  not measured: {why}")
        return out
