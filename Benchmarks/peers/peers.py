"""sprite-theme against peer palette tools: throughput on 1 core and palette quality.

Run by run-peers.sh inside a throwaway virtual environment (see that script for the setup);
this file only measures. Subcommands:

  peers.py select SRC DEST [--max-side N] [--limit N]
      Copies a deterministic selection of sprite PNGs from a game data folder (SRC, e.g.
      /usr/share/games/supertux2) into the flat folder DEST, named after their paths.
  peers.py run --sprite-theme BIN --decode-floor BIN --work DIR --corpus NAME=DIR ...
      Measures every tool on every corpus and prints markdown tables.

Quality, computed by one evaluator for every tool: each pixel with alpha > 0 counts with weight
alpha/255; its distance is the CIEDE2000 difference (sRGB -> CIELAB, D65, scikit-image) to the
nearest palette colour (nearest by CIEDE2000). `pooled` is the weighted mean over every pixel of
the corpus (large sprites count more); `per sprite` is the plain mean of the per-sprite weighted
means. The pixels come from Pillow's convert("RGBA") of each file.

Time: every tool reads and decodes each file itself. Python tools are timed in-process around
the loop over the files (the interpreter's start-up and imports are not counted); sprite-theme
and the C decode floor are timed as whole processes (start-up, reading, decoding and, for
sprite-theme, writing every theme file and index.json). Each time is taken both as wall clock
and as CPU time (user + system), best of the runs; against the C floor, medians of rounds that
run the floor and sprite-theme in turn. The caller pins everything to one core.
"""

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import warnings

import numpy as np
from PIL import Image, features
from skimage.color import deltaE_ciede2000, rgb2lab

K = 8
SUBDIRS = ("images/creatures", "images/objects", "images/powerups", "images/tiles")


# ---------------------------------------------------------------------------------------------
# Corpus selection


def select(src, dest, max_side, limit):
    """Every PNG under SUBDIRS of src with max(width, height) <= max_side and at least one pixel
    with alpha > 0, in sorted path order, copied to dest as <path with / as ->.png."""
    paths = []
    for sub in SUBDIRS:
        for root, dirs, files in os.walk(os.path.join(src, sub)):
            dirs.sort()
            for name in files:
                if name.lower().endswith(".png"):
                    paths.append(os.path.relpath(os.path.join(root, name), src))
    paths.sort()
    chosen = []  # (source path, flat name)
    for rel in paths:
        try:
            with Image.open(os.path.join(src, rel)) as im:
                if max(im.size) > max_side:
                    continue
                alpha = np.asarray(im.convert("RGBA"))[:, :, 3]
        except Exception as error:  # a file Pillow cannot read is not a sprite for us
            print(f"skipping {rel}: {error}", file=sys.stderr)
            continue
        if not alpha.any():
            continue
        chosen.append((os.path.join(src, rel), rel.split("/", 1)[1].replace("/", "-")))
        if limit and len(chosen) >= limit:
            break
    # A corpus left by an earlier run with exactly these files is kept: deleting and copying
    # thousands of files just before the timings makes ext4's inode allocator (which skips
    # recently freed inodes) part of what the on-disk column measures.
    if os.path.isdir(dest) and sorted(os.listdir(dest)) == sorted(flat for _, flat in chosen) and all(
            os.path.getsize(os.path.join(dest, flat)) == os.path.getsize(path)
            for path, flat in chosen):
        print(f"{len(chosen)} sprites of {len(paths)} PNGs already in {dest}", file=sys.stderr)
        return
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    for path, flat in chosen:
        shutil.copyfile(path, os.path.join(dest, flat))
    print(f"{len(chosen)} sprites of {len(paths)} PNGs copied to {dest}", file=sys.stderr)


# ---------------------------------------------------------------------------------------------
# The evaluator


