#!/usr/bin/env python3
"""The table of Korf & Felner's 50 with the machine of depth 20, and its totals, from the data.

Reads, beside this file:
- the slice files (slice-*.jsonl, not slice-01-before.jsonl, the same run's "before" of the
  fifteen): each instance's proved line, its nodes and seconds over all its runs;
- clausecker-fsm20.txt: Clausecker & Reinefeld's nodes with their depth-20 machine;
- journals/N.journal of an instance not yet proved: the nodes and seconds it has counted so far;
and from ../../PERFORMANCE-LONG-RUNS.md the table "Korf & Felner's 50, all proved": the nodes of
the builds before and the zero-aware small set's published nodes.

Prints a Markdown table (one row per instance, in the order of the 50) and the totals over the
instances proved, then any instance not yet proved with what its journal holds. Standard library
only; run from anywhere: python3 docs/data/korf24-50-fsm/totals.py
"""

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BEFORE_TABLE = HERE.parent.parent / "PERFORMANCE-LONG-RUNS.md"
BEFORE_HEADING = "## Korf & Felner's 50, all proved"
NODES_GOAL = 6e11


def proved_lines():
    """Each instance's proved line and the slice it is in; a later run that answers from its
    journal repeats the same figures, which is checked."""
    proved = {}
    for path in sorted(HERE.glob("slice-*.jsonl")):
        if path.name == "slice-01-before.jsonl":
            continue
        for number, text in enumerate(path.read_text().splitlines(), 1):
            line = json.loads(text)
            if "instance" not in line or not line.get("optimal"):
                continue
            if line["length"] != line["optimum"]:
                sys.exit(f"{path.name}:{number}: a length that is not the published optimum")
            slice_name = path.stem.removeprefix("slice-")
            known = proved.get(line["instance"])
            if known and known[0]["expanded"] != line["expanded"]:
                sys.exit(f"{path.name}:{number}: #{line['instance']} proved twice, other nodes")
            if not known:
                proved[line["instance"]] = (line, slice_name)
    return proved


def table_before():
    """Instance -> (optimum, nodes before, small set's nodes) from the table of the 50."""
    text = BEFORE_TABLE.read_text()
    start = text.index(BEFORE_HEADING)
    section = text[start:].split("\n## ", 1)[0]
    rows = {}
    for match in re.finditer(r"^\| (\d+) \| (\d+) \| ([\d,]+) \| ([\d,]+) \|", section, re.M):
        number, optimum, nodes, small = match.groups()
        rows[int(number)] = (int(optimum), int(nodes.replace(",", "")), int(small.replace(",", "")))
    if len(rows) != 50:
        sys.exit(f"{BEFORE_TABLE.name}: {len(rows)} rows in the table of the 50, not 50")
    return rows


def clausecker():
    """Instance -> (optimum, nodes with their depth-20 machine)."""
    rows = {}
    for text in (HERE / "clausecker-fsm20.txt").read_text().splitlines():
        if text.startswith("#") or not text.strip():
            continue
        number, optimum, _without, with_machine = map(int, text.split())
        rows[number] = (optimum, with_machine)
    return rows


def ratio(a, b):
    return f"{a / b:.2f}"


def main():
    proved = proved_lines()
    before = table_before()
    theirs = clausecker()
    print("| # | optimum | nodes | before | ratio | small set's | C&R fsm20 | ratio | seconds | slice |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    sums = [0, 0, 0, 0, 0.0]
    for number in sorted(before):
        optimum, nodes_before, small = before[number]
        if theirs[number][0] != optimum:
            sys.exit(f"#{number}: the optima of the two tables differ")
        if number not in proved:
            print(f"| {number} | {optimum} | not yet re-run | {nodes_before:,} | | {small:,} "
                  f"| {theirs[number][1]:,} | | | |")
            continue
        line, slice_name = proved[number]
        nodes = line["expanded"]
        print(f"| {number} | {optimum} | {nodes:,} | {nodes_before:,} | "
              f"{ratio(nodes, nodes_before)} | {small:,} | {theirs[number][1]:,} | "
              f"{ratio(nodes, theirs[number][1])} | {line['seconds']:,.0f} | {slice_name} |")
        for place, value in enumerate((nodes, nodes_before, small, theirs[number][1],
                                       line["seconds"])):
            sums[place] += value
    nodes, nodes_before, small, cr, seconds = sums
    print(f"\n{len(proved)} of the 50 proved: {nodes:.3e} nodes, {ratio(nodes, nodes_before)}x "
          f"the builds before's {nodes_before:.3e}, {ratio(nodes, small)}x the small set's "
          f"{small:.3e}, {ratio(nodes, cr)}x Clausecker & Reinefeld's fsm20 {cr:.3e}; "
          f"{seconds:,.0f} s as recorded ({seconds / 3600:.1f} h)")
    counted = nodes
    for number in sorted(set(before) - set(proved)):
        journal = HERE / "journals" / f"{number}.journal"
        if not journal.exists():
            print(f"#{number}: not begun")
            continue
        state = json.loads(journal.read_text())
        counted += state["expanded"]
        print(f"#{number}: journal at threshold {state['bound']}, {len(state['finished'])} of "
              f"{state['subtrees']} subtrees finished, {state['expanded']:.3e} nodes, "
              f"{state['seconds']:,.0f} s")
    if len(proved) < 50:
        print(f"counted so far (proved and journals): {counted:.3e} nodes against the goal of "
              f"{NODES_GOAL:.0e}")


if __name__ == "__main__":
    main()
