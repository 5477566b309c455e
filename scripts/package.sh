#!/usr/bin/env bash
# Makes the release archive of TgTemplates for this machine's system and processor:
#
#   dist/tgtemplates-VERSION-OS-ARCH.tar.gz         (OS: linux or macos; ARCH: x86_64, aarch64, arm64)
#   dist/tgtemplates-VERSION-OS-ARCH.tar.gz.sha256  (sha256sum's format: `sha256sum -c` checks it)
#   dist/tgtemplates-VERSION-OS-ARCH-debug.tar.gz   (Linux: bin/tgt.debug, tgt's debug information
#                                                   and symbols, and its .sha256; optional)
#
# The archive holds the `tgt` binary, the libtdjson it was tested with (taken from the same
# PyPI wheel, tdjson==1.8.69, that scripts/install-deps.sh installs, hash-checked), shell
# completions (bash, zsh, fish) and a man page made from the binary by swift-argument-parser,
# third-party licenses, a short README and install.sh, which installs it under a prefix
# (~/.local by default) without root. Layout, inside tgtemplates-VERSION-OS-ARCH/:
#
#   bin/tgt                                   lib/tgtemplates/libtdjson.so (.dylib on macOS)
#   share/man/man1/tgt.1                      share/bash-completion/completions/tgt
#   share/zsh/site-functions/_tgt             share/fish/vendor_completions.d/tgt.fish
#   share/doc/tgtemplates/…                   install.sh, README.txt
#
# `tgt` finds lib/tgtemplates/libtdjson.so from its own real path (TDLibraryLocator): no
# Python, no recorded path, nothing spawned.
#
#   scripts/package.sh                          release build (Linux: --static-swift-stdlib) in
#                                               .build-release, then the archive
#   scripts/package.sh --binary PATH [--configuration debug]
#                                               packages a tgt already built (the install test
#                                               packages .build/debug/tgt); --configuration says
#                                               where generate-manual is built (.build for debug)
#   --output DIR      where the archive goes (default: dist/)
#   --scratch-path DIR  SwiftPM's build folder (default: .build-release for release, .build for debug)
#   --tdjson FILE     ship this libtdjson instead of the wheel's (no network; it must be 1.8.69)
#
# Linux x86_64 is what this was run on; Linux aarch64 and macOS arm64 take their wheel the same
# way but have not been run here. Intel macs: there is no tdjson 1.8.69 wheel; pass --tdjson.
set -euo pipefail

TDJSON_VERSION="1.8.69"
# sha256 of each wheel (cp311 tag; the library inside is the same for every Python version).
wheel_sha256() {
  case "$1" in
    manylinux_2_17_x86_64) echo dffe6b6166211e812790f8d13609ebdeb2003e03f56cad128a8c10d58aac8574 ;;
    manylinux_2_17_aarch64) echo b65b04105120be07af21c93ff324852152faebbda8719c71b36c4fc088062db0 ;;
    macosx_11_0_arm64) echo 774ddaf46d6b718c92e77653a5dbeb50a0e78fb45e5eb0d0aff7b2f0836d62ad ;;
    *) return 1 ;;
  esac
}

say() { printf 'package: %s\n' "$*" >&2; }
die() { printf 'package: %s\n' "$*" >&2; exit 2; }
usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//' >&2; exit 2; }

root="$(cd "$(dirname "$0")/.." && pwd)"
binary=""
configuration="release"
output="$root/dist"
tdjson_file=""
scratch=""
while [ "$#" -gt 0 ]; do
  case "$1" in
    --binary) [ "$#" -ge 2 ] || die "--binary needs a path"; binary="$2"; shift 2 ;;
    --configuration) [ "$#" -ge 2 ] || die "--configuration needs debug or release"; configuration="$2"; shift 2 ;;
    --output) [ "$#" -ge 2 ] || die "--output needs a folder"; output="$2"; shift 2 ;;
    --tdjson) [ "$#" -ge 2 ] || die "--tdjson needs a libtdjson file"; tdjson_file="$2"; shift 2 ;;
    --scratch-path) [ "$#" -ge 2 ] || die "--scratch-path needs a folder"; scratch="$2"; shift 2 ;;
    -h|--help) usage ;;
    *) die "unknown argument “$1” (see scripts/package.sh --help)" ;;
  esac
