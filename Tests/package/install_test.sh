#!/usr/bin/env bash
# The release archive as a new user gets it: scripts/package.sh packages a built tgt, the
# archive's checksum is checked, packaging/install.sh installs it into a fresh prefix, and the
# installed tgt runs `--version`, `--demo login` and `--demo serve` (answering over loopback
# HTTP, `tgt --demo status` going through it, a clean stop) with `env -i`: a new HOME and a
# PATH holding only a tripwire named python3/python (nothing else: no Swift toolchain, no
# Python). The tripwire and tgt's debug log prove libtdjson was found beside the binary with
# nothing spawned. Then the Python fallback on the uninstalled binary: its one-line hint, and
# the command it prints making the next run find the library without Python. Then an upgrade
# in place, refusals (another program's tgt, a prefix that is a file), and --uninstall.
#
#   Tests/package/install_test.sh                      packages .build/debug/tgt (CI, after swift build)
#   Tests/package/install_test.sh --binary PATH [--configuration release]
#   Tests/package/install_test.sh --archive FILE.tar.gz
#                                                      an archive already made (a release one): also
#                                                      checks that no library comes from a Swift toolchain
#
# Limit: a debug build links the Swift runtime from the toolchain through its rpath, so in the
# default run PATH has no swift but the runtime still comes from /opt/swift; only a release
# archive (--static-swift-stdlib) is free of it, which --archive checks with ldd.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
started=$(date +%s)
fail() { printf 'install_test: FAIL: %s\n' "$*" >&2; exit 1; }
step() { printf 'install_test: [%3d s] %s\n' "$(( $(date +%s) - started ))" "$*" >&2; }

binary="$root/.build/debug/tgt"
configuration=debug
archive=""
while [ "$#" -gt 0 ]; do
  case "$1" in
    --binary) binary="$2"; shift 2 ;;
    --configuration) configuration="$2"; shift 2 ;;
    --archive) archive="$2"; shift 2 ;;
    *) printf 'usage: Tests/package/install_test.sh [--binary PATH [--configuration debug|release] | --archive FILE]\n' >&2; exit 2 ;;
  esac
done

work="$(mktemp -d "${TMPDIR:-/tmp}/tgt-install-test.XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -KILL "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Waits (polling, up to $1 seconds) until the command after it succeeds.
wait_until() {
  local limit="$1"; shift
  local deadline=$(( $(date +%s) + limit ))
  until "$@"; do
    [ "$(date +%s)" -lt "$deadline" ] || return 1
    sleep 0.1
  done
}

if [ -z "$archive" ]; then
  step "packaging $binary"
  archive="$(bash "$root/scripts/package.sh" --binary "$binary" --configuration "$configuration" --output "$work/dist")"
fi
[ -f "$archive" ] && [ -f "$archive.sha256" ] || fail "no archive or checksum at $archive"
if command -v sha256sum >/dev/null 2>&1; then check=(sha256sum -c); else check=(shasum -a 256 -c); fi
(cd "$(dirname "$archive")" && "${check[@]}" "$(basename "$archive").sha256" >/dev/null) || fail "the checksum does not match $archive"
name="$(basename "$archive" .tar.gz)"
case "$name" in tgtemplates-*-linux-*|tgtemplates-*-macos-*) ;; *) fail "the archive's name $name is not tgtemplates-VERSION-OS-ARCH" ;; esac
step "$(basename "$archive"): $(du -h "$archive" | cut -f1)"

mkdir -p "$work/unpack" "$work/home" "$work/tripwire"
tar -xzf "$archive" -C "$work/unpack"
for f in bin/tgt lib/tgtemplates/libtdjson.so share/man/man1/tgt.1 share/bash-completion/completions/tgt \
  share/zsh/site-functions/_tgt share/fish/vendor_completions.d/tgt.fish share/doc/tgtemplates/THIRD-PARTY-LICENSES.txt \
  share/doc/tgtemplates/BUILD-INFO.txt share/doc/tgtemplates/LICENSE LICENSE install.sh README.txt; do
  [ -s "$work/unpack/$name/$f" ] || fail "the archive lacks $f"
