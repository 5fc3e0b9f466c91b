"""Regenerate the web client's bundled fonts (src/cetate/web/fonts/) and their @font-face rules in style.css.

The client carries its own open-licence fonts (Noto, SIL OFL 1.1) so that every language it speaks, Korean
included, reads well on a device that has no such font installed. Each font is cut down to the characters the
client can show: the message catalogs (src/cetate/**/messages/*.toml), the rules guides
(src/cetate/games/*/guide/*.md) and the non-ASCII characters written in the client's own files, plus the whole
Latin range our Latin-script languages use. A change to a catalog that brings a character no bundled font has
fails tests/browser/test_polish.py; run this script again then:

    .venv/bin/python tools/font_subsets.py                    # downloads the @fontsource packages with npm pack
    .venv/bin/python tools/font_subsets.py --packages DIR     # or reads them already unpacked: DIR/<name>/package

Faces (each with a unicode-range, so a browser downloads a file only for a page that uses its characters):
  Cetate Sans      400, 700   Noto Sans (its latin and latin-ext slices, merged)
  Cetate Symbols   400        Noto Sans Math, then Noto Sans Symbols: arrows, shapes, the ticks and swords
  Cetate Sans KR   400, 700   Noto Sans KR (its numbered slices, merged): Hangul and CJK punctuation

Needs fontTools with brotli (the dev extra: pip install -e '.[dev]') and, without --packages, npm.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "cetate"
WEB = SRC / "web"
OUT = WEB / "fonts"
STYLE = WEB / "style.css"
BEGIN = "/* fonts: written by tools/font_subsets.py, do not edit by hand */"
END = "/* end of fonts */"

# the @fontsource packages read (SIL OFL 1.1), pinned
PACKAGES = {
    "noto-sans": "5.3.0",
    "noto-sans-kr": "5.3.0",
    "noto-sans-math": "5.3.0",
    "noto-sans-symbols": "5.3.0",
}

# Latin kept whole, whatever the catalogs hold today: ASCII, Latin-1, Latin Extended-A, Romanian's comma
# letters, the usual punctuation, the euro and the minus sign
LATIN_BASE = frozenset({
    *range(0x20, 0x7F), *range(0xA0, 0x180), *range(0x218, 0x21C),
    0x2013, 0x2014, 0x2018, 0x2019, 0x201A, 0x201C, 0x201D, 0x201E, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030,
    0x2039, 0x203A, 0x20AC, 0x2122, 0x2212,
})


def _ks_x_1001_hangul() -> frozenset[int]:
    """The 2,350 Hangul syllables and the 94 letters (jamo) of KS X 1001, Korean's common set: names typed by
    players and words a catalog adds later are drawn too."""
    chars = set()
    for lead in [0xA4, *range(0xB0, 0xC9)]:
        for trail in range(0xA1, 0xFF):
            with contextlib.suppress(UnicodeDecodeError):  # the gaps of the code table
                chars.add(ord(bytes([lead, trail]).decode("euc-kr")))
    return frozenset(chars)


KOREAN_BASE = _ks_x_1001_hangul()
# the Korean face's unicode-range: whole blocks (Hangul Jamo, CJK punctuation, compatibility jamo, syllables,
# full-width forms), so that its rule stays short; a character the file lacks falls through to the next font
KOREAN_BLOCKS = ((0x1100, 0x11FF), (0x3000, 0x303F), (0x3130, 0x318F), (0xAC00, 0xD7A3), (0xFF00, 0xFFEF))


@dataclass(frozen=True)
class Face:
    stem: str  # the file: fonts/<stem>.woff2
    family: str  # its CSS family
    weight: int
    package: str  # the @fontsource package it is cut from
    slices: tuple[str, ...]  # the package's files it merges (globs under files/)
    base: frozenset[int] = frozenset()  # characters kept even if no text uses them yet
    blocks: tuple[tuple[int, int], ...] = ()  # a unicode-range of whole blocks, instead of its characters


# in the order of the font stack: a character is drawn by the first family that has it
FACES = (
    Face("cetate-sans-400", "Cetate Sans", 400, "noto-sans",
         ("noto-sans-latin-400-normal.woff2", "noto-sans-latin-ext-400-normal.woff2"), LATIN_BASE),
    Face("cetate-sans-700", "Cetate Sans", 700, "noto-sans",
         ("noto-sans-latin-700-normal.woff2", "noto-sans-latin-ext-700-normal.woff2"), LATIN_BASE),
    Face("cetate-math-400", "Cetate Symbols", 400, "noto-sans-math", ("noto-sans-math-*-400-normal.woff2",)),
    Face("cetate-symbols-400", "Cetate Symbols", 400, "noto-sans-symbols",
         ("noto-sans-symbols-*-400-normal.woff2",)),
    Face("cetate-sans-kr-400", "Cetate Sans KR", 400, "noto-sans-kr", ("noto-sans-kr-[0-9]*-400-normal.woff2",),
         KOREAN_BASE, KOREAN_BLOCKS),
    Face("cetate-sans-kr-700", "Cetate Sans KR", 700, "noto-sans-kr", ("noto-sans-kr-[0-9]*-700-normal.woff2",),
         KOREAN_BASE, KOREAN_BLOCKS),
)


def texts() -> list[Path]:
    """The files whose characters the fonts must draw: catalogs, guides and the client's own sources."""
    files = sorted(SRC.glob("**/messages/*.toml")) + sorted(SRC.glob("games/*/guide/*.md"))
    files += sorted(p for p in WEB.rglob("*") if p.suffix in (".js", ".html", ".css"))
    return files