done
case "$configuration" in debug|release) ;; *) die "--configuration is debug or release, not “$configuration”" ;; esac
if [ -n "$tdjson_file" ] && [ ! -f "$tdjson_file" ]; then die "--tdjson: no file at $tdjson_file"; fi

case "$(uname -s)" in
  Linux) os=linux; libname=libtdjson.so ;;
  Darwin) os=macos; libname=libtdjson.dylib ;;
  *) die "$(uname -s) is not supported: the archive is made on Linux or macOS" ;;
esac
case "$(uname -m)" in
  x86_64|amd64) arch=x86_64 ;;
  aarch64|arm64) if [ "$os" = macos ]; then arch=arm64; else arch=aarch64; fi ;;
  *) die "processor $(uname -m) is not supported" ;;
esac
case "$os-$arch" in
  linux-x86_64) wheel_platform=manylinux_2_17_x86_64 ;;
  linux-aarch64) wheel_platform=manylinux_2_17_aarch64 ;;
  macos-arm64) wheel_platform=macosx_11_0_arm64 ;;
  *) wheel_platform="" ;;
esac
if [ -z "$wheel_platform" ] && [ -z "$tdjson_file" ]; then
  die "there is no tdjson $TDJSON_VERSION wheel for $os-$arch: pass --tdjson with a libtdjson $TDJSON_VERSION built for it"
fi
if command -v sha256sum >/dev/null 2>&1; then sha256() { sha256sum "$@"; }
elif command -v shasum >/dev/null 2>&1; then sha256() { shasum -a 256 "$@"; }
else die "neither sha256sum nor shasum is installed"; fi

if [ -z "$scratch" ]; then
  scratch="$root/.build"
  [ "$configuration" = release ] && scratch="$root/.build-release"
fi
build_flags=(-c "$configuration" --package-path "$root" --scratch-path "$scratch")
# Linux: the Swift runtime and Foundation linked in, so the binary needs no toolchain. macOS
# has the Swift runtime in the system (and SwiftPM does not offer a static one there).
[ "$os" = linux ] && [ "$configuration" = release ] && build_flags+=(--static-swift-stdlib)

if [ -z "$binary" ]; then
  command -v swift >/dev/null 2>&1 || die "swift is not on PATH (or pass --binary with a built tgt)"
  say "building tgt: swift build ${build_flags[*]} --product tgt (a clean release build takes 15-25 minutes on 2 cores)"
  start=$(date +%s)
  swift build "${build_flags[@]}" --product tgt >&2
  say "built tgt in $(( $(date +%s) - start )) s"
  binary="$scratch/$configuration/tgt"
fi
[ -x "$binary" ] || die "no executable tgt at $binary"

# The version, from the binary itself: also refuses a binary that is not this project's tgt.
version_line="$("$binary" --version)" || die "$binary --version failed"
version="$(printf '%s\n' "$version_line" | sed -n 's/^tgt (TgTemplates) \([0-9][0-9A-Za-z.+-]*\) .*/\1/p')"
[ -n "$version" ] || die "$binary is not TgTemplates' tgt (its --version says “$version_line”)"
name="tgtemplates-$version-$os-$arch"

work="$(mktemp -d "${TMPDIR:-/tmp}/tgt-package.XXXXXX")"
trap 'rm -rf "$work"' EXIT
stage="$work/$name"
mkdir -p "$stage/bin" "$stage/lib/tgtemplates" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
  "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d" "$stage/share/doc/tgtemplates"
cp "$binary" "$stage/bin/tgt"
chmod 0755 "$stage/bin/tgt"
# Linux: the debug information and the symbol table move to a file of their own, `tgt.debug`,
# shipped in a second archive (NAME-debug.tar.gz, unpacked over the first it lands in bin/
# beside tgt, and install.sh installs it there). The shipped tgt keeps a link to it
# (.gnu_debuglink, with its CRC) and its build ID: Swift's backtracer names the functions of a
# crash when tgt.debug sits beside tgt, and without it prints addresses and the build ID, which
# the debug file turns into names later (`addr2line -f -C -e tgt.debug ADDRESS`). A static
# release tgt: 252 MB as built, 111 MB shipped (154 MB when only the debug information went);
# docs/install.md, "What the binary is made of".
debug_stage=""
if [ "$os" = linux ] && command -v strip >/dev/null 2>&1 && command -v objcopy >/dev/null 2>&1; then
  debug_stage="$work/debug"
  mkdir -p "$debug_stage/$name/bin"
  objcopy --only-keep-debug "$stage/bin/tgt" "$debug_stage/$name/bin/tgt.debug"
  chmod 0644 "$debug_stage/$name/bin/tgt.debug"
  strip --strip-all "$stage/bin/tgt"
  (cd "$debug_stage/$name/bin" && objcopy --add-gnu-debuglink=tgt.debug "$stage/bin/tgt")