done
grep -q 'Apache License' "$work/unpack/$name/LICENSE" && grep -q 'Version 2.0, January 2004' "$work/unpack/$name/LICENSE" \
  || fail "the archive's LICENSE is not the Apache License 2.0"
grep -q '^\.Dt TGT 1' "$work/unpack/$name/share/man/man1/tgt.1" || fail "tgt.1 is not a man page"
grep -q 'serve' "$work/unpack/$name/share/bash-completion/completions/tgt" || fail "the bash completions do not know serve"

# Linux: tgt ships without its debug information and symbols; they are in the debug archive
# (bin/tgt.debug), which unpacks beside it and which tgt links to (.gnu_debuglink, build ID).
debug_archive="${archive%.tar.gz}-debug.tar.gz"
case "$name" in *-linux-*)
  [ -f "$debug_archive" ] && [ -f "$debug_archive.sha256" ] || fail "no debug archive or checksum at $debug_archive"
  (cd "$(dirname "$debug_archive")" && "${check[@]}" "$(basename "$debug_archive").sha256" >/dev/null) \
    || fail "the checksum does not match $debug_archive"
  tar -xzf "$debug_archive" -C "$work/unpack"
  [ -s "$work/unpack/$name/bin/tgt.debug" ] || fail "the debug archive lacks bin/tgt.debug"
  readelf --string-dump=.gnu_debuglink "$work/unpack/$name/bin/tgt" | grep -q 'tgt\.debug' || fail "bin/tgt does not link to tgt.debug"
  build_id() { readelf -n "$1" 2>/dev/null | sed -n 's/.*Build ID: //p'; }
  [ -n "$(build_id "$work/unpack/$name/bin/tgt")" ] && [ "$(build_id "$work/unpack/$name/bin/tgt")" = "$(build_id "$work/unpack/$name/bin/tgt.debug")" ] \
    || fail "bin/tgt and bin/tgt.debug do not share a build ID"
  ! readelf -S "$work/unpack/$name/bin/tgt" | grep -q '\.symtab' || fail "bin/tgt still carries its symbol table"
  step "$(basename "$debug_archive"): $(du -h "$debug_archive" | cut -f1), tgt.debug beside tgt (build ID $(build_id "$work/unpack/$name/bin/tgt" | cut -c1-12)…)"
  ;;
esac

# A PATH with nothing but a tripwire: if anything runs python3 (or python), the marker appears.
for py in python3 python; do
  printf '#!/bin/sh\necho "$0 $*" >> "%s/python-was-run"\nexit 1\n' "$work" > "$work/tripwire/$py"
  chmod +x "$work/tripwire/$py"
done
clean_env=(env -i "HOME=$work/home" "PATH=$work/tripwire" "LANG=C.UTF-8")
prefix="$work/prefix"

step "install.sh --prefix (PATH=/usr/bin:/bin for the installer's own tools)"
env -i "HOME=$work/home" "PATH=/usr/bin:/bin" bash "$work/unpack/$name/install.sh" --prefix "$prefix" 2> "$work/install.err" \
  || { cat "$work/install.err" >&2; fail "install.sh failed"; }
tgt="$prefix/bin/tgt"
[ -x "$tgt" ] && [ -f "$prefix/lib/tgtemplates/libtdjson.so" ] && [ -f "$prefix/share/man/man1/tgt.1" ] \
  && [ -f "$prefix/share/doc/tgtemplates/MANIFEST" ] || fail "install.sh did not lay out the prefix"
case "$name" in *-linux-*) [ -f "$prefix/bin/tgt.debug" ] || fail "install.sh did not put tgt.debug beside tgt" ;; esac
[ -z "$(find "$prefix" -maxdepth 1 -name '.tgtemplates-install.*')" ] || fail "install.sh left its temporary folder"