def wanted() -> set[int]:
    chars = set()
    for path in texts():
        chars.update(ord(c) for c in path.read_text(encoding="utf-8") if c.isprintable() or c == "\u00a0")
    return chars


def fetch(dest: Path) -> Path:
    """`npm pack` each package into `dest` and unpack it: dest/<name>/package/..."""
    for name, version in PACKAGES.items():
        out = subprocess.run(["npm", "pack", "--silent", f"@fontsource/{name}@{version}", "--pack-destination",
                              str(dest)], check=True, capture_output=True, text=True).stdout.split()[-1]
        with tarfile.open(dest / out) as tar:
            tar.extractall(dest / name, filter="data")
    return dest


def cmap(path: Path) -> set[int]:
    return set(TTFont(path).getBestCmap())


def cut(slices: list[Path], chars: set[int], stem: str, work: Path) -> Path | None:
    """The glyphs of `chars` from the slices of one face, subset slice by slice and merged into one font."""
    parts = []
    for k, path in enumerate(slices):
        mine = chars & cmap(path)
        if not mine:
            continue
        font = TTFont(path)
        options = subset.Options()
        options.layout_features = ["kern", "liga", "clig", "calt", "ccmp", "locl", "mark", "mkmk"]
        options.hinting = False
        options.desubroutinize = True
        options.name_IDs = ["*"]
        options.notdef_outline = True
        sub = subset.Subsetter(options)
        sub.populate(unicodes=sorted(mine))
        sub.subset(font)
        font.flavor = None
        part = work / f"{stem}-{k}.ttf"
        font.save(part)
        parts.append(part)
    if not parts:
        return None
    merged = Merger().merge([str(p) for p in parts]) if len(parts) > 1 else TTFont(parts[0])
    merged.flavor = "woff2"
    out = OUT / f"{stem}.woff2"
    merged.save(out)
    return out


def ranges(points: set[int]) -> str:
    """A CSS unicode-range for a set of code points."""
    out, run = [], []
    for p in sorted(points):
        if run and p == run[-1] + 1:
            run.append(p)
            continue
        if run:
            out.append(run)
        run = [p]
    if run:
        out.append(run)
    return ", ".join(f"U+{r[0]:X}" if len(r) == 1 else f"U+{r[0]:X}-{r[-1]:X}" for r in out)


def font_faces(faces: list[tuple[Face, set[int]]]) -> str:
    rules = [BEGIN]
    for face, points in faces:
        span = (", ".join(f"U+{lo:X}-{hi:X}" for lo, hi in face.blocks if any(lo <= p <= hi for p in points))
                if face.blocks else ranges(points))
        rules.append(f'@font-face {{ font-family: "{face.family}"; font-style: normal; font-weight: {face.weight}; '
                     f'font-display: swap;\n  src: url("fonts/{face.stem}.woff2") format("woff2");\n'
                     f"  unicode-range: {span}; }}")
    rules.append(END)
    return "\n".join(rules)


def write_style(block: str) -> None:
    css = STYLE.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    if pattern.search(css):
        css = pattern.sub(lambda _: block, css)
    else:
        css = block + "\n\n" + css
    STYLE.write_text(css, encoding="utf-8")


def build(packages: Path) -> None:
    need = wanted()
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.woff2"):
        old.unlink()
    faces: list[tuple[Face, set[int]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for face in FACES:
            files = sorted({p for g in face.slices for p in (packages / face.package / "package" / "files").glob(g)})
            if not files:
                sys.exit(f"no font files {face.slices} in {packages / face.package}")
            # what the faces before this one in the font stack draw stays theirs (the other families', and this
            # family's faces of the same weight: their unicode-ranges do not overlap)
            drawn = set().union(*(pts for f, pts in faces if f.family != face.family or f.weight == face.weight))
            chars = {c for c in need | face.base if c >= 0x20} - drawn
            out = cut(files, chars, face.stem, work)
            if out is None:
                continue
            points = cmap(out) & chars
            faces.append((face, points))
            print(f"{out.relative_to(ROOT)}: {len(points)} characters, {out.stat().st_size / 1024:.0f} KiB")
        for name in PACKAGES:
            licence = packages / name / "package" / "LICENSE"
            (OUT / f"OFL-{name}.txt").write_text(licence.read_text(encoding="utf-8"), encoding="utf-8")
    missing = need - set().union(*(pts for _, pts in faces)) - {0x20, 0xA0}
    if missing:
        print("no bundled font draws: " + " ".join(f"{chr(c)} U+{c:04X}" for c in sorted(missing)))
    write_style(font_faces(faces))
    total = sum(p.stat().st_size for p in OUT.glob("*.woff2"))
    print(f"{len(faces)} faces, {total / 1024:.0f} KiB in all; @font-face rules written to {STYLE.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--packages", type=Path, help="the unpacked @fontsource packages (DIR/<name>/package)")
    args = parser.parse_args()
    if args.packages:
        build(args.packages)
        return
    with tempfile.TemporaryDirectory() as tmp:
        build(fetch(Path(tmp)))


if __name__ == "__main__":
    main()
