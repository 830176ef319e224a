#!/usr/bin/env python3
"""The report of device/gpu-suite.sh: reads its results.jsonl and prints report.md.

Verdict rules, stated once: a target PASSes when the measured number meets it; FAILs when it does not; is NOT
MEASURED when a step it needs did not run or failed (the reason is given). An extrapolation is printed as such and
never gives a verdict. Equality of a GPU result with the CPU route: predictions (or coefficients, rankings) within
1e-8 of the largest entry, relative, and the same chosen values.
"""
import json
import sys

EQUAL = 1e-8


def load(path):
    steps = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                record = json.loads(line)
                steps[record.get("step", "?")] = record
    return steps


def ok(steps, name):
    r = steps.get(name)
    return r is not None and r.get("rc") == 0 and "not_run" not in r


def why(steps, *names):
    for name in names:
        r = steps.get(name)
        if r is None:
            return f"step {name} did not run"
        if "not_run" in r:
            return f"step {name} was not run ({r['not_run']})"
        if r.get("rc") != 0:
            return f"step {name} failed (exit {r.get('rc')}{', ' + r['stopped'] if 'stopped' in r else ''})"
    return ""


def fmt(x, digits=3):
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.{digits}g}" if abs(x) < 1e-3 or abs(x) >= 1e5 else f"{x:.{digits}f}".rstrip("0").rstrip(".")
    return str(x)


def verdict(condition):
    return "PASS" if condition else "FAIL"


def equality(steps, compare, a, b):
    """The equality line of two runs: relative difference and the chosen values."""
    if not ok(steps, compare):
        return None, "NOT MEASURED: " + why(steps, a, b, compare)
    rel = steps[compare].get("relative_difference")
    chosen_a = steps[a].get("chosen")
    chosen_b = steps[b].get("chosen")
    same = chosen_a == chosen_b
    text = f"relative difference {fmt(rel)}" + (f", chosen {chosen_a} and {chosen_b}" if chosen_a is not None else "")
    return rel is not None and rel <= EQUAL and same, text


