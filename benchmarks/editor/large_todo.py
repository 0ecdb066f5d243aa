#!/usr/bin/env python3
"""Times `herald tasks add` and `herald tasks list` on a large todo.txt (default 60 MB), in a
fresh site folder: wall time and peak memory (the child's ru_maxrss), median of a few runs; the
file is put back before each add. Usage: large_todo.py HERALD [MEGABYTES] [RUNS]"""
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

herald = os.path.abspath(sys.argv[1])
megabytes = int(sys.argv[2]) if len(sys.argv) > 2 else 60
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3

words = "alpha beta gamma delta review write call fix deploy report budget plan meeting garden invoice".split()
rng = random.Random(7)
lines = []
size = 0
number = 0
while size < megabytes * 1_000_000:
    number += 1
    line = ("x 2026-10-%02d " % rng.randint(1, 28)) if rng.random() < 0.2 else ""
    line += ("(%s) " % rng.choice("ABC")) if rng.random() < 0.3 else ""
    line += "2026-09-%02d %s %d +proj%d @ctx%d" % (rng.randint(1, 28), " ".join(rng.choice(words) for _ in range(4)),
                                                   number, rng.randint(1, 20), rng.randint(1, 5))
    if rng.random() < 0.3:
        line += " due:2026-12-%02d" % rng.randint(1, 28)
    lines.append(line + "\n")
    size += len(line) + 1
text = "".join(lines)

site = tempfile.mkdtemp(prefix="herald-large-todo-")
os.makedirs(os.path.join(site, "Content"))
with open(os.path.join(site, "herald.yml"), "w") as config:
    config.write("title: Large\ntimezone: Europe/Berlin\ntasks:\n  source: Content/todo.txt\n")
todo = os.path.join(site, "Content", "todo.txt")


def timed(arguments):
    started = time.monotonic()
    process = subprocess.Popen([herald] + arguments, cwd=site, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.monotonic() - started
    if status != 0:
        sys.exit("%s failed: %s" % (" ".join(arguments), process.stderr.read().decode()))
    return elapsed, usage.ru_maxrss / 1024


print("%d lines, %.1f MB, %d runs, load %.2f" % (number, len(text.encode()) / 1e6, runs, os.getloadavg()[0]))
for name, arguments in [("tasks add", ["tasks", "add", "Water the plants +garden", "--now", "2026-11-25"]),
                        ("tasks list", ["tasks", "list"])]:
    results = []
    for _ in range(runs):
        with open(todo, "w") as file:
            file.write(text)
        results.append(timed(arguments))
    print("%-10s %6.2f s  %6.0f MB  (median of %d)" % (name, statistics.median(r[0] for r in results),
                                                     statistics.median(r[1] for r in results), runs))
shutil.rmtree(site)
