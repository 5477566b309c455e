#!/usr/bin/env bash
# Installs TgTemplates' `tgt` from this unpacked release archive under a prefix, without root:
#
#   ./install.sh                     into ~/.local (bin/tgt, lib/tgtemplates/, share/…)
#   ./install.sh --prefix DIR        into DIR (it is created if missing)
#   ./install.sh --uninstall [--prefix DIR]
#                                    removes exactly what an install there put (its manifest);
#                                    your templates and login (~/.local/share/tgtemplates) stay
#
# Every file is first copied into a temporary folder inside the prefix, then moved into place
# (a rename: no file is ever seen half-written), the library before the binary. An existing
# `PREFIX/bin/tgt` that is not TgTemplates' (the Rust Telegram client is also called tgt) is
# not replaced unless --force is given. `tgt` finds lib/tgtemplates/libtdjson from its own
# path: nothing is written outside the prefix and no Python is needed.
set -euo pipefail

say() { printf 'install: %s\n' "$*" >&2; }
die() { printf 'install: %s\n' "$*" >&2; exit 2; }
usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//' >&2; exit 2; }

here="$(cd "$(dirname "$0")" && pwd)"
prefix=""
uninstall=false
force=false
while [ "$#" -gt 0 ]; do
  case "$1" in
    --prefix) [ "$#" -ge 2 ] && [ -n "$2" ] || die "--prefix needs a folder"; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; [ -n "$prefix" ] || die "--prefix needs a folder"; shift ;;
    --uninstall) uninstall=true; shift ;;
    --force) force=true; shift ;;
    -h|--help) usage ;;
    *) die "unknown argument “$1” (see ./install.sh --help)" ;;
  esac
done
if [ -z "$prefix" ]; then
  [ -n "${HOME:-}" ] && [ "${HOME#/}" != "$HOME" ] || die "HOME is not set to an absolute folder: give --prefix DIR"
  prefix="$HOME/.local"
fi
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
[ ! -e "$prefix" ] || [ -d "$prefix" ] || die "$prefix exists and is not a folder"

manifest_rel="share/doc/tgtemplates/MANIFEST"

remove_listed() {  # removes the files a manifest lists (relative to the prefix), then empty folders
  local list="$1" keep="${2:-}" rel
  while IFS= read -r rel; do
    [ -n "$rel" ] || continue
    case "$rel" in /*|*..*) continue ;; esac  # only plain paths inside the prefix
    if [ -n "$keep" ] && grep -Fxq -- "$rel" "$keep"; then continue; fi
    rm -f -- "$prefix/$rel"
  done < "$list"
  for dir in lib/tgtemplates share/doc/tgtemplates; do rmdir -- "$prefix/$dir" 2>/dev/null || true; done
}

if [ "$uninstall" = true ]; then
  [ -f "$prefix/$manifest_rel" ] || die "no TgTemplates install found in $prefix (no $manifest_rel)"
  copy="$(mktemp "${TMPDIR:-/tmp}/tgtemplates-manifest.XXXXXX")"
  cp "$prefix/$manifest_rel" "$copy"
  remove_listed "$copy"
  rm -f -- "$copy" "$prefix/$manifest_rel"
  rmdir -- "$prefix/share/doc/tgtemplates" 2>/dev/null || true
  say "removed TgTemplates from $prefix (your data folder was not touched)"
  exit 0
fi

# What this archive holds, checked before anything is written.
[ -x "$here/bin/tgt" ] || die "$here/bin/tgt is missing: run install.sh from the unpacked tgtemplates archive"
ls "$here"/lib/tgtemplates/libtdjson.* >/dev/null 2>&1 || die "$here/lib/tgtemplates has no libtdjson: the archive is incomplete"
version_line="$("$here/bin/tgt" --version 2>&1)" \
  || die "this archive's tgt does not run here ($(uname -s) $(uname -m)): ${version_line:-no output}. Take the archive for this system."
case "$version_line" in *"(TgTemplates)"*) ;; *) die "$here/bin/tgt is not TgTemplates' tgt ($version_line)" ;; esac

if [ -e "$prefix/bin/tgt" ] && [ "$force" != true ]; then
  existing="$("$prefix/bin/tgt" --version 2>/dev/null || true)"
  case "$existing" in
    *"(TgTemplates)"*) ;;
    *) die "$prefix/bin/tgt is another program (${existing:-its --version says nothing}; the Rust Telegram client is also called tgt). Use another --prefix, or --force to replace it." ;;
  esac
fi

mkdir -p "$prefix" 2>/dev/null || die "cannot create $prefix: choose a folder you can write to with --prefix (no root needed: ~/.local is the default)"
[ -w "$prefix" ] || die "cannot write to $prefix: choose a folder you can write to with --prefix (no root needed: ~/.local is the default)"
stage="$(mktemp -d "$prefix/.tgtemplates-install.XXXXXX")"
trap 'rm -rf -- "$stage"' EXIT

# Copy into the temporary folder (same file system as the prefix, so the moves are renames).
(cd "$here" && find bin lib share -type f | LC_ALL=C sort) > "$stage/.files"
grep -Fxv "$manifest_rel" "$stage/.files" > "$stage/.manifest" || true
echo "$manifest_rel" >> "$stage/.manifest"
while IFS= read -r rel; do
  mkdir -p "$stage/root/$(dirname "$rel")"
  cp -p "$here/$rel" "$stage/root/$rel"
done < "$stage/.files"
mkdir -p "$stage/root/$(dirname "$manifest_rel")"
cp "$stage/.manifest" "$stage/root/$manifest_rel"

# Move into place: the library and documents first, the binary last, the manifest at the end.
previous=""
if [ -f "$prefix/$manifest_rel" ]; then previous="$stage/.previous"; cp "$prefix/$manifest_rel" "$previous"; fi
{ grep -v '^bin/' "$stage/.manifest" | grep -Fxv "$manifest_rel" || true; grep '^bin/' "$stage/.manifest" || true; echo "$manifest_rel"; } > "$stage/.order"
while IFS= read -r rel; do
  mkdir -p "$prefix/$(dirname "$rel")"
  mv -f "$stage/root/$rel" "$prefix/$rel"
done < "$stage/.order"
# Files an earlier version installed and this one does not.
if [ -n "$previous" ]; then remove_listed "$previous" "$stage/.manifest"; fi

installed="$("$prefix/bin/tgt" --version)" || die "the installed $prefix/bin/tgt does not run"
say "installed $installed into $prefix"
say "  $prefix/bin/tgt, libtdjson in $prefix/lib/tgtemplates, man page and bash/zsh/fish completions under $prefix/share"
case ":${PATH:-}:" in
  *":$prefix/bin:"*)
    found="$(command -v tgt 2>/dev/null || true)"
    if [ -n "$found" ] && [ "$found" != "$prefix/bin/tgt" ]; then
      say "note: \`tgt\` on your PATH is $found, not this one: put $prefix/bin earlier in PATH, or run $prefix/bin/tgt"
    fi ;;
  *) say "note: $prefix/bin is not on your PATH: add  export PATH=\"$prefix/bin:\$PATH\"  to your shell's startup file" ;;
esac
say "zsh completions: add  fpath+=($prefix/share/zsh/site-functions)  before compinit; bash and fish find theirs under $prefix/share"
say "next: tgt --demo serve  (try it with the built-in simulator), or tgt setup"