def main(path):
    s = load(path)
    m = s.get("machine", {})
    print("# OKL on a GPU: the suite's report\n")
    print(f"Machine: {m.get('gpu', '?')}; {m.get('cores', '?')} cores of {m.get('cpu', '?')}, "
          f"{m.get('memory_gib', '?')} GiB; {m.get('java', '?')}; PyTorch {m.get('torch', '?')}. "
          f"Budget {m.get('budget_s', '?')} s ({m.get('kind', '?')} run). Verdict rules: see device/gpu_report.py.\n")

    print("## Tests on the card\n")
    t = s.get("tests", {})
    if "not_run" in t or not t:
        print(f"Not run: {why(s, 'tests')}.\n")
    else:
        counts = ", ".join(f"{t[k]} {k[6:]}" for k in ("tests_successful", "tests_failed", "tests_aborted",
                                                           "tests_skipped") if k in t)
        print(f"JUnit (CudaPrimitivesTest, CudaRoutesTest, CudaBackendTest): exit {t.get('rc')} in "
              f"{fmt(t.get('wall_s'))} s{'; ' + counts if counts else ''}; the tree is in tests.txt (aborted: "
              f"skipped for want of a card, which the GPU machine's run does not allow).\n")
    off_card = [name for name, r in s.items() if r.get("okl_gpu") == "on" and r.get("ran_on") == "cpu"]
    if off_card:
        print(f"**Steps meant for the card that ran on the CPU** (the device declined; their times are not the "
              f"card's): {', '.join(off_card)}.\n")

    print("## Against the issue's targets\n")
    print("| target | measured | verdict |")
    print("| --- | --- | --- |")
    rows = []
    # 1. from CSV, >= 10x the CPU route
    if ok(s, "csv_gpu") and ok(s, "csv_cpu"):
        g, c = s["csv_gpu"]["fit_s"], s["csv_cpu"]["fit_s"]
        eq, text = equality(s, "csv_compare", "csv_cpu", "csv_gpu")
        rows.append((f"n = {s['csv_gpu'].get('rows')}, {s['csv_gpu'].get('rank')}, 5 lambdas, 5-fold, from CSV: at "
                     f"least 10x the CPU route ({m.get('cores')} cores)",
                     f"GPU {fmt(g)} s (parse {fmt(s['csv_gpu'].get('parse_s'))} s, sums {fmt(s['csv_gpu'].get('products_s'))}"
                     f" s, solve {fmt(s['csv_gpu'].get('solve_s'))} s), CPU {fmt(c)} s (parse "
                     f"{fmt(s['csv_cpu'].get('parse_s'))} s, kernel {fmt(s['csv_cpu'].get('kernel_s'))} s, sums "
                     f"{fmt(s['csv_cpu'].get('products_s'))} s, solve {fmt(s['csv_cpu'].get('solve_s'))} s): "
                     f"**{fmt(c / g, 2)}x**", verdict(c / g >= 10)))
        rows.append(("the CSV fits agree (predictions 1e-8 relative, same lambda)", text,
                     "NOT MEASURED" if eq is None else verdict(eq)))
    else:
        rows.append(("from CSV: at least 10x the CPU route", "", "NOT MEASURED: " + why(s, "csv_write", "csv_gpu",
                                                                                          "csv_cpu")))
    # 2. GPU part within 1.5x of PyTorch
    if ok(s, "sums_gpu") and ok(s, "sums_torch"):
        g = s["sums_gpu"]
        part = g["kernel_s"] + g["products_s"] + g["solve_s"]
        torch_s = s["sums_torch"]["torch_total_s"]
        rows.append((f"n = {g.get('rows')}, {g.get('rank')}, from memory: the GPU part within 1.5x of PyTorch on "
                     "the card",
                     f"OKL {fmt(part)} s (staging {fmt(g['kernel_s'])} s, sums {fmt(g['products_s'])} s, m x m "
                     f"solves {fmt(g['solve_s'])} s; the whole fit {fmt(g['fit_s'])} s with the landmark pass "
                     f"{fmt(g['draw_s'])} s), PyTorch {fmt(torch_s)} s (sums {fmt(s['sums_torch']['torch_sums_s'])} "
                     f"s, solves {fmt(s['sums_torch']['torch_solve_s'])} s): **{fmt(part / torch_s, 2)}x**",
                     verdict(part <= 1.5 * torch_s)))
        same = g.get("chosen", {}).get("filter.lambda") == s["sums_torch"].get("lambda")
        rows.append(("OKL's GPU route and PyTorch choose the same lambda; test MSE",
                     f"OKL lambda {g.get('chosen', {}).get('filter.lambda')}, MSE {fmt(g.get('test_mse'), 6)}; "
                     f"PyTorch lambda {s['sums_torch'].get('lambda')}, MSE {fmt(s['sums_torch'].get('test_mse'), 6)}",
                     verdict(same)))
    else:
        rows.append(("from memory: the GPU part within 1.5x of PyTorch", "", "NOT MEASURED: " + why(s, "sums_gpu",
                                                                                                    "sums_torch")))
    # 3. Falkon
    if ok(s, "falkon_gpu"):
        f = s["falkon_gpu"]
        rows.append((f"n = {f.get('rows')}, {f.get('rank')} through Falkon in under 2 minutes",
                     f"{fmt(f['fit_s'])} s ({f.get('passes')} passes; landmark pass {fmt(f['draw_s'])} s, passes "
                     f"{fmt(f['products_s'])} s, factors {fmt(f['solve_s'])} s; data generated outside, "
                     f"{fmt(f.get('generate_s'))} s); test MSE {fmt(f.get('test_mse'), 6)}", verdict(f["fit_s"] < 120)))
    else:
        rows.append(("Falkon n = 10,000,000, m = 20,000 under 2 minutes", "", "NOT MEASURED: " + why(s, "falkon_gpu")))
    eq, text = equality(s, "falkon_compare", "falkon_small_cpu", "falkon_small_gpu")
    small = s.get("falkon_small_cpu", {})
    if eq is not None:
        text += (f"; test MSE CPU {fmt(small.get('test_mse'), 6)}, GPU {fmt(s['falkon_small_gpu'].get('test_mse'), 6)}"
                 f"; CPU {fmt(small.get('fit_s'))} s, GPU {fmt(s['falkon_small_gpu'].get('fit_s'))} s")
    rows.append((f"Falkon: the test error of the CPU route (both routes at n = {small.get('rows', '?')}, "
                 f"{small.get('rank', '?')}, 5 lambdas, 5-fold; the CPU route at the large size would need hours, "
                 "not run)", text,
                 "NOT MEASURED" if eq is None else verdict(eq)))
    # 4. exact path
    if ok(s, "exact_gpu"):
        e = s["exact_gpu"]
        rows.append((f"the exact 30-lambda path at n = {e.get('rows')}: its time on the card",
                     f"{fmt(e['path_s'])} s (Gram, eigendecomposition and all 30 coefficient blocks on "
                     f"{e.get('ran_on')})", "(time)"))
    else:
        rows.append(("exact path n = 40,000 on the card", "", "NOT MEASURED: " + why(s, "exact_gpu")))
    if ok(s, "exact_small_cpu") and ok(s, "exact_small_gpu"):
        c, g = s["exact_small_cpu"]["path_s"], s["exact_small_gpu"]["path_s"]
        eq, text = equality(s, "exact_compare", "exact_small_cpu", "exact_small_gpu")
        estimate = (" The CPU route at 40,000 was not run: its time grows as n^3 (about (40000/n)^3 times its "
                    "time at this n), beyond the budget.")
        rows.append(("the exact path at least 20x faster than the CPU route (measured at the size the CPU route "
                     "finishes within the budget)", f"CPU {fmt(c)} s, GPU {fmt(g)} s: **{fmt(c / g, 2)}x**; {text}."
                     + estimate, verdict(c / g >= 20) + f" at n = {s['exact_small_cpu'].get('rows')}; NOT MEASURED at "
                     "the issue's 40,000"))
    else:
        rows.append(("exact path against the CPU route", "", "NOT MEASURED: " + why(s, "exact_small_cpu",
                                                                                  "exact_small_gpu")))
    # 5. decoding
    if ok(s, "decode_gpu"):
        d = s["decode_gpu"]
        rows.append((f"decoding {d.get('predictions')} predictions against {d.get('candidates')} candidates, top-5, "
                     "in under 5 s", f"{fmt(d['decode_s'])} s", verdict(d["decode_s"] < 5)))
    else:
        rows.append(("decoding 10,000 x 1,000,000 top-5 under 5 s", "", "NOT MEASURED: " + why(s, "decode_gpu")))
    if ok(s, "decode_compare"):
        c = s["decode_compare"]
        rows.append((f"the same rankings as the CPU route ({s['decode_small_cpu'].get('candidates')} candidates; "
                     f"CPU {fmt(s['decode_small_cpu']['decode_s'])} s, GPU {fmt(s['decode_small_gpu']['decode_s'])} s)",
                     f"{c.get('entries_differing')} of {c.get('entries')} ranks differ",
                     verdict(c.get("entries_differing") == 0)))
    else:
        rows.append(("the same rankings as the CPU route", "", "NOT MEASURED: " + why(s, "decode_small_gpu",
                                                                                    "decode_small_cpu",
                                                                                    "decode_compare")))
    for target, measured, v in rows:
        print(f"| {target} | {measured} | {v} |")

    print("\n## The card's primitives\n")
    c = s.get("calibrate", {})
    if ok(s, "calibrate"):
        for k, v in c.items():
            if k not in ("step", "rc", "scenario", "okl_gpu", "device"):
                print(f"- {k}: {fmt(v) if isinstance(v, float) else v}")
    else:
        print(f"Not measured: {why(s, 'calibrate')}.")

    print("\n## Every step\n")
    print("| step | exit | wall s | where it ran | notes |")
    print("| --- | --- | --- | --- | --- |")
    for name, r in s.items():
        if name == "machine":
            continue
        note = r.get("not_run", r.get("stopped", ""))
        print(f"| {name} | {r.get('rc', '-')} | {fmt(r.get('wall_s'))} | {r.get('ran_on', r.get('okl_gpu', ''))} "
              f"| {note} |")


if __name__ == "__main__":
    main(sys.argv[1])