def check_ciede2000():
    """Sharma, Wu and Dalal (2005), pairs 1 and 4 of their test data."""
    lab1 = np.array([[50.0, 2.6772, -79.7751], [50.0, -1.3802, -84.2814]])
    lab2 = np.array([[50.0, 0.0, -82.7485], [50.0, 0.0, -82.7485]])
    got = deltaE_ciede2000(lab1, lab2)
    if not np.allclose(got, [2.0425, 1.0000], atol=5e-5):
        sys.exit(f"scikit-image's CIEDE2000 fails Sharma's test pairs: {got}")


def to_lab(rgb):
    """(N, 3) uint8 sRGB -> (N, 3) CIELAB (D65)."""
    return rgb2lab(np.asarray(rgb, dtype=np.float64).reshape(-1, 1, 3) / 255.0).reshape(-1, 3)


class Sprite:
    """The weighted opaque colours of one file: unique RGB (alpha > 0) and summed alpha/255."""

    def __init__(self, path):
        with Image.open(path) as im:
            rgba = np.asarray(im.convert("RGBA")).reshape(-1, 4)
        rgba = rgba[rgba[:, 3] > 0]
        key = (rgba[:, 0].astype(np.uint32) << 16) | (rgba[:, 1].astype(np.uint32) << 8) | rgba[:, 2]
        keys, inverse = np.unique(key, return_inverse=True)
        self.weights = np.bincount(inverse, weights=rgba[:, 3] / 255.0)
        self.rgb = np.stack([(keys >> 16) & 255, (keys >> 8) & 255, keys & 255], axis=1).astype(np.uint8)
        self.lab = to_lab(self.rgb)
        self.total = float(self.weights.sum())


def sprite_error(sprite, palette):
    """Sum of weight * distance to the nearest palette colour, and the sprite's total weight."""
    pal_lab = to_lab(np.array(palette, dtype=np.uint8))
    d = deltaE_ciede2000(sprite.lab[:, None, :], pal_lab[None, :, :])
    return float((d.min(axis=1) * sprite.weights).sum()), sprite.total


# ---------------------------------------------------------------------------------------------
# The peers: each takes a path and returns a list of (r, g, b).


def used_entries(q, mode):
    """The palette entries of a P image that some pixel uses, as tuples of len(mode)."""
    flat = q.getpalette(mode)
    n = len(mode)
    return [tuple(flat[i * n:(i + 1) * n]) for _, i in q.getcolors(256)]


def pillow_mediancut(path):
    # Median cut takes RGB only: what a user gets from an RGBA sprite is convert("RGB"), so
    # transparent pixels join in with whatever colour they store.
    with Image.open(path) as im:
        q = im.convert("RGB").quantize(colors=K, method=Image.Quantize.MEDIANCUT)
    return used_entries(q, "RGB")


def pillow_mediancut_opaque(path):
    # The same algorithm given only the pixels with alpha > 0, as a one-row RGB image.
    with Image.open(path) as im:
        rgba = np.asarray(im.convert("RGBA")).reshape(-1, 4)
    rgb = np.ascontiguousarray(rgba[rgba[:, 3] > 0][:, :3]).reshape(1, -1, 3)
    q = Image.fromarray(rgb, "RGB").quantize(colors=K, method=Image.Quantize.MEDIANCUT)
    return used_entries(q, "RGB")


def rgba_palette(entries):
    """RGBA palette entries -> RGB colours, without the fully transparent ones."""
    return [(r, g, b) for r, g, b, a in entries if a > 0]


def pillow_fastoctree(path):
    # Fast octree takes RGBA: transparent pixels get their own entries, which we drop.
    with Image.open(path) as im:
        q = im.convert("RGBA").quantize(colors=K, method=Image.Quantize.FASTOCTREE)
    return rgba_palette(used_entries(q, "RGBA"))


def pillow_libimagequant(path):
    with Image.open(path) as im:
        q = im.convert("RGBA").quantize(colors=K, method=Image.Quantize.LIBIMAGEQUANT)
    return rgba_palette(used_entries(q, "RGBA"))