elif [ "$os" = linux ] && command -v strip >/dev/null 2>&1; then strip --strip-debug "$stage/bin/tgt"
elif [ "$os" = macos ]; then strip -S "$stage/bin/tgt"; fi

# libtdjson: from the wheel for this platform (downloaded once into the user's cache,
# hash-checked), or the file given.
if [ -n "$tdjson_file" ]; then
  cp "$tdjson_file" "$stage/lib/tgtemplates/$libname"
  tdjson_source="$(basename "$tdjson_file") (given with --tdjson), sha256 $(sha256 "$tdjson_file" | cut -d' ' -f1)"
else
  command -v python3 >/dev/null 2>&1 || die "python3 (with pip) is needed to fetch the tdjson wheel, or pass --tdjson FILE"
  expected="$(wheel_sha256 "$wheel_platform")"
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/tgtemplates/wheels/$wheel_platform"
  wheel="$(find "$cache" -maxdepth 1 -name "tdjson-$TDJSON_VERSION-*.whl" 2>/dev/null | head -1 || true)"
  if [ -z "$wheel" ] || [ "$(sha256 "$wheel" | cut -d' ' -f1)" != "$expected" ]; then
    say "downloading the tdjson $TDJSON_VERSION wheel for $wheel_platform into $cache"
    mkdir -p "$cache"
    printf 'tdjson==%s --hash=sha256:%s\n' "$TDJSON_VERSION" "$expected" > "$work/requirements.txt"
    python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: --require-hashes \
      --platform "$wheel_platform" --python-version 3.11 --implementation cp --abi cp311 \
      -r "$work/requirements.txt" -d "$cache" >&2 || die "could not download the tdjson wheel (offline? pass --tdjson FILE)"
    wheel="$(find "$cache" -maxdepth 1 -name "tdjson-$TDJSON_VERSION-*.whl" | head -1)"
  fi
  [ "$(sha256 "$wheel" | cut -d' ' -f1)" = "$expected" ] || die "$wheel does not have the expected sha256 $expected"
  # Linux wheels keep the library in tdjson.libs/ (libtdjson-HASH.so.1.8.69), macOS ones in
  # tdjson/.dylibs/ beside the OpenSSL it loads from @loader_path: all of them go together.
  python3 - "$wheel" "$stage/lib/tgtemplates" "$libname" <<'PY'
import os, sys, zipfile
wheel, dest, libname = sys.argv[1:]
found = False
with zipfile.ZipFile(wheel) as z:
    for info in z.infolist():
        folder, base = os.path.split(info.filename)
        if folder not in ("tdjson.libs", "tdjson/.dylibs") or not base:
            continue
        target = libname if base.startswith("libtdjson") else base
        found = found or base.startswith("libtdjson")
        with z.open(info) as src, open(os.path.join(dest, target), "wb") as out:
            out.write(src.read())
        os.chmod(os.path.join(dest, target), 0o755)
if not found:
    sys.exit("package: the wheel holds no libtdjson")
PY
  python3 - "$wheel" "$stage/share/doc/tgtemplates/tdjson-wheel-LICENSE.txt" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    name = next(n for n in z.namelist() if n.endswith(".dist-info/licenses/LICENSE"))
    open(sys.argv[2], "wb").write(z.read(name))
PY
  tdjson_source="$(basename "$wheel"), sha256 $expected"
fi

# Completions and the man page, from the binary's own description of its commands.
"$binary" --generate-completion-script bash > "$stage/share/bash-completion/completions/tgt"
"$binary" --generate-completion-script zsh > "$stage/share/zsh/site-functions/_tgt"
"$binary" --generate-completion-script fish > "$stage/share/fish/vendor_completions.d/tgt.fish"
# The man page: swift-argument-parser's generate-manual, the tool its `generate-manual` plugin
# runs. The plugin first builds every product of the package (the benchmarks too, release by
# default) in the main build folder; run here on the binary at hand it writes the same page.
# Blank lines in the help text become mdoc paragraph breaks (man warns about them otherwise).
command -v swift >/dev/null 2>&1 || die "swift is needed to build generate-manual (swift-argument-parser's man page tool)"
swift build "${build_flags[@]}" --product generate-manual > "$work/generate-manual.log" 2>&1 \
  || { cat "$work/generate-manual.log" >&2; die "building generate-manual failed"; }
