#!/usr/bin/env python3
"""Herald's benchmark suite: `make bench` runs it after building the release binaries.

Measures, on this machine:
  1. site build vs Hugo: N hero pages, both generators side by side, alternating, median wall time
     and peak memory (getrusage of the child), for each N; and the same at 10k on the plain corpus
     (generate.py --plain: short front matter, list and detail templates only, no group pages, no
     search index), so that no win comes from one kind of page;
  2. scaling: Herald's time at 100k / 10k (and 10k / 1k);
  3. a no-change rebuild of 10k: time / full build, and files written (from --report); and
     `herald check` of the 10k output: time / full build; a rebuild of 10k in which every page
     changed (the site title edited), Herald over Hugo, each over its own output, in the work folder and
     again on disk when that is in RAM; and the floor of each size (the CPU time of
     reading the inputs, writing as many bytes into as many files, and cmark over the bodies);
  4. HeraldMustache vs swift-mustache (benchmarks/template-engine, template-bench);
  5. HeraldMarkdown vs libcmark in process and the `cmark` command (markdown-bench);
  6. `herald serve` (benchmarks/serve_bench.py): saving one hero of 10,000 to the reload event,
     saving a template to the event (against the 10k full build), a task done through the board
     to the served board showing it, and the server's memory;
  7. the user's fields: 10,000 heroes of one JSON file (site/user_fields.py) built with the model
     fields only and with facts, card, three group_by facts, sort on a fact and a join, side by
     side, alternating: the time with them / the time without, in the work folder and again on
     disk when that is in RAM.
Prints a table and writes benchmarks/results.json. See benchmarks/README.md.

Environment:
  BENCH_SIZES     comma-separated page counts (default 1000,10000,100000)
  BENCH_RUNS      timed full builds per generator and size (default 5), after one untimed warm-up
                  build each; Hugo's at 100k are capped by BENCH_RUNS_100K (default 3), since each
                  takes over a minute
  BENCH_DIR       where the sites are generated and built (default: a folder in /dev/shm when it
                  has room, else benchmarks/.work; see work_folder())
  BENCH_PER_PAGE  heroes per list page, both generators (default 48, Herald's default)
  BENCH_GROUPS=0  no group pages: Herald's group_by: [] and no Hugo taxonomies
  BENCH_QUICK=1   1 run per size, short engine timings: a smoke test of the harness
  BENCH_SERVE=0   skip the `herald serve` measurements
  BENCH_DISK=0    skip the measurements on disk (the all-changed rebuild and the user's fields, measured in
                  benchmarks/.work when BENCH_DIR is in RAM)
  BENCH_ONLY      comma-separated steps to run, of sites (1-3 but the plain corpus), plain, template_engine,
                  markdown, serve, user_fields (default: all); results.json then keeps what the last run of
                  each other step wrote, and its steps_run_alone notes the machine and config of these
"""
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time

import serve_bench

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
RESULTS = os.path.join(HERE, "results.json")
NOW = "2026-11-21"  # the build's "now", so the footers of every run are equal

TARGETS = {
    "herald_over_hugo_at_10k": 0.2,
    "plain_herald_over_hugo_at_10k": 0.2,
    "scaling_100k_over_10k": 10.5,
    "no_change_rebuild_over_full": 0.15,
    "one_changed_rebuild_over_full_at_10k": 0.2,
    "one_changed_rebuild_over_full_at_100k": 0.1,
    "template_engine_over_swift_mustache": 3.0,
    "peak_memory_at_100k_mb": 500,
    "serve_hero_edit_to_event_seconds": 0.1,
    "serve_board_done_to_served_seconds": 0.2,
    "serve_template_edit_over_full_build": 1.0,
    "link_check_over_full_build_at_10k": 0.5,
    "herald_cpu_over_floor_at_10k": 2.5,
    "all_changed_rebuild_herald_over_hugo_at_10k": 0.5,
    "all_changed_rebuild_on_disk_herald_over_hugo_at_10k": 0.5,
    "user_fields_over_plain_at_10k": 1.10,
    "user_fields_on_disk_over_plain_at_10k": 1.10,
}
STEPS = ("sites", "plain", "template_engine", "markdown", "serve", "user_fields")
USER_FIELDS_HEROES = 10000


def env_int(name, default):
    value = os.environ.get(name, "")
    return int(value) if value.strip() else default


def log(message):
    print(message, file=sys.stderr, flush=True)


def command_output(args, **kwargs):
    try:
        return subprocess.run(args, capture_output=True, text=True, check=True, **kwargs).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def file_system(path):
    """The type of the file system holding `path` (the longest mount point above it)."""
    path = os.path.realpath(path)
    best, kind = "", "unknown"
    try:
        with open("/proc/mounts") as mounts:
            for line in mounts:
                fields = line.split()
                point = fields[1].replace("\\040", " ")
                if (path == point or path.startswith(point.rstrip("/") + "/")) and len(point) > len(best):
                    best, kind = point, fields[2]
    except OSError:
        pass
    return kind


def work_folder():
    """Where the sites are generated and built: BENCH_DIR, else a RAM-backed folder when there is room.

    On these machines the disk is the noisiest part of a build, and not the generators': ext4 without a
    journal makes every folder created within minutes of a large deletion slower ("recently_deleted" in
    ext4_mkdir, seen with perf), and cold input files get evicted from the page cache between runs. In
    /dev/shm (tmpfs) both generators read and write RAM, so the times measure their own work. Both are
    always measured on the same file system; BENCH_DIR=benchmarks/.work measures on disk.
    """
    chosen = os.environ.get("BENCH_DIR", "").strip()
    if chosen:
        return os.path.abspath(chosen)
    shm = "/dev/shm"
    try:
        stats = os.statvfs(shm)
        room = stats.f_bavail * stats.f_frsize
    except OSError:
        room = 0
    # The 100k sites, one output at a time and Hugo's 10 GB of memory must fit beside each other.
    if file_system(shm) == "tmpfs" and room >= 6 * 2**30 and os.access(shm, os.W_OK):
        return os.path.join(shm, f"herald-bench-{os.getuid()}")
    return os.path.join(HERE, ".work")