def imagequant_tool(path):
    # The PyPI imagequant binding on the raw RGBA bytes (its quantize_pil_image converts pixels
    # in a pure Python loop, which would only slow it down); no dithering, since only the
    # palette is used. Fully transparent entries are dropped.
    import imagequant

    with Image.open(path) as im:
        im = im.convert("RGBA")
        _, flat = imagequant.quantize_raw_rgba_bytes(
            im.tobytes(), im.width, im.height, dithering_level=0.0, max_colors=K)
    return rgba_palette([tuple(flat[i:i + 4]) for i in range(0, len(flat), 4)])


def clip(colours):
    """The colorthief family's box averages can reach 256 in a channel: clipped to 255."""
    return [tuple(min(int(v), 255) for v in c) for c in colours]


def colorthief_tool(quality):
    from colorthief import ColorThief

    def run(path):
        # ColorThief converts to RGBA and skips pixels with alpha < 125 and near-white ones.
        return clip(ColorThief(path).get_palette(color_count=K, quality=quality))

    return run


def fast_colorthief_tool(quality):
    import fast_colorthief

    def run(path):
        return clip(fast_colorthief.get_palette(path, color_count=K, quality=quality))

    return run


def sklearn_kmeans(path):
    # k-means on the RGB of the pixels with alpha > 0, weighted by alpha/255 (the evaluator's
    # own weights), n_init="auto" (one k-means++ start), random_state=0; at most as many
    # clusters as distinct colours.
    from sklearn.cluster import KMeans

    with Image.open(path) as im:
        rgba = np.asarray(im.convert("RGBA")).reshape(-1, 4)
    rgba = rgba[rgba[:, 3] > 0]
    distinct = len(np.unique(rgba[:, :3], axis=0))
    km = KMeans(n_clusters=min(K, distinct), n_init="auto", random_state=0)
    km.fit(rgba[:, :3].astype(np.float64), sample_weight=rgba[:, 3] / 255.0)
    centres = np.clip(np.rint(km.cluster_centers_), 0, 255).astype(np.uint8)
    return [tuple(int(v) for v in c) for c in centres]


def peers():
    tools = [
        ("Pillow median cut, convert(\"RGB\")", pillow_mediancut),
        ("Pillow median cut, alpha > 0 pixels only", pillow_mediancut_opaque),
        ("Pillow fast octree, RGBA", pillow_fastoctree),
    ]
    if features.check_feature("libimagequant"):
        tools.append(("Pillow libimagequant, RGBA", pillow_libimagequant))
    tools += [
        ("imagequant (libimagequant), RGBA", imagequant_tool),
        ("colorthief, quality=10 (default)", colorthief_tool(10)),
        ("colorthief, quality=1", colorthief_tool(1)),
        ("fast-colorthief, quality=10 (default)", fast_colorthief_tool(10)),
        ("fast-colorthief, quality=1", fast_colorthief_tool(1)),
        ("scikit-learn KMeans, alpha-weighted", sklearn_kmeans),
    ]
    return tools


# ---------------------------------------------------------------------------------------------
# Timing. Every measurement is a pair (wall seconds, CPU seconds); each is the best of its runs.
# CPU time (user + system) is the one to read on a shared machine: other load on the same core
# stretches the wall clock but hardly the CPU time.


class Best:
    def __init__(self):
        self.wall = self.cpu = float("inf")

    def add(self, wall, cpu):
        self.wall = min(self.wall, wall)
        self.cpu = min(self.cpu, cpu)


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_child(cmd, ok=(0,), **kwargs):
    """Runs cmd; returns (wall, CPU of the child, CompletedProcess)."""
    cpu0, start = children_cpu(), time.perf_counter()
    done = subprocess.run(cmd, **kwargs)
    wall, cpu = time.perf_counter() - start, children_cpu() - cpu0
    if done.returncode not in ok:
        sys.exit(f"{' '.join(cmd[:2])} exited with {done.returncode}")
    return wall, cpu, done


