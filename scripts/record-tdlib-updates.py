#!/usr/bin/env python3
"""Records the objects real libtdjson sends while it starts, takes parameters, answers a few
requests offline and closes: the update stream the decoding benchmark replays.

Usage: python3 scripts/record-tdlib-updates.py Benchmarks/fixtures/tdlib-updates.jsonl
"""
import ctypes, glob, json, os, shutil, site, sys, tempfile, time

def find_library():
    for d in site.getsitepackages() + [site.getusersitepackages()]:
        found = sorted(glob.glob(os.path.join(d, "tdjson.libs", "libtdjson*")))
        if found:
            return found[0]
    sys.exit("libtdjson not found: run scripts/install-deps.sh")

td = ctypes.CDLL(find_library())
td.td_create_client_id.restype = ctypes.c_int
td.td_receive.restype = ctypes.c_char_p
td.td_receive.argtypes = [ctypes.c_double]
td.td_send.argtypes = [ctypes.c_int, ctypes.c_char_p]
td.td_execute.restype = ctypes.c_char_p
td.td_execute.argtypes = [ctypes.c_char_p]
td.td_execute(json.dumps({"@type": "setLogVerbosityLevel", "new_verbosity_level": 0}).encode())

work = tempfile.mkdtemp(prefix="tdrecord-")
client = td.td_create_client_id()
recorded = []

def send(obj):
    td.td_send(client, json.dumps(obj).encode())

def drain(seconds, until=None):
    end = time.time() + seconds
    while time.time() < end:
        r = td.td_receive(0.1)
        if r:
            text = r.decode()
            recorded.append(text)
            if until and until(json.loads(text)):
                return

send({"@type": "getOption", "name": "version", "@extra": "v"})
drain(2, lambda o: o.get("@extra") == "v")
send({"@type": "setTdlibParameters", "database_directory": os.path.join(work, "db"), "files_directory": os.path.join(work, "files"),
      "database_encryption_key": "", "use_message_database": True, "use_chat_info_database": True, "api_id": 12345,
      "api_hash": "0123456789abcdef0123456789abcdef", "system_language_code": "en", "device_model": "recorder",
      "application_version": "1", "@extra": "p"})
drain(3)
for name in ["message_text_length_max", "version", "unix_time"]:
    send({"@type": "getOption", "name": name, "@extra": name})
for req in [{"@type": "getMe"}, {"@type": "loadChats", "chat_list": {"@type": "chatListMain"}, "limit": 10}]:
    req["@extra"] = req["@type"]
    send(req)
drain(1)
send({"@type": "close", "@extra": "c"})
drain(3, lambda o: o.get("@type") == "updateAuthorizationState" and o["authorization_state"]["@type"] == "authorizationStateClosed")
shutil.rmtree(work, ignore_errors=True)
with open(sys.argv[1], "w") as f:
    for line in recorded:
        f.write(line + "\n")
print(f"recorded {len(recorded)} objects to {sys.argv[1]}", file=sys.stderr)