WORK = work_folder()
# Where the all-changed rebuild is measured on disk too, when WORK is in RAM.
DISK_WORK = os.path.join(HERE, ".work")
RAM_BACKED = None  # set in Bench.run(), once WORK exists


def measure(args, cwd=None, env=None):
    """Runs a command; returns wall seconds and peak RSS in MB from the child's rusage."""
    # Whatever the previous build wrote is flushed first, so no build pays for another's write-back.
    os.sync()
    load = os.getloadavg()[0]
    with open(os.path.join(WORK, "last-stdout.txt"), "w") as out, \
            open(os.path.join(WORK, "last-stderr.txt"), "w") as err:
        start = time.perf_counter()
        process = subprocess.Popen(args, cwd=cwd, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        with open(os.path.join(WORK, "last-stderr.txt")) as err:
            tail = err.read()[-3000:]
        raise SystemExit(f"command failed ({process.returncode}): {' '.join(args)}\n{tail}")
    return {"seconds": wall, "peak_mb": usage.ru_maxrss / 1024, "user": usage.ru_utime, "sys": usage.ru_stime,
            "load": load}


def remove(path):
    if os.path.lexists(path):
        shutil.rmtree(path) if os.path.isdir(path) and not os.path.islink(path) else os.remove(path)


TRASH = os.path.join(WORK, "trash")
DELETED_STAMP = os.path.join(WORK, "deleted-at")
DISK_DELETED_STAMP = os.path.join(DISK_WORK, "deleted-at")
# ext4 without a journal (as on these machines, it seems) skips inodes freed less than 60 s ago, 360 s while their
# inode-table block is not yet written back: after `sync`, waiting 60 s is enough.
RECENTLY_DELETED_SECONDS = 65


def discard(path, trash=None):
    """Gets an output folder out of the way before the next build.

    In RAM it is simply deleted. On disk it is moved instead: for a minute or more after a deletion,
    ext4 without a journal checks every recently freed inode before it reuses one ("recently_deleted"
    in ext4_mkdir, seen with perf), so each new folder costs more the more were just deleted, and
    timings grow run after run. Everything moved to the trash is deleted once, after the last measurement.
    A `trash` folder names a trash on disk beside `path` when the work folder is in RAM (a rename
    cannot cross file systems).
    """
    if not os.path.lexists(path):
        return
    if RAM_BACKED and trash is None:
        subprocess.run(["rm", "-rf", path], check=True)  # faster than shutil.rmtree at 100k pages
        return
    trash = trash or TRASH
    os.makedirs(trash, exist_ok=True)
    os.rename(path, os.path.join(trash, f"{time.time_ns()}"))


def delete_noting_when(path, stamp):
    """Deletes a folder and notes when, so that a build on that disk can wait for ext4 to forget it first."""
    subprocess.run(["rm", "-rf", path], check=True)  # faster than shutil.rmtree at 100k pages
    os.sync()
    with open(stamp, "w") as out:
        out.write(str(time.time()))


def wait_after_deletion(stamp):
    """On disk, builds started right after a large deletion would pay for it (see discard())."""
    try:
        with open(stamp) as file:
            wait = float(file.read()) + RECENTLY_DELETED_SECONDS - time.time()
    except (OSError, ValueError):
        wait = 0
    if wait > 0:
        log(f"waiting {wait:.0f} s: files were deleted on this disk just now (see discard())")
        os.sync()
        time.sleep(wait)


def tree_size(folder):
    files = 0
    size = 0
    for root, _, names in os.walk(folder):
        for name in names:
            if name.startswith(".herald"):
                continue  # a build's staging left by a killed run: not site output
            files += 1
            size += os.path.getsize(os.path.join(root, name))
    return files, size


def median(values):
    return statistics.median(values) if values else None


def phase_medians(reports):
    """The median seconds of each phase of Herald's --report over several builds."""
    names = [phase["name"] for phase in reports[-1]["phases"]]
    return {name: median([next(p["seconds"] for p in r["phases"] if p["name"] == name) for r in reports])
            for name in names}


def summarize(samples):
    return {
        "median_seconds": median([s["seconds"] for s in samples]),
        "min_seconds": min(s["seconds"] for s in samples),
        "max_seconds": max(s["seconds"] for s in samples),
        "median_peak_mb": median([s["peak_mb"] for s in samples]),
        "max_peak_mb": max(s["peak_mb"] for s in samples),
        "median_cpu_seconds": median([s["user"] + s["sys"] for s in samples]),
        # System time is where memory touched for the first time shows (page faults, page cache).
        "median_user_seconds": median([s["user"] for s in samples]),
        "median_sys_seconds": median([s["sys"] for s in samples]),
        "runs": [round(s["seconds"], 3) for s in samples],
        "cpu_seconds_runs": [round(s["user"] + s["sys"], 3) for s in samples],
        # The 1-minute load average before each run: other work on the machine skews wall times.
        "load_before_runs": [round(s["load"], 2) for s in samples],
    }


class Bench:
    def __init__(self):
        self.quick = os.environ.get("BENCH_QUICK") == "1"
        sizes = os.environ.get("BENCH_SIZES", "1000,10000,100000")
        self.sizes = [int(s) for s in sizes.split(",") if s.strip()]
        self.runs = env_int("BENCH_RUNS", 1 if self.quick else 5)
        self.per_page = env_int("BENCH_PER_PAGE", 48)
        self.groups = os.environ.get("BENCH_GROUPS", "1") != "0"
        only = [step.strip() for step in os.environ.get("BENCH_ONLY", "").split(",") if step.strip()]
        unknown = [step for step in only if step not in STEPS]
        if unknown:
            raise SystemExit(f"BENCH_ONLY: no step {', '.join(unknown)} (the steps: {', '.join(STEPS)})")
        self.steps = only or list(STEPS)
        self.partial = bool(only)
        bin_path = command_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO)
        self.herald = os.path.join(bin_path or os.path.join(REPO, ".build", "release"), "herald")
        binaries, tools = [self.herald], set()
        if "template_engine" in self.steps or "markdown" in self.steps:
            engine = os.path.join(HERE, "template-engine")
            engine_bin = command_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=engine)
            self.engine_bin = engine_bin or os.path.join(engine, ".build", "release")
            binaries.append(os.path.join(self.engine_bin, "template-bench"))
        if "sites" in self.steps or "plain" in self.steps:
            tools |= {"hugo", "cmark"}  # cmark: the floor
        if "markdown" in self.steps:
            tools.add("cmark")
        for binary in binaries:
            if not os.path.exists(binary):
                raise SystemExit(f"{binary} is missing: run `make bench`, which builds it in release mode")
        for tool in sorted(tools):
            if not shutil.which(tool):
                raise SystemExit(f"`{tool}` is missing: `make bench` installs it (apt-get install hugo cmark)")
        self.results = {"targets": TARGETS, "sizes": {}, "config": {
            "sizes": self.sizes, "runs": self.runs, "warm_up_builds": 0 if self.quick else 1,
            "hugo_runs_at_100k": min(self.runs, env_int("BENCH_RUNS_100K", 1 if self.quick else 3)),
            "per_page": self.per_page, "group_pages": self.groups, "quick": self.quick, "steps": self.steps}}

    # MARK: 1-3 site builds

    def herald_build(self, site, report, strict=False):
        return measure([self.herald, "build", "--source", site, "--output", os.path.join(site, "Output"),
                        "--now", NOW, "--quiet", "--report", report] + (["--strict"] if strict else []))

    def hugo_build(self, site):
        return measure(["hugo", "--source", site, "--destination", os.path.join(site, "public"), "--quiet"])

    def site_builds(self, count, plain=False):
        folder = os.path.join(WORK, f"plain-{count}" if plain else str(count))
        log(f"== {count:,} pages{' of the plain corpus' if plain else ''}: generating")
        start = time.perf_counter()
        args = [sys.executable, os.path.join(HERE, "site", "generate.py"), str(count), folder,
                "--per-page", str(self.per_page)]
        if plain:
            args.append("--plain")
        elif not self.groups:
            args.append("--no-groups")
        subprocess.run(args, check=True)
        generated = time.perf_counter() - start
        herald_site, hugo_site = os.path.join(folder, "herald"), os.path.join(folder, "hugo")
        report_path = os.path.join(folder, "herald-report.json")
        # Herald builds every size self.runs times, so its scaling compares as many builds at 100k as
        # at 10k; Hugo's builds at 100k take over a minute each and are fewer.
        herald_runs = self.runs
        hugo_runs = self.runs if count < 100000 else min(self.runs, env_int("BENCH_RUNS_100K", 1 if self.quick else 3))

        herald, hugo, reports = [], [], []

        def build(name):
            if name == "herald":
                discard(os.path.join(herald_site, "Output"))
                sample = self.herald_build(herald_site, report_path)
                with open(report_path) as file:
                    return sample, json.load(file)
            discard(os.path.join(hugo_site, "public"))
            discard(os.path.join(hugo_site, "resources"))
            return self.hugo_build(hugo_site), None

        # One untimed build each first (as hyperfine's --warmup): the first build after the generator
        # wrote a site meets memory that the generator just used, which on these machines costs more
        # than memory some build freed moments before (benchmarks/README.md, "Reading the numbers").
        if not self.quick:
            for name in ("herald", "hugo"):
                log(f"   warm-up {name:6} {build(name)[0]['seconds']:8.2f} s (not counted)")
        # Where both build, they alternate, so neither always follows the other.
        for run in range(herald_runs):
            order = ["herald", "hugo"] if run % 2 == 0 else ["hugo", "herald"]
            for name in order:
                if name == "hugo" and run >= hugo_runs:
                    continue
                sample, report = build(name)
                samples = herald if name == "herald" else hugo
                samples.append(sample)
                if report is not None:
                    reports.append(report)
                log(f"   run {len(samples)}/{herald_runs if name == 'herald' else hugo_runs} {name:6}"
                    f" {sample['seconds']:8.2f} s {sample['peak_mb']:8.0f} MB")
        herald_files, herald_bytes = tree_size(os.path.join(herald_site, "Output"))
        hugo_files, hugo_bytes = tree_size(os.path.join(hugo_site, "public"))
        last = reports[-1]
        entry = {
            "generate_seconds": round(generated, 2),
            "herald": summarize(herald) | {
                "pages": last["pages"], "files": herald_files, "bytes": herald_bytes,
                "warnings": len(last["warnings"]), "errors": last["errors"],
                "phases_median_seconds": phase_medians(reports),
            },
            "hugo": summarize(hugo) | {"files": hugo_files, "bytes": hugo_bytes},
        }
        entry["ratio_herald_over_hugo"] = entry["herald"]["median_seconds"] / entry["hugo"]["median_seconds"]
        entry["floor"] = self.floor(herald_site, os.path.join(herald_site, "Output"))
        entry["herald_cpu_over_floor"] = entry["herald"]["median_cpu_seconds"] / entry["floor"]["cpu_seconds"]

        if plain:
            self.results["plain"] = {str(count): entry}
        elif count == self.middle_size():
            entry["no_change_rebuild"] = self.no_change(herald_site, report_path, entry["herald"]["median_seconds"])
            entry["link_check"] = self.link_check(herald_site, entry["herald"]["median_seconds"])
            entry["one_changed_rebuild"] = self.one_changed(herald_site, report_path, entry["herald"]["median_seconds"])
            entry["all_changed_rebuild"] = self.all_changed(herald_site, hugo_site)
            if RAM_BACKED and os.environ.get("BENCH_DISK") != "0":
                entry["all_changed_rebuild_on_disk"] = self.all_changed_on_disk(count)
        elif count >= 100000:
            entry["one_changed_rebuild"] = self.one_changed(herald_site, report_path, entry["herald"]["median_seconds"])
        if not plain:
            self.results["sizes"][str(count)] = entry
        if not os.environ.get("BENCH_KEEP"):
            discard(folder)

    def middle_size(self):
        """10,000, or the largest size under it that this run builds: where the rebuilds, the link
        check and the plain corpus are measured."""
        small = [s for s in self.sizes if s <= 10000]
        return max(small) if small else None

    def no_change(self, site, report_path, full):
        """Rebuilds over the output of the last full build: nothing should be written."""
        samples, reports = [], []
        for run in range(self.runs):
            samples.append(self.herald_build(site, report_path))
            with open(report_path) as file:
                reports.append(json.load(file))
            log(f"   no-change rebuild {run + 1}/{self.runs} {samples[-1]['seconds']:8.2f} s"
                f" written {reports[-1]['written']}")
        result = summarize(samples) | {
            "written": max(r["written"] for r in reports),
            "unchanged": reports[-1]["unchanged"],
            "removed": max(r["removed"] for r in reports),
            "phases_median_seconds": phase_medians(reports),
        }
        result["ratio_to_full_build"] = result["median_seconds"] / full
        return result

    def one_changed(self, site, report_path, full):
        """Rebuilds over the output of the last build after an edit of one hero's text (another
        hero each run, as a nightly build from an API or an editor's save would): what the build
        renders and writes is that hero's page and the few pages that show its card. The files'
        bytes are put back afterwards (the next step's build brings the output back in line)."""
        folder = os.path.join(site, "Content", "heroes")
        names = sorted(os.listdir(folder))
        step = max(1, len(names) // (self.runs + 1))
        originals, samples, reports = {}, [], []
        for run in range(self.runs):
            path = os.path.join(folder, names[(run + 1) * step % len(names)])
            with open(path, "rb") as file:
                originals[path] = file.read()
            with open(path, "ab") as file:
                file.write(f"\nEdited for run {run + 1}.\n".encode())
            samples.append(self.herald_build(site, report_path))
            with open(report_path) as file:
                reports.append(json.load(file))
            log(f"   one-changed rebuild {run + 1}/{self.runs} {samples[-1]['seconds']:8.2f} s"
                f" written {reports[-1]['written']}, kept without rendering {reports[-1].get('reused', 0):,}")
        for path, data in originals.items():
            with open(path, "wb") as file:
                file.write(data)
        result = summarize(samples) | {
            "written": max(r["written"] for r in reports),
            "reused": min(r.get("reused", 0) for r in reports),
            "pages": reports[-1]["pages"],
            "phases_median_seconds": phase_medians(reports),
        }
        result["ratio_to_full_build"] = result["median_seconds"] / full
        return result

    def all_changed(self, herald_site, hugo_site):
        """A rebuild over each generator's own output after an edit that changes every page (the
        site's title, in every page's header), alternating which goes first."""
        configs = {"herald": (os.path.join(herald_site, "herald.yml"), "title: Hero Benchmark\n"),
                   "hugo": (os.path.join(hugo_site, "config.toml"), 'title = "Hero Benchmark"\n')}
        originals = {}
        for name, (path, _) in configs.items():
            with open(path) as file:
                originals[name] = file.read()
        # Each generator's output is there from its last timed build; Hugo's is rebuilt once so that
        # both start from an output of the same title.
        self.hugo_build(hugo_site)
        samples = {"herald": [], "hugo": []}
        try:
            for run in range(self.runs):
                order = ["herald", "hugo"] if run % 2 == 0 else ["hugo", "herald"]
                for name in order:
                    path, line = configs[name]
                    with open(path, "w") as file:
                        file.write(originals[name].replace(line, line.replace("Benchmark", f"Benchmark {run + 1}")))
                    if not RAM_BACKED:
                        os.sync()  # the last run's writes are not flushed during this one
                    if name == "herald":
                        samples[name].append(measure([self.herald, "build", "--source", herald_site, "--now", NOW, "--quiet"]))
                    else:
                        samples[name].append(self.hugo_build(hugo_site))
                    log(f"   all-changed rebuild {run + 1}/{self.runs} {name:6} {samples[name][-1]['seconds']:8.2f} s")
        finally:
            for name, (path, _) in configs.items():
                with open(path, "w") as file:
                    file.write(originals[name])
        result = {"herald": summarize(samples["herald"]), "hugo": summarize(samples["hugo"])}
        result["ratio_herald_over_hugo"] = result["herald"]["median_seconds"] / result["hugo"]["median_seconds"]
        return result

    def all_changed_on_disk(self, count):
        """The all-changed rebuild again with both sites and outputs on disk (benchmarks/.work),
        where replacing 10,000 files costs the file system far more than in RAM. Runs follow each
        other as in all_changed(), with a sync before each: each Herald rebuild frees the inodes of
        the pages it replaced, which the next one's new files then pay for on ext4 without a
        journal ("recently_deleted"), so this is the hard case, not the best one."""
        folder = os.path.join(DISK_WORK, f"disk-{count}")
        log(f"   all-changed rebuild on disk ({folder}): generating and building once each")
        subprocess.run(["rm", "-rf", folder], check=True)
        args = [sys.executable, os.path.join(HERE, "site", "generate.py"), str(count), folder, "--per-page", str(self.per_page)]
        if not self.groups:
            args.append("--no-groups")
        subprocess.run(args, check=True, capture_output=True)
        herald_site, hugo_site = os.path.join(folder, "herald"), os.path.join(folder, "hugo")
        self.herald_build(herald_site, os.path.join(folder, "report.json"))
        self.hugo_build(hugo_site)
        global RAM_BACKED
        RAM_BACKED, ram = False, RAM_BACKED
        try:
            return self.all_changed(herald_site, hugo_site)
        finally:
            RAM_BACKED = ram
            delete_noting_when(folder, DISK_DELETED_STAMP)

    def floor(self, site, output):
        """What no generator can beat here, in CPU seconds: `floor` (benchmarks/floor/floor.c) reading
        every input file and writing as many bytes into as many new files as Herald's output has, plus
        the `cmark` command rendering every Markdown body."""
        binary = os.path.join(WORK, "floor")
        if not os.path.exists(binary):
            subprocess.run(["cc", "-O2", "-o", binary, os.path.join(HERE, "floor", "floor.c")], check=True)
        inputs, plan, bodies = (os.path.join(WORK, name) for name in ("floor-inputs.txt", "floor-plan.txt", "floor-bodies.md"))
        with open(inputs, "w") as out, open(bodies, "w") as joined:
            for folder, _, names in os.walk(site):
                if os.path.commonpath([folder, output]) == output:
                    continue
                for name in sorted(names):
                    path = os.path.join(folder, name)
                    out.write(path + "\n")
                    if name.endswith(".md"):
                        with open(path) as file:
                            text = file.read()
                        # The body: what follows the front matter's closing line.
                        parts = text.split("\n---\n", 1) if text.startswith("---\n") else ["", text]
                        joined.write(parts[-1] + "\n")
        with open(plan, "w") as out:
            files = []
            for folder, _, names in os.walk(output):
                for name in names:
                    if not name.startswith("."):
                        path = os.path.join(folder, name)
                        files.append((os.path.relpath(path, output), os.path.getsize(path)))
            for relative, size in sorted(files):
                out.write(f"{size}\t{relative}\n")
        writes, renders = [], []
        for _ in range(self.runs):
            target = os.path.join(WORK, "floor-output")
            discard(target)
            writes.append(measure([binary, inputs, plan, target]))
            renders.append(measure(["cmark", "--smart", "--validate-utf8", bodies]))
        discard(os.path.join(WORK, "floor-output"))
        write_cpu = median([s["user"] + s["sys"] for s in writes])
        render_cpu = median([s["user"] + s["sys"] for s in renders])
        log(f"   floor: files {write_cpu:.2f} CPU s + cmark {render_cpu:.2f} CPU s")
        return {"files_cpu_seconds": write_cpu, "cmark_cpu_seconds": render_cpu, "cpu_seconds": write_cpu + render_cpu,
                "files_sys_seconds": median([s["sys"] for s in writes])}

    def link_check(self, site, full):
        """`herald check` over the output of the last build: every internal link of every page."""
        samples = []
        for run in range(self.runs):
            samples.append(measure([self.herald, "check", "--source", site]))
            log(f"   link check {run + 1}/{self.runs} {samples[-1]['seconds']:8.2f} s")
        with open(os.path.join(WORK, "last-stdout.txt")) as out:
            summary = out.read().strip()
        result = summarize(samples) | {"summary": summary}
        result["ratio_to_full_build"] = result["median_seconds"] / full
        return result

    # MARK: 4 template engine

    def template_engine(self):
        log("== template engine: HeraldMustache vs swift-mustache")
        seconds, rounds = ("0.3", "1") if self.quick else ("2", "3")
        output = subprocess.run([os.path.join(self.engine_bin, "template-bench"),
                                 os.path.join(REPO, "Sources", "HeraldSite", "Theme"), "--cards", "1000",
                                 "--seconds", seconds, "--rounds", rounds],
                                check=True, capture_output=True, text=True).stdout
        self.results["template_engine"] = json.loads(output)

    # MARK: 5 Markdown

    def markdown(self):
        log("== Markdown: HeraldMarkdown vs libcmark vs the cmark command")
        corpus = os.path.join(WORK, "markdown-corpus.md")
        subprocess.run([sys.executable, os.path.join(HERE, "site", "generate.py"), "10000", WORK,
                        "--markdown-only", corpus], check=True)
        seconds, rounds = ("0.3", "1") if self.quick else ("2", "3")
        output = subprocess.run([os.path.join(self.engine_bin, "markdown-bench"), corpus,
                                 "--seconds", seconds, "--rounds", rounds],
                                check=True, capture_output=True, text=True).stdout
        result = json.loads(output)
        joined = corpus + ".joined.md"
        megabytes = os.path.getsize(joined) / 1e6
        samples = [measure(["cmark", "--smart", "--validate-utf8", joined]) for _ in range(1 if self.quick else 5)]
        result["cmark_command_whole_mb_per_second"] = megabytes / median([s["seconds"] for s in samples])
        result["cmark_command_runs_seconds"] = [round(s["seconds"], 3) for s in samples]
        result["herald_over_cmark_command"] = (result["herald_whole_mb_per_second"]
                                               / result["cmark_command_whole_mb_per_second"])
        result["herald_over_libcmark_whole"] = result["herald_whole_mb_per_second"] / result["libcmark_whole_mb_per_second"]
        result["herald_over_libcmark_per_document"] = (result["herald_per_document_mb_per_second"]
                                                       / result["libcmark_per_document_mb_per_second"])
        self.results["markdown"] = result
        discard(corpus)
        discard(joined)

    # MARK: 7 user fields

    def user_fields(self):
        """The user-fields corpus in the work folder, and again on disk (benchmarks/.work) when the
        work folder is in RAM: what a site's own fields cost a build of the same heroes."""
        log(f"== user fields: {USER_FIELDS_HEROES:,} heroes with and without facts, card, group_by, sort and join")
        result = self.user_fields_builds(os.path.join(WORK, "user-fields"))
        if RAM_BACKED and os.environ.get("BENCH_DISK") != "0":
            folder = os.path.join(DISK_WORK, "user-fields")
            log(f"   the same on disk ({folder})")
            os.makedirs(DISK_WORK, exist_ok=True)
            if os.path.lexists(folder):
                delete_noting_when(folder, DISK_DELETED_STAMP)  # left by a run that was stopped
            wait_after_deletion(DISK_DELETED_STAMP)
            try:
                result["on_disk"] = self.user_fields_builds(folder, trash=os.path.join(folder, "trash"))
            finally:
                delete_noting_when(folder, DISK_DELETED_STAMP)
        self.results["user_fields"] = result

    def user_fields_builds(self, folder, trash=None):
        """Both sites of site/user_fields.py built from scratch, one untimed build each first, then
        BENCH_RUNS timed builds each, alternating which goes first. --strict: a config that no longer
        means what it did (a key renamed, a fact no record has) stops the run instead of timing
        another site."""
        start = time.perf_counter()
        subprocess.run([sys.executable, os.path.join(HERE, "site", "user_fields.py"), str(USER_FIELDS_HEROES), folder,
                        "--per-page", str(self.per_page)], check=True)
        generated = time.perf_counter() - start
        sites = {"plain": os.path.join(folder, "plain"), "user_fields": os.path.join(folder, "user-fields")}
        samples = {name: [] for name in sites}
        reports = {name: [] for name in sites}

        def build(name):
            discard(os.path.join(sites[name], "Output"), trash)
            report = os.path.join(folder, f"{name}-report.json")
            sample = self.herald_build(sites[name], report, strict=True)
            with open(report) as file:
                return sample, json.load(file)

        if not self.quick:
            for name in sites:
                log(f"   warm-up {name:11} {build(name)[0]['seconds']:8.2f} s (not counted)")
        for run in range(self.runs):
            for name in (["plain", "user_fields"] if run % 2 == 0 else ["user_fields", "plain"]):
                sample, report = build(name)
                samples[name].append(sample)
                reports[name].append(report)
                log(f"   run {run + 1}/{self.runs} {name:11} {sample['seconds']:8.2f} s {sample['peak_mb']:8.0f} MB"
                    f" {report['pages']:,} pages")
        entry = {"heroes": USER_FIELDS_HEROES, "generate_seconds": round(generated, 2), "folder": folder,
                 "file_system": file_system(folder)}
        for name, site in sites.items():
            last = reports[name][-1]
            files, size = tree_size(os.path.join(site, "Output"))
            entry[name] = summarize(samples[name]) | {
                "pages": last["pages"], "files": files, "bytes": size, "warnings": len(last["warnings"]),
                "phases_median_seconds": phase_medians(reports[name])}
            entry[name]["seconds_per_page"] = entry[name]["median_seconds"] / last["pages"]
        plain, user = entry["plain"], entry["user_fields"]
        entry["ratio_user_fields_over_plain"] = user["median_seconds"] / plain["median_seconds"]
        entry["cpu_ratio_user_fields_over_plain"] = user["median_cpu_seconds"] / plain["median_cpu_seconds"]
        # The group pages are pages the plain site does not have: the time per page written tells
        # what the fields cost each page apart from how many more pages they make.
        entry["per_page_ratio_user_fields_over_plain"] = user["seconds_per_page"] / plain["seconds_per_page"]
        if not os.environ.get("BENCH_KEEP") and trash is None:
            discard(folder)
        return entry

    # MARK: report

    def machine(self):
        load = os.getloadavg()
        return {
            "cores": os.cpu_count(),
            "platform": platform.platform(),
            "load_average_at_start": [round(x, 2) for x in load],
            "hugo": command_output(["hugo", "version"]),
            "cmark": command_output(["cmark", "--version"]),
            "swift": (command_output(["swift", "--version"]) or "").splitlines()[0:1],
            "herald_commit": command_output(["git", "rev-parse", "--short", "HEAD"], cwd=REPO),
            "herald_tree_dirty": bool(command_output(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO)),
            "work_folder": WORK,
            "work_file_system": file_system(WORK),
        }

    @staticmethod
    def verdicts(results):
        sizes = results.get("sizes", {})
        checks = {}
        if "10000" in sizes:
            checks["herald_over_hugo_at_10k"] = sizes["10000"]["ratio_herald_over_hugo"]
            if "no_change_rebuild" in sizes["10000"]:
                checks["no_change_rebuild_over_full"] = sizes["10000"]["no_change_rebuild"]["ratio_to_full_build"]
            if "one_changed_rebuild" in sizes["10000"]:
                checks["one_changed_rebuild_over_full_at_10k"] = (
                    sizes["10000"]["one_changed_rebuild"]["ratio_to_full_build"])
            checks["herald_cpu_over_floor_at_10k"] = sizes["10000"]["herald_cpu_over_floor"]
            if "all_changed_rebuild" in sizes["10000"]:
                checks["all_changed_rebuild_herald_over_hugo_at_10k"] = sizes["10000"]["all_changed_rebuild"]["ratio_herald_over_hugo"]
            if "all_changed_rebuild_on_disk" in sizes["10000"]:
                checks["all_changed_rebuild_on_disk_herald_over_hugo_at_10k"] = (
                    sizes["10000"]["all_changed_rebuild_on_disk"]["ratio_herald_over_hugo"])
            if "link_check" in sizes["10000"]:
                checks["link_check_over_full_build_at_10k"] = sizes["10000"]["link_check"]["ratio_to_full_build"]
        if "10000" in results.get("plain", {}):
            checks["plain_herald_over_hugo_at_10k"] = results["plain"]["10000"]["ratio_herald_over_hugo"]
        if "10000" in sizes and "100000" in sizes:
            checks["scaling_100k_over_10k"] = (sizes["100000"]["herald"]["median_seconds"]
                                              / sizes["10000"]["herald"]["median_seconds"])
        if "100000" in sizes:
            checks["peak_memory_at_100k_mb"] = sizes["100000"]["herald"]["max_peak_mb"]
            if "one_changed_rebuild" in sizes["100000"]:
                checks["one_changed_rebuild_over_full_at_100k"] = (
                    sizes["100000"]["one_changed_rebuild"]["ratio_to_full_build"])
        if "template_engine" in results:
            checks["template_engine_over_swift_mustache"] = results["template_engine"]["ratio"]
        serve = results.get("serve")
        if serve:
            checks["serve_hero_edit_to_event_seconds"] = serve["hero_edit_to_event_median_seconds"]
            checks["serve_board_done_to_served_seconds"] = serve["board_done_to_served_median_seconds"]
            if "10000" in sizes:
                checks["serve_template_edit_over_full_build"] = (serve["template_edit_to_event_seconds"]
                                                                 / sizes["10000"]["herald"]["median_seconds"])
        user_fields = results.get("user_fields")
        if user_fields:
            checks["user_fields_over_plain_at_10k"] = user_fields["ratio_user_fields_over_plain"]
            if "on_disk" in user_fields:
                checks["user_fields_on_disk_over_plain_at_10k"] = user_fields["on_disk"]["ratio_user_fields_over_plain"]
        out = {}
        for name, value in checks.items():
            target = TARGETS[name]
            higher_is_better = name == "template_engine_over_swift_mustache"
            met = value >= target if higher_is_better else value <= target
            out[name] = {"value": value, "target": target, "met": met}
        no_change = sizes.get("10000", {}).get("no_change_rebuild")
        if no_change:
            out["no_change_rebuild_writes_nothing"] = {"value": no_change["written"], "target": 0,
                                                       "met": no_change["written"] == 0}
        return out

    def table(self):
        lines = []
        sizes = self.results["sizes"]
        lines.append("")
        hugo_100k = min(self.runs, env_int("BENCH_RUNS_100K", 1 if self.quick else 3))
        warm_up = "" if self.quick else " after an untimed one"
        if "sites" in self.steps:
            lines.append(f"Site build, median of {self.runs} timed full builds each{warm_up} (Hugo at 100,000:"
                         f" {hugo_100k}), per_page {self.per_page}, group pages {'on' if self.groups else 'off'},"
                         f" {os.cpu_count()} cores")
            lines.append(f"{'pages':>8} | {'Herald s':>9} {'Hugo s':>9} {'ratio':>6} | {'Herald CPU':>10} {'Hugo CPU':>9}"
                         f" {'ratio':>6} | {'Herald MB':>9} {'Hugo MB':>9} | {'Herald files':>12} {'Hugo files':>10}")
        for count, entry in sizes.items():
            h, g = entry["herald"], entry["hugo"]
            lines.append(f"{int(count):>8,} | {h['median_seconds']:9.2f} {g['median_seconds']:9.2f}"
                         f" {entry['ratio_herald_over_hugo']:6.2f} | {h['median_cpu_seconds']:10.2f}"
                         f" {g['median_cpu_seconds']:9.2f} {h['median_cpu_seconds'] / g['median_cpu_seconds']:6.2f} |"
                         f" {h['max_peak_mb']:9.0f} {g['max_peak_mb']:9.0f} | {h['files']:>12,} {g['files']:>10,}")
        if "sites" in self.steps:
            lines.append("  (wall seconds and CPU seconds, user + sys, are medians; MB is the largest peak RSS)")
        for count, entry in self.results.get("plain", {}).items():
            h, g = entry["herald"], entry["hugo"]
            lines.append(f"Plain corpus, {int(count):,} pages (list and detail templates only): Herald"
                         f" {h['median_seconds']:.2f} s, Hugo {g['median_seconds']:.2f} s, ratio"
                         f" {entry['ratio_herald_over_hugo']:.2f}; CPU Herald {h['median_cpu_seconds']:.2f} s,"
                         f" Hugo {g['median_cpu_seconds']:.2f} s; peak {h['max_peak_mb']:.0f} MB vs {g['max_peak_mb']:.0f} MB;"
                         f" Herald {entry['herald_cpu_over_floor']:.2f}x its floor of {entry['floor']['cpu_seconds']:.2f} CPU s")
        for count, entry in sizes.items():
            phases = ", ".join(f"{k} {v:.2f}" for k, v in entry["herald"]["phases_median_seconds"].items())
            lines.append(f"  Herald phases at {int(count):,}: {phases}")
        for count, entry in sizes.items():
            if "one_changed_rebuild" in entry:
                o = entry["one_changed_rebuild"]
                lines.append(f"One-hero-changed rebuild of {int(count):,}: {o['median_seconds']:.2f} s = "
                             f"{o['ratio_to_full_build']:.2f}x a full build; written {o['written']}, "
                             f"kept without rendering {o['reused']:,} of {o['pages']:,}")
            if "no_change_rebuild" in entry:
                n = entry["no_change_rebuild"]
                lines.append(f"No-change rebuild of {int(count):,}: {n['median_seconds']:.2f} s = "
                             f"{n['ratio_to_full_build']:.2f}x a full build; written {n['written']}, "
                             f"unchanged {n['unchanged']:,}, removed {n['removed']}")
            if "all_changed_rebuild" in entry:
                a = entry["all_changed_rebuild"]
                lines.append(f"All-changed rebuild of {int(count):,} (the site title edited, over each one's own output):"
                             f" Herald {a['herald']['median_seconds']:.2f} s, Hugo {a['hugo']['median_seconds']:.2f} s,"
                             f" ratio {a['ratio_herald_over_hugo']:.2f}")
            if "all_changed_rebuild_on_disk" in entry:
                a = entry["all_changed_rebuild_on_disk"]
                lines.append(f"All-changed rebuild of {int(count):,} on disk (benchmarks/.work, runs back to back):"
                             f" Herald {a['herald']['median_seconds']:.2f} s, Hugo {a['hugo']['median_seconds']:.2f} s,"
                             f" ratio {a['ratio_herald_over_hugo']:.2f}")
            if "link_check" in entry:
                c = entry["link_check"]
                lines.append(f"herald check of {int(count):,}: {c['median_seconds']:.2f} s = "
                             f"{c['ratio_to_full_build']:.2f}x a full build ({c['summary']})")
            f = entry["floor"]
            lines.append(f"Floor at {int(count):,}: {f['cpu_seconds']:.2f} CPU s (files {f['files_cpu_seconds']:.2f},"
                         f" cmark {f['cmark_cpu_seconds']:.2f}); Herald {entry['herald']['median_cpu_seconds']:.2f} CPU s"
                         f" = {entry['herald_cpu_over_floor']:.2f}x the floor")
        keys = sorted(int(k) for k in sizes)
        for small, large in zip(keys, keys[1:]):
            h = sizes[str(large)]["herald"]["median_seconds"] / sizes[str(small)]["herald"]["median_seconds"]
            g = sizes[str(large)]["hugo"]["median_seconds"] / sizes[str(small)]["hugo"]["median_seconds"]
            lines.append(f"Scaling {small:,} -> {large:,} pages ({large // small}x): Herald {h:.2f}x, Hugo {g:.2f}x")
        if 100000 not in keys and "sites" in self.steps:
            lines.append("Scaling 10k -> 100k: not run (BENCH_SIZES leaves 100000 out)")
        if "template_engine" in self.results:
            t = self.results["template_engine"]
            lines.append(f"Template engine, {t['cards']:,} hero cards: HeraldMustache {t['herald_renders_per_second']:.0f}"
                         f" renders/s, swift-mustache {t['swift_mustache_renders_per_second']:.0f} renders/s,"
                         f" ratio {t['ratio']:.2f}x (same output: {t['same_output_ignoring_blank_lines']})")
        if "markdown" in self.results:
            m = self.results["markdown"]
            lines.append(f"Markdown, {m['megabytes']:.1f} MB in {m['documents']:,} documents:"
                         f" one document: Herald {m['herald_whole_mb_per_second']:.1f} MB/s,"
                         f" libcmark {m['libcmark_whole_mb_per_second']:.1f} MB/s,"
                         f" cmark command {m['cmark_command_whole_mb_per_second']:.1f} MB/s"
                         f" (Herald {m['herald_over_cmark_command']:.2f}x the command);"
                         f" per document: Herald {m['herald_per_document_mb_per_second']:.1f} MB/s,"
                         f" libcmark {m['libcmark_per_document_mb_per_second']:.1f} MB/s")
        if "serve" in self.results:
            v = self.results["serve"]
            lines.append(f"herald serve, {v['heroes']:,} heroes: hero saved to reload event median"
                         f" {v['hero_edit_to_event_median_seconds'] * 1000:.0f} ms (of {len(v['hero_edit_to_event_seconds'])}),"
                         f" template saved to event {v['template_edit_to_event_seconds']:.2f} s,"
                         f" resident memory {v['rss_mb_at_10k']:.0f} MB; default site: task done through the board to"
                         f" the served board showing it, median {v['board_done_to_served_median_seconds'] * 1000:.0f} ms;"
                         f" SIGTERM exit {v['sigterm_exit_status']}")
        user_fields = self.results.get("user_fields")
        for where, entry in ([("", user_fields), (" on disk", user_fields.get("on_disk"))] if user_fields else []):
            if not entry:
                continue
            plain, user = entry["plain"], entry["user_fields"]
            lines.append(f"User fields{where}, {entry['heroes']:,} heroes ({entry['file_system']}), median of"
                         f" {self.runs}{warm_up}: model fields only {plain['median_seconds']:.2f} s"
                         f" ({plain['pages']:,} pages, {plain['max_peak_mb']:.0f} MB), with facts, card, three"
                         f" group_by, sort and join {user['median_seconds']:.2f} s ({user['pages']:,} pages,"
                         f" {user['max_peak_mb']:.0f} MB): ratio {entry['ratio_user_fields_over_plain']:.2f},"
                         f" CPU {entry['cpu_ratio_user_fields_over_plain']:.2f},"
                         f" per page written {entry['per_page_ratio_user_fields_over_plain']:.2f}")
            for name, summary in (("model fields only", plain), ("with user fields", user)):
                phases = ", ".join(f"{k} {v:.2f}" for k, v in summary["phases_median_seconds"].items())
                lines.append(f"  Herald phases, {name}: {phases}")
        lines.append("")
        lines.append("Targets (TARGETS in benchmarks/bench.py):")
        for name, verdict in self.verdicts(self.results).items():
            value = verdict["value"]
            text = f"{value:.2f}" if isinstance(value, float) else str(value)
            lines.append(f"  {'met ' if verdict['met'] else 'MISS'} {name}: {text} (target {verdict['target']})")
        for name in TARGETS:
            if name not in self.verdicts(self.results):
                lines.append(f"  --   {name}: not measured in this run")
        return "\n".join(lines)

    def merged(self):
        """results.json after a run of some steps: the last results of the other steps, this run's of
        these, each of these with the machine and config it ran with; verdicts over the whole."""
        try:
            with open(RESULTS) as file:
                results = json.load(file)
        except (OSError, ValueError):
            results = {}
        keys = {"sites": "sizes", "plain": "plain", "template_engine": "template_engine", "markdown": "markdown",
                "serve": "serve", "user_fields": "user_fields"}
        for step in self.steps:
            if keys[step] in self.results:
                results[keys[step]] = self.results[keys[step]]
                results.setdefault("steps_run_alone", {})[step] = {
                    "machine": self.results["machine"], "config": self.results["config"]}
        results["targets"] = TARGETS
        results["verdicts"] = self.verdicts(results)
        return results

    def run(self):
        global RAM_BACKED
        os.makedirs(WORK, exist_ok=True)
        RAM_BACKED = file_system(WORK) == "tmpfs"
        log(f"== sites are built in {WORK} ({'RAM' if RAM_BACKED else 'disk'}, {file_system(WORK)})")
        # What an earlier run left goes to the trash, deleted after this run's measurements.
        for name in os.listdir(WORK):
            if name not in ("trash", "deleted-at"):
                discard(os.path.join(WORK, name))
        # On disk, a run started right after the previous one deleted its files would pay for that deletion.
        if not RAM_BACKED:
            wait_after_deletion(DELETED_STAMP)
        started = time.time()
        load = os.getloadavg()[0]
        if load > 0.5 * (os.cpu_count() or 1):
            log(f"warning: load average {load:.1f} on {os.cpu_count()} cores: other work will skew wall times "
                "(CPU seconds are recorded too)")
        self.results["machine"] = self.machine()
        if "sites" in self.steps:
            for count in self.sizes:
                self.site_builds(count)
        if "plain" in self.steps and self.middle_size():
            self.site_builds(self.middle_size(), plain=True)
        if "template_engine" in self.steps:
            self.template_engine()
        if "markdown" in self.steps:
            self.markdown()
        if "serve" in self.steps and os.environ.get("BENCH_SERVE") != "0":
            log("== herald serve: 10,000 heroes, 20 edits; the default site's board")
            self.results["serve"] = serve_bench.run(WORK)
        # Last: after the all-changed rebuild on disk deleted its sites there, the other steps give
        # ext4 the minute it needs before this one builds on that disk.
        if "user_fields" in self.steps:
            self.user_fields()
        self.results["machine"]["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
        self.results["seconds"] = round(time.time() - started, 1)
        self.results["verdicts"] = self.verdicts(self.results)
        log("== deleting the generated sites and outputs")
        if os.path.exists(TRASH):
            delete_noting_when(TRASH, DELETED_STAMP)
        written = self.merged() if self.partial else self.results
        with open(RESULTS, "w") as out:
            json.dump(written, out, indent=2, sort_keys=True)
            out.write("\n")
        print(self.table())
        print(f"\nWrote {os.path.relpath(RESULTS, REPO)} in {self.results['seconds']:.0f} s.")


if __name__ == "__main__":
    Bench().run()