version="$("${clean_env[@]}" "$tgt" --version)"
[[ "$version" =~ ^tgt\ \(TgTemplates\)\ [0-9]+\.[0-9]+\.[0-9]+\ -\ .+$ ]] || fail "tgt --version said “$version”"
step "tgt --version: $version"

step "tgt --demo login (phone, code 12345, password demo)"
printf '+15555550123\n12345\ndemo\n' | "${clean_env[@]}" "$tgt" --demo login > "$work/login.out" 2> "$work/login.err" \
  || { cat "$work/login.out" "$work/login.err" >&2; fail "tgt --demo login failed"; }
grep -qi "logged in" "$work/login.out" "$work/login.err" || { cat "$work/login.out" "$work/login.err" >&2; fail "tgt --demo login did not say it logged in"; }

step "tgt --demo serve --port 0"
"${clean_env[@]}" TGT_LOG_LEVEL=debug "$tgt" --demo serve --port 0 > "$work/serve.out" 2> "$work/serve.err" &
server_pid=$!
descriptor="$work/home/.local/share/tgtemplates/demo/server.json"
server_up() { [ -s "$descriptor" ] || ! kill -0 "$server_pid" 2>/dev/null; }
wait_until 120 server_up || fail "tgt --demo serve wrote no server.json in 120 s"
kill -0 "$server_pid" 2>/dev/null || { cat "$work/serve.err" >&2; fail "tgt --demo serve stopped at once"; }
url="$(sed -n 's/.*"url" *: *"\([^"]*\)".*/\1/p' "$descriptor" | sed 's#\\/#/#g')"
token="$(sed -n 's/.*"token" *: *"\([^"]*\)".*/\1/p' "$descriptor")"
[[ "$url" =~ ^http://127\.0\.0\.1:[0-9]+$ ]] || fail "server.json's address is “$url”"
answers() { curl -fsS --max-time 5 -H "Authorization: Bearer $token" "$url/api/status" > "$work/status.json" 2>/dev/null; }
wait_until 60 answers || fail "tgt --demo serve did not answer GET $url/api/status within 60 s"
grep -q '"success" *: *true' "$work/status.json" || fail "GET /api/status: $(cat "$work/status.json")"
curl -fsS --max-time 5 -o /dev/null "$url/" || fail "GET $url/ failed"
# Another command goes through the running dashboard (the NIO client, LoopbackTransport).
"${clean_env[@]}" "$tgt" --demo status > "$work/status.out" 2> "$work/status.err" \
  || { cat "$work/status.out" "$work/status.err" >&2; fail "tgt --demo status through the dashboard failed"; }
kill -TERM "$server_pid"
serve_status=0
wait "$server_pid" || serve_status=$?
server_pid=""
[ "$serve_status" -eq 0 ] || { tail -20 "$work/serve.err" >&2; fail "tgt --demo serve exited $serve_status after SIGTERM"; }
[ ! -e "$descriptor" ] || fail "tgt --demo serve left server.json behind"

# Nothing asked Python: the tripwire never ran, no hint, and the library came from the prefix.
[ ! -e "$work/python-was-run" ] || fail "something ran Python: $(cat "$work/python-was-run")"
! grep -h "asking Python" "$work"/login.err "$work"/serve.err "$work"/status.err || fail "tgt fell back to Python"
grep "loaded libtdjson" "$work/serve.err" | grep "found=without spawning anything" | grep -q "path=$prefix/lib/tgtemplates/libtdjson.so" \
  || { grep -i tdjson "$work/serve.err" >&2 || true; fail "tgt serve did not load libtdjson from $prefix/lib/tgtemplates"; }
if [ "$(uname -s)" = Linux ]; then
  toolchain_libs="$(ldd "$tgt" | grep -c '/swift/' || true)"
  if grep -q 'static-swift-stdlib' "$prefix/share/doc/tgtemplates/BUILD-INFO.txt"; then
    [ "$toolchain_libs" -eq 0 ] || { ldd "$tgt" >&2; fail "the static build still loads libraries from a Swift toolchain"; }
    step "ldd: no Swift toolchain library; needs $(ldd "$tgt" | awk '/=>/{print $1}' | tr '\n' ' ')"
  else
    step "limit: this $configuration binary loads $toolchain_libs Swift runtime libraries from the toolchain by rpath (a release archive links them in)"
  fi
fi

step "the Python fallback on the uninstalled binary: one hint, and its command makes it permanent"
python_real="$(python3 -c 'import sys; print(sys.executable)')"
mkdir -p "$work/with-python" "$work/home2"
ln -s "$python_real" "$work/with-python/python3"
unpacked_tgt="$work/unpack/$name/bin/tgt"
mv "$work/unpack/$name/lib" "$work/unpack/$name/lib.away"  # nothing beside it now
py_env=(env -i "HOME=$work/home2" "PATH=$work/with-python" "LANG=C.UTF-8")
"${py_env[@]}" "$unpacked_tgt" --demo status > /dev/null 2> "$work/python.err" || true
[ "$(grep -c "asking Python" "$work/python.err")" -eq 1 ] || { cat "$work/python.err" >&2; fail "expected one Python hint"; }
hint="$(grep "asking Python" "$work/python.err")"
record="${hint#*record it once: }"
[ "$record" != "$hint" ] || fail "the hint says no command: $hint"
env -i "HOME=$work/home2" PATH=/usr/bin:/bin sh -c "$record" || fail "the hint's command failed: $record"
"${py_env[@]}" TGT_LOG_LEVEL=debug "$unpacked_tgt" --demo status > /dev/null 2> "$work/python2.err" || true
! grep -q "asking Python" "$work/python2.err" || { cat "$work/python2.err" >&2; fail "still asking Python after the hint's command"; }
grep "loaded libtdjson" "$work/python2.err" | grep -q "found=without spawning anything" || { cat "$work/python2.err" >&2; fail "the recorded path was not used"; }
mv "$work/unpack/$name/lib.away" "$work/unpack/$name/lib"

step "install again over itself (an upgrade), refusals, --uninstall"
env -i "HOME=$work/home" "PATH=/usr/bin:/bin" bash "$work/unpack/$name/install.sh" --prefix "$prefix" 2> "$work/install2.err" \
  || { cat "$work/install2.err" >&2; fail "installing over an install failed"; }
mkdir -p "$work/other/bin"
printf '#!/bin/sh\necho "tgt 1.0.0"\n' > "$work/other/bin/tgt"  # what the Rust client says
chmod +x "$work/other/bin/tgt"
if env -i "HOME=$work/home" "PATH=/usr/bin:/bin" bash "$work/unpack/$name/install.sh" --prefix "$work/other" 2> "$work/refused.err"; then
  fail "install.sh replaced another program's tgt"
fi
grep -q "another program" "$work/refused.err" || fail "the refusal does not say why: $(cat "$work/refused.err")"
[ "$(cat "$work/other/bin/tgt")" = "$(printf '#!/bin/sh\necho "tgt 1.0.0"')" ] || fail "the other tgt was changed"
touch "$work/a-file"
if env -i "HOME=$work/home" "PATH=/usr/bin:/bin" bash "$work/unpack/$name/install.sh" --prefix "$work/a-file" 2>/dev/null; then
  fail "install.sh accepted a file as its prefix"
fi
env -i "HOME=$work/home" "PATH=/usr/bin:/bin" bash "$work/unpack/$name/install.sh" --uninstall --prefix "$prefix" 2> "$work/uninstall.err" \
  || { cat "$work/uninstall.err" >&2; fail "--uninstall failed"; }
left="$(find "$prefix" -type f)"
[ -z "$left" ] || fail "--uninstall left: $left"
[ -d "$work/home/.local/share/tgtemplates/demo" ] || fail "--uninstall touched the data folder"

step "passed in $(( $(date +%s) - started )) s"