manual_date="$(git -C "$root" log -1 --format=%cs 2>/dev/null || date +%Y-%m-%d)"
mkdir -p "$work/man"
"$scratch/$configuration/generate-manual" "$binary" --date "$manual_date" --output-directory "$work/man" >&2
[ -s "$work/man/tgt.1" ] || die "generate-manual wrote no tgt.1"
sed 's/^$/.Pp/' "$work/man/tgt.1" > "$stage/share/man/man1/tgt.1"

# Documents: the short README, the licenses (this project's when it has one; every Swift
# package's in the build; the Swift runtime's; TDLib's), and what went into this archive.
cp "$root/packaging/README.txt" "$stage/README.txt"
cp "$root/packaging/README.txt" "$stage/share/doc/tgtemplates/README.txt"
cp "$root/packaging/install.sh" "$stage/install.sh"
chmod 0755 "$stage/install.sh"
for license in LICENSE LICENSE.txt LICENSE.md COPYING; do
  if [ -f "$root/$license" ]; then cp "$root/$license" "$stage/LICENSE"; cp "$root/$license" "$stage/share/doc/tgtemplates/LICENSE"; break; fi
done
[ -f "$stage/LICENSE" ] || say "warning: the repository has no LICENSE file; the archive carries the third-party licenses only"
notices="$stage/share/doc/tgtemplates/THIRD-PARTY-LICENSES.txt"
cat "$root/packaging/THIRD-PARTY.txt" > "$notices"
swift_license="$(dirname "$(dirname "$(command -v swift)")")/share/swift/LICENSE.txt"
if [ -f "$swift_license" ]; then
  printf '\n\n==== The Swift runtime and Foundation (linked into tgt) ====\n\n' >> "$notices"
  cat "$swift_license" >> "$notices"
fi
for package in "$scratch"/checkouts/*/; do
  for license in LICENSE LICENSE.txt LICENSE.md COPYING; do
    if [ -f "$package$license" ]; then
      printf '\n\n==== %s ====\n\n' "$(basename "$package")" >> "$notices"
      cat "$package$license" >> "$notices"
      break
    fi
  done
done

commit="$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)"
[ -z "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ] || commit="$commit (with uncommitted changes)"
{
  printf 'program: %s\n' "$version_line"
  printf 'archive: %s\n' "$name"
  printf 'commit: %s\n' "$commit"
  printf 'configuration: %s%s\n' "$configuration" "$( [ "$os" = linux ] && [ "$configuration" = release ] && echo ', --static-swift-stdlib')"
  printf 'swift: %s\n' "$(swift --version 2>/dev/null | head -1)"
  printf 'libtdjson: %s\n' "$tdjson_source"
  printf 'made: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > "$stage/share/doc/tgtemplates/BUILD-INFO.txt"

# The archives, owned by root:root inside (so an unpacking root keeps no stranger's uid), and
# their checksums; written beside their final names, then moved.
mkdir -p "$output"
output="$(cd "$output" && pwd)"
if tar --version 2>/dev/null | grep -q 'GNU tar'; then
  owner=(--owner=0 --group=0 --numeric-owner --sort=name)
else
  owner=(--uid 0 --gid 0)
fi
# Packs the folder $name inside $1 into the archive $2, and writes $2.sha256.
pack() {
  tar -C "$1" "${owner[@]}" -czf "$2.part" "$name"
  (cd "$output" && sha256 "$(basename "$2.part")" | sed "s/\.part\$//") > "$2.sha256.part"
  mv -f "$2.part" "$2"
  mv -f "$2.sha256.part" "$2.sha256"
}
archive="$output/$name.tar.gz"
pack "$work" "$archive"
say "wrote $archive ($(du -h "$archive" | cut -f1)) and $(basename "$archive").sha256"
if [ -n "$debug_stage" ]; then
  debug_archive="$output/$name-debug.tar.gz"
  pack "$debug_stage" "$debug_archive"
  say "wrote $debug_archive ($(du -h "$debug_archive" | cut -f1)): tgt's debug information, for backtraces with names"
fi
printf '%s\n' "$archive"