def spawn_child(cmd, ok=(0,), capture=False):
    """Runs cmd through posix_spawn, standard input and error on /dev/null, standard output
    captured (as text) or discarded; returns (wall, CPU of the child, output or None).

    For the processes timed against each other: `subprocess.run` forks this interpreter first,
    and copying the page tables of a process that has numpy and scikit-image loaded added about
    2 ms to every run measured, the same to both sides of a ratio, which pulled it towards 1."""
    actions = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
               (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
    read_end = write_end = None
    if capture:
        read_end, write_end = os.pipe()
        actions.append((os.POSIX_SPAWN_DUP2, write_end, 1))
    else:
        actions.append((os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0))
    cpu0, start = children_cpu(), time.perf_counter()
    pid = os.posix_spawnp(cmd[0], cmd, os.environ, file_actions=actions)
    output = None
    if capture:
        os.close(write_end)
        chunks = []
        while chunk := os.read(read_end, 65536):
            chunks.append(chunk)
        os.close(read_end)
        output = b"".join(chunks).decode()
    _, status = os.waitpid(pid, 0)
    wall, cpu = time.perf_counter() - start, children_cpu() - cpu0
    code = os.waitstatus_to_exitcode(status)
    if code not in ok:
        sys.exit(f"{' '.join(cmd[:2])} exited with {code}")
    return wall, cpu, output


def time_python_tool(tool, files, reps, budget):
    """Best of up to `reps` passes (every file once), and the palettes and failure count of the
    first. Passes stop once the next one would take the CPU time spent over `budget` seconds."""
    best, palettes, failures, spent = Best(), None, 0, 0.0
    for rep in range(reps):
        result, fails = [], 0
        cpu0, start = time.process_time(), time.perf_counter()
        for path in files:
            try:
                result.append(tool(path))
            except Exception:
                result.append(None)
                fails += 1
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu0
        best.add(wall, cpu)
        spent += cpu
        if palettes is None:
            palettes, failures = result, fails
        if spent + cpu > budget:
            break
    return best, rep + 1, palettes, failures


def time_sprite_theme(binary, corpus, work, reps):
    """Best whole process of `batch --jobs 1 --palette-size 8`, and the palettes of the last run
    by file name. Each run writes to a new folder, left for ``remove_left_folders`` (see there)."""
    best = Best()
    for rep in range(reps):
        out = tempfile.mkdtemp(prefix="sprite-theme-out-", dir=work)
        LEFT_FOLDERS.append(out)
        # Exit status 1: some inputs failed; they are listed in index.json and counted.
        wall, cpu, _ = spawn_child(
            [binary, "batch", corpus, "--out", out, "--jobs", "1", "--palette-size", str(K),
             "--quiet"], ok=(0, 1))
        best.add(wall, cpu)
    with open(os.path.join(out, "index.json")) as f:
        index = json.load(f)
    by_file = {}
    for entry in index["entries"]:
        with open(os.path.join(out, entry["theme"])) as f:
            theme = json.load(f)
        by_file[os.path.basename(entry["source"])] = [tuple(c["rgb"]) for c in theme["palette"]]
    failures = len(index.get("errors", []))
    return best, by_file, failures


# Output folders on disk, removed only at the very end (`remove_left_folders`).
LEFT_FOLDERS = []


def remove_left_folders():
    """Removes the output folders written to disk during the run.

    Not earlier: on the ext4 file system (mounted with online discard) of the machine these
    tables come from, creating files stayed slow for about 15 s after a few hundred had been
    deleted (51 files: 3 ms before the deletion, 25-50 ms in the seconds after it), so a
    removal between two measurements timed the file system's clean-up instead of the program."""
    for out in LEFT_FOLDERS:
        shutil.rmtree(out, ignore_errors=True)
    LEFT_FOLDERS.clear()
    # Whatever runs next (this script again, say) starts with the removal written out.
    os.sync()


def time_start_up(binary, reps):
    """Best whole processes of `sprite-theme --version` (the fixed cost of starting the program)
    and of `true` (what any dynamically linked process costs on this machine: on a virtual
    machine that traps CPUID, glibc's loader probing the CPU takes most of it), in turn."""
    version, empty = Best(), Best()
    true = shutil.which("true") or "/bin/true"
    for _ in range(reps):
        wall, cpu, _ = spawn_child([binary, "--version"])
        version.add(wall, cpu)
        wall, cpu, _ = spawn_child([true])
        empty.add(wall, cpu)
    return version, empty


class Medians:
    """Wall and CPU times of repeated runs; their medians."""

    def __init__(self):
        self.walls, self.cpus = [], []

    def add(self, wall, cpu):
        self.walls.append(wall)
        self.cpus.append(cpu)

    @property
    def wall(self):
        return statistics.median(self.walls)

    @property
    def cpu(self):
        return statistics.median(self.cpus)


def time_against_floor(decode_floor, binary, corpus, work, rounds):
    """The floor comparison in interleaved rounds: each round runs the C floor, then `batch
    --jobs 1` writing to `work`, then the same writing to tmpfs (when /dev/shm is writable), so
    that all three meet the same phase of a shared machine. Best-of blocks run minutes apart
    compared a quiet moment of one program with a busy one of another: on this virtual machine
    the same build measured 1.71x to 2.16x that way within an hour.

    The C floor is a process that starts, reads every file and decodes each once: `decode_floor
    DIR 1 1` reads the files, decodes them all once (its warm-up pass), then once more in a pass
    it times itself (CLOCK_MONOTONIC) and reports. The floor of a round is the whole process less
    that reported pass, for the wall clock and the CPU time alike (the pass's wall time is at
    least its CPU time, so the CPU floor errs low, against sprite-theme). Returns medians over
    the rounds: floor, reported pass, batch on disk, batch on tmpfs (or None)."""
    floor, one, disk = Medians(), Medians(), Medians()
    shm_root = None
    if os.access("/dev/shm", os.W_OK):
        shm_root = tempfile.mkdtemp(prefix="sprite-theme-peers-", dir="/dev/shm")
    shm = Medians() if shm_root else None
    batch = [binary, "batch", corpus, "--jobs", "1", "--palette-size", str(K), "--quiet"]
    # The rounds start with nothing waiting to be written back.
    os.sync()
    for _ in range(rounds):
        wall, cpu, output = spawn_child([decode_floor, corpus, "1", "1"], capture=True)
        fields = dict(kv.split("=", 1) for kv in output.split())
        pass_s = int(fields["best_ns"]) / 1e9
        floor.add(wall - pass_s, cpu - pass_s)
        one.add(pass_s, pass_s)
        # Disk folders stay until the end (see remove_left_folders); tmpfs ones go at once.
        out = tempfile.mkdtemp(prefix="sprite-theme-out-", dir=work)
        LEFT_FOLDERS.append(out)
        wall, cpu, _ = spawn_child(batch + ["--out", out], ok=(0, 1))
        disk.add(wall, cpu)
        if shm_root:
            out = os.path.join(shm_root, "out")
            wall, cpu, _ = spawn_child(batch + ["--out", out], ok=(0, 1))
            shm.add(wall, cpu)
            shutil.rmtree(out)
    if shm_root:
        shutil.rmtree(shm_root)
    return floor, one, disk, shm


def peak_rss(binary, corpus, work, count, jobs):
    """Peak RSS (kB, from /usr/bin/time -v), wall and CPU time of one `batch -` over >= count
    inputs: the corpus's files listed again and again on standard input."""
    files = sorted(os.path.join(corpus, f) for f in os.listdir(corpus) if f.endswith(".png"))
    listing = [files[i % len(files)] for i in range(max(count, len(files)))]
    out = tempfile.mkdtemp(prefix="sprite-theme-rss-", dir=work)
    cmd = ["/usr/bin/time", "-v", binary, "batch", "-", "--out", out, "--palette-size", str(K),
           "--quiet"]
    if jobs:
        cmd += ["--jobs", str(jobs)]
    wall, cpu, done = run_child(cmd, input="\n".join(listing) + "\n", capture_output=True,
                                text=True)
    rss = next(int(line.split(":")[1]) for line in done.stderr.splitlines()
               if "Maximum resident set size" in line)
    themes = len(os.listdir(os.path.join(out, "themes")))
    LEFT_FOLDERS.append(out)
    return len(listing), themes, rss, wall, cpu


# ---------------------------------------------------------------------------------------------
# Report


def ms(seconds):
    return f"{seconds * 1e3:,.1f} ms"


def run(args):
    check_ciede2000()
    warnings.filterwarnings("ignore")
    work = args.work
    os.makedirs(work, exist_ok=True)
    lines = []

    def emit(text=""):
        print(text, flush=True)
        lines.append(text)

    print(f"cores this process may use: {len(os.sched_getaffinity(0))}", file=sys.stderr)

    names, speed_rows, quality_rows, floor_rows = [], {}, {}, []
    for spec in args.corpus:
        name, corpus = spec.split("=", 1)
        names.append(name)
        files = sorted(os.path.join(corpus, f) for f in os.listdir(corpus) if f.endswith(".png"))
        sprites = [Sprite(p) for p in files]
        weighted = sum(s.total for s in sprites)
        print(f"[{name}] {len(files)} files, {weighted:,.0f} weighted opaque pixels",
              file=sys.stderr)

        results = []  # (tool, Best, passes, palettes, failures)
        print(f"[{name}] sprite-theme ...", file=sys.stderr)
        st, by_file, st_fail = time_sprite_theme(args.sprite_theme, corpus, work, args.reps)
        st_pal = [by_file.get(os.path.basename(p)) for p in files]
        results.append(("**sprite-theme** `batch --jobs 1`", st, args.reps, st_pal,
                        st_fail + sum(p is None for p in st_pal)))
        for label, tool in peers():
            print(f"[{name}] {label} ...", file=sys.stderr)
            try:
                tool(files[0])  # imports and first-call set-up outside the timing
            except Exception:
                pass
            best, passes, pals, fails = time_python_tool(tool, files, args.reps, args.budget)
            results.append((label, best, passes, pals, fails))

        # Against the floor: interleaved rounds, the batch writing to disk and to tmpfs (the
        # program without the disk).
        print(f"[{name}] against the decode floor, {args.floor_rounds} rounds ...",
              file=sys.stderr)
        floor, one, disk, shm = time_against_floor(args.decode_floor, args.sprite_theme, corpus,
                                                   work, args.floor_rounds)
        floor_rows.append((name, len(files), floor, one, disk, shm))
        print(f"[{name}] done", file=sys.stderr)

        for label, best, passes, pals, fails in results:
            err = tot = 0.0
            per, sizes = [], []
            for sprite, pal in zip(sprites, pals):
                if not pal:
                    continue
                e, w = sprite_error(sprite, pal)
                err += e
                tot += w
                per.append(e / w)
                sizes.append(len(pal))
            quality_rows.setdefault(label, {})[name] = (
                err / tot, float(np.mean(per)), float(np.mean(sizes)), fails)
            speed_rows.setdefault(label, {})[name] = (len(files), best, passes, st)

    emit("#### Palette quality, K = 8 (mean CIEDE2000 to the nearest palette colour, lower is better)")
    emit()
    emit("| tool |" + "".join(f" {n}: pooled | {n}: per sprite | {n}: colours |" for n in names))
    emit("| --- |" + " ---: | ---: | ---: |" * len(names))
    for label, by in quality_rows.items():
        cells = ""
        for n in names:
            q, per, size, fails = by[n]
            note = f" ({fails} failed)" if fails else ""
            cells += f" {q:.3f} | {per:.3f} | {size:.2f}{note} |"
        emit(f"| {label} |{cells}")
    emit()
    emit("#### Throughput, 1 core (sprites per second: read, decode, palette)")
    emit()
    emit("| tool |" + "".join(f" {n}: per CPU s | {n}: per wall s | {n}: CPU / sprite-theme's |"
                              for n in names))
    emit("| --- |" + " ---: | ---: | ---: |" * len(names))
    for label, by in speed_rows.items():
        cells = ""
        for n in names:
            count, best, passes, st = by[n]
            cells += (f" {count / best.cpu:,.0f} | {count / best.wall:,.0f} |"
                      f" {best.cpu / st.cpu:.2f}x |")
        emit(f"| {label} |{cells}")
    emit()
    start, empty = time_start_up(args.sprite_theme, args.reps)
    emit(f"#### sprite-theme against the libpng decode floor (whole processes, medians of"
         f" {args.floor_rounds} interleaved rounds)")
    emit()
    emit("| corpus | files | | C floor: start, read, decode | C: decode pass from memory | sprite-theme `batch --jobs 1` | ratio (target <= 2x) | output on tmpfs | ratio |")
    emit("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, n, floor, one, st, shm in floor_rows:
        for kind, lead in (("cpu", f"| {name} | {n} | CPU |"), ("wall", "| | | wall |")):
            f, o, t = getattr(floor, kind), getattr(one, kind), getattr(st, kind)
            tail = " - | - |"
            if shm is not None:
                m = getattr(shm, kind)
                tail = f" {ms(m)} | {m / f:.2f}x |"
            emit(f"{lead} {ms(f)} | {ms(o)} | {ms(t)} | {t / f:.2f}x |{tail}")
    emit()
    emit(f"`sprite-theme --version` alone: {ms(start.cpu)} CPU, {ms(start.wall)} wall; an empty"
         f" process (`true`): {ms(empty.cpu)} CPU, {ms(empty.wall)} wall.")
    emit()

    if args.rss_corpus:
        emit(f"#### Peak memory, `batch -` over >= {args.rss_count:,} inputs")
        emit()
        emit("| jobs | inputs | themes written | peak RSS | CPU time | wall time |")
        emit("| ---: | ---: | ---: | ---: | ---: | ---: |")
        for jobs in (1, None):
            n, themes, rss, wall, cpu = peak_rss(args.sprite_theme, args.rss_corpus, work,
                                                 args.rss_count, jobs)
            emit(f"| {jobs or 'default'} | {n:,} | {themes:,} | {rss / 1024:.1f} MB |"
                 f" {cpu:.1f} s | {wall:.1f} s |")
        emit()
    if args.save:
        with open(args.save, "w") as f:
            f.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("select")
    s.add_argument("src")
    s.add_argument("dest")
    s.add_argument("--max-side", type=int, default=256)
    s.add_argument("--limit", type=int, default=0)
    r = sub.add_parser("run")
    r.add_argument("--sprite-theme", required=True)
    r.add_argument("--decode-floor", required=True)
    r.add_argument("--work", required=True)
    r.add_argument("--corpus", action="append", required=True, help="NAME=DIR")
    r.add_argument("--reps", type=int, default=5)
    r.add_argument("--floor-rounds", type=int, default=21,
                   help="interleaved rounds of the floor comparison")
    r.add_argument("--budget", type=float, default=60.0,
                   help="CPU seconds per Python tool and corpus after which passes stop")
    r.add_argument("--rss-corpus", help="folder whose files are repeated for the memory run")
    r.add_argument("--rss-count", type=int, default=10000)
    r.add_argument("--save", help="also write the tables to this file")
    args = parser.parse_args()
    if args.command == "select":
        select(args.src, args.dest, args.max_side, args.limit)
    else:
        try:
            run(args)
        finally:
            remove_left_folders()


if __name__ == "__main__":
    main()
