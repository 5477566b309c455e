"""docs/automations.md's copy-paste examples: every ```yaml block parses (Home Assistant's `!secret`,
`!include` and `!input` tags allowed) and holds a webhook-triggered automation and a rest_command;
every ```json block parses, the n8n workflow's connections and the Node-RED flow's wires name nodes
that exist; every ```python block compiles and its verification function accepts a signature made
here and refuses a changed body, an old timestamp, a wrong secret; every ```javascript block passes
`node --check`, and the Node function, the n8n Code node and the Node-RED function node (run with
stand-ins for n8n's and Node-RED's objects) do the same. No browser, no dashboard: none of
conftest.py's fixtures. Node is skipped only when `node` is not on PATH."""
import hashlib
import hmac
import json
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
import yaml

DOC = Path(__file__).resolve().parents[2] / "docs" / "automations.md"
SECRET = "whsec_" + "5a" * 32
PLACEHOLDER = "whsec_paste_your_secret_here"
BODY = json.dumps({
    "created_at": "2026-03-14T08:55:03Z",
    "data": {"at": "2026-03-14T08:55:02Z", "chat_id": -1001234567890, "chat_title": "Family 🏠", "send_id": 1842,
             "status": "failed", "error": "You can no longer write in this chat.", "template_name": "Arrived 📍"},
    "id": "evt_5f0c2a9be41d4c7f8a3e6b10",
    "type": "send.outcome",
}, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def blocks(language):
    """The fenced blocks of docs/automations.md tagged `language`, in order."""
    text = DOC.read_text(encoding="utf-8")
    found = re.findall(r"^([ \t]*)```([\w+-]*)[ \t]*\n(.*?)^\1```[ \t]*$", text, flags=re.S | re.M)
    return [re.sub(rf"(?m)^{re.escape(indent)}", "", body) for indent, tag, body in found if tag == language]


def sign(body, secret=SECRET, stamp=None):
    """The TgTemplates-Signature header for `body` at `stamp`, as WebhookSigner makes it."""
    stamp = int(time.time()) if stamp is None else stamp
    mac = hmac.new(secret.encode("utf-8"), f"{stamp}.".encode("ascii") + body, hashlib.sha256).hexdigest()
    return f"t={stamp},v1={mac}"


# (header, body, whether it must verify): made once, used for Python and for every Node variant.
def cases():
    now = int(time.time())
    tampered = BODY.replace(b'"failed"', b'"sent"')
    assert tampered != BODY
    return [
        ("good", sign(BODY, stamp=now), BODY, True),
        ("good, a space after the comma", sign(BODY, stamp=now).replace(",", ", "), BODY, True),
        ("good among two v1", f"t={now},v1={'0' * 64}," + sign(BODY, stamp=now).split(",")[1], BODY, True),
        ("tampered body", sign(BODY, stamp=now), tampered, False),
        ("re-serialised body", sign(BODY, stamp=now), json.dumps(json.loads(BODY)).encode(), False),
        ("six minutes old", sign(BODY, stamp=now - 360), BODY, False),
        ("six minutes ahead", sign(BODY, stamp=now + 360), BODY, False),
        ("wrong secret", sign(BODY, secret="whsec_" + "00" * 32, stamp=now), BODY, False),
        ("no v1", f"t={now}", BODY, False),
        ("not hex", f"t={now},v1=zz", BODY, False),
        ("empty header", "", BODY, False),
    ]


class HomeAssistantLoader(yaml.SafeLoader):
    """PyYAML's safe loader plus Home Assistant's tags, kept as their argument."""


for _tag in ("!secret", "!include", "!input", "!env_var", "!include_dir_named", "!include_dir_list",
             "!include_dir_merge_named", "!include_dir_merge_list"):
    HomeAssistantLoader.add_constructor(_tag, lambda loader, node, tag=_tag: f"{tag} {loader.construct_scalar(node)}")


def test_the_doc_has_an_example_of_each_kind():
    assert DOC.exists(), DOC
    for language, least in (("yaml", 3), ("json", 10), ("python", 1), ("javascript", 3)):
        assert len(blocks(language)) >= least, f"fewer than {least} ```{language} blocks"


def test_yaml_blocks_parse_and_hold_the_home_assistant_examples():
    parsed = [yaml.load(block, Loader=HomeAssistantLoader) for block in blocks("yaml")]
    automations = [entry for doc in parsed if isinstance(doc, dict) for entry in doc.get("automation", [])]
    webhook_triggers = [trigger for automation in automations for trigger in automation.get("triggers", [])
                        if trigger.get("trigger") == "webhook" or trigger.get("platform") == "webhook"]
    assert webhook_triggers, "no automation with a webhook trigger"
    for trigger in webhook_triggers:
        assert len(str(trigger.get("webhook_id", ""))) >= 32, "the webhook_id should be long and random"
        assert trigger.get("allowed_methods") == ["POST"]
        assert trigger.get("local_only") is True
    on_type = [automation for automation in automations
               if any(t in webhook_triggers for t in automation.get("triggers", []))]
    assert "trigger.json.type" in json.dumps(on_type), "the webhook automation does not act on trigger.json.type"

    commands = {name: command for doc in parsed if isinstance(doc, dict)
                for name, command in (doc.get("rest_command") or {}).items()}
    assert commands, "no rest_command"
    for name, command in commands.items():
        assert command.get("url"), name
        # Exactly as docs/triggers.md: a POST with a JSON body of string values under "variables".
        assert str(command.get("method")).lower() == "post", name
        assert command.get("content_type") == "application/json", name
        assert '"variables"' in command.get("payload", ""), name
    called = [action.get("action") for automation in automations for action in automation.get("actions", [])]
    assert any(f"rest_command.{name}" in called for name in commands), "no automation calls the rest_command"


def json_blocks():
    return [json.loads(block) for block in blocks("json")]


def n8n_workflow():
    found = [doc for doc in json_blocks() if isinstance(doc, dict) and "nodes" in doc]
    assert len(found) == 1, "one n8n workflow expected"
    return found[0]


def node_red_flow():
    found = [doc for doc in json_blocks() if isinstance(doc, list)]
    assert len(found) == 1, "one Node-RED flow expected"
    return found[0]


def test_json_blocks_parse_and_event_examples_have_the_payload_shape():
    events = [doc for doc in json_blocks() if isinstance(doc, dict) and "type" in doc and "data" in doc]
    assert {"send.outcome", "away.reply", "trigger.used", "timer.done", "snippet.expanded", "message.received",
            "chat.read", "test"} <= {event["type"] for event in events}
    for event in events:
        assert set(event) == {"id", "type", "created_at", "data"}, event["type"]
        assert re.fullmatch(r"evt_[0-9a-f]{24}", event["id"]), event["id"]
        assert list(event) == sorted(event) and list(event["data"]) == sorted(event["data"]), "keys are sorted"
        for key, value in event["data"].items():
            assert value is not None, f"{event['type']}: {key} is null; absent keys are left out"
            assert re.fullmatch(r"[a-z0-9_]+", key), key


def test_n8n_workflow_is_importable_and_wired():
    workflow = n8n_workflow()
    nodes = {node["name"]: node for node in workflow["nodes"]}
    assert len(nodes) == len(workflow["nodes"]), "node names must be unique"
    for node in workflow["nodes"]:
        assert {"parameters", "name", "type", "typeVersion", "position"} <= set(node), node.get("name")
        assert node["type"].startswith("n8n-nodes-base."), node["type"]
    for source, outputs in workflow["connections"].items():
        assert source in nodes, f"a connection from {source!r}, which is not a node"
        for output in outputs["main"]:
            for link in output:
                assert link["node"] in nodes, f"{source} → {link['node']!r}, which is not a node"
    webhook = next(node for node in workflow["nodes"] if node["type"] == "n8n-nodes-base.webhook")
    assert webhook["parameters"]["httpMethod"] == "POST" and webhook["parameters"]["path"]
    assert webhook["parameters"]["options"]["rawBody"] is True
    request = next(node for node in workflow["nodes"] if node["type"] == "n8n-nodes-base.httpRequest")
    assert request["parameters"]["method"] == "POST" and "/t/" in request["parameters"]["url"]
    body = json.loads(request["parameters"]["jsonBody"])
    assert all(isinstance(value, str) for value in body["variables"].values())
    assert any(node["type"] == "n8n-nodes-base.if" and "$json.type" in json.dumps(node["parameters"])
               for node in workflow["nodes"])


def test_node_red_flow_is_importable_and_wired():
    flow = node_red_flow()
    ids = [node["id"] for node in flow]
    assert len(ids) == len(set(ids)), "node ids must be unique"
    for node in flow:
        assert node.get("type"), node["id"]
        for output in node.get("wires", []):
            for target in output:
                assert target in ids, f"{node['id']} is wired to {target!r}, which is not a node"
    function = next(node for node in flow if node["type"] == "function")
    assert function["outputs"] == len(function["wires"])
    http_in = next(node for node in flow if node["type"] == "http in")
    assert http_in["method"] == "post" and http_in["skipBodyParsing"] is True
    switch = next(node for node in flow if node["type"] == "switch")
    assert switch["property"] == "payload.type" and switch["outputs"] == len(switch["wires"])
    request = next(node for node in flow if node["type"] == "http request")
    assert request["method"] == "POST" and "/t/" in request["url"]
    assert json.loads(next(node for node in flow if node["type"] == "inject")["payload"])["variables"]


def python_verifier():
    namespace = {}
    for number, block in enumerate(blocks("python")):
        exec(compile(block, f"automations.md python block {number + 1}", "exec"), namespace)
    return namespace["verify_tgtemplates_signature"]


def test_python_blocks_compile_and_verify():
    verify = python_verifier()
    for name, header, body, expected in cases():
        assert verify(SECRET, header, body) is expected, name
    assert verify(SECRET, None, BODY) is False


NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not on PATH")

HARNESS = r"""
const crypto = require("node:crypto");
const CASES = %(cases)s;
const SECRET = %(secret)s;

// docs/automations.md: the Node.js function.
%(verifier)s

// docs/automations.md: the n8n Code node, with n8n's $input and this.helpers stood in for.
async function n8nCode($input) {
%(n8n)s
}

// docs/automations.md: the Node-RED function node (its `crypto` module set up in the node's libs).
function nodeRedFunction(msg, node, env) {
%(nodered)s
}

(async () => {
  const results = [];
  for (const [name, header, bodyBase64] of CASES) {
    const body = Buffer.from(bodyBase64, "base64");
    const direct = verifyTgTemplatesSignature(SECRET, header, body);
    const headers = { "tgtemplates-signature": header, "tgtemplates-delivery": "evt_5f0c2a9be41d4c7f8a3e6b10" };
    const helpers = { getBinaryDataBuffer: async (index, field) => (index === 0 && field === "data" ? body : null) };
    const item = { json: { headers, params: {}, query: {}, body: JSON.parse(body.toString("utf8")) } };
    const [n8nItem] = await n8nCode.call({ helpers }, { first: () => item, all: () => [item] });
    const [passed, refused] = nodeRedFunction({ payload: body, req: { headers } }, { warn() {}, error() {} }, {});
    results.push({
      name,
      direct,
      n8n: n8nItem.json.verified,
      n8nType: n8nItem.json.type || null,
      nodeRed: passed !== null,
      nodeRedType: passed ? passed.payload.type : null,
      nodeRedStatus: refused ? refused.statusCode : null,
    });
  }
  process.stdout.write(JSON.stringify(results));
})().catch((error) => { console.error(error); process.exit(1); });
"""


def node(*args, cwd=None):
    return subprocess.run([NODE, *args], capture_output=True, text=True, timeout=30, cwd=cwd)


@needs_node
def test_javascript_blocks_pass_node_check(tmp_path):
    for number, block in enumerate(blocks("javascript")):
        path = tmp_path / f"block{number + 1}.js"
        path.write_text(block, encoding="utf-8")
        checked = node("--check", str(path))
        assert checked.returncode == 0, f"javascript block {number + 1}:\n{checked.stderr}"


@needs_node
def test_node_n8n_and_node_red_verifiers_agree_with_the_signer(tmp_path):
    verifier = next(block for block in blocks("javascript") if "function verifyTgTemplatesSignature" in block)
    verifier = verifier.replace('const crypto = require("node:crypto");', "")
    verifier = re.sub(r"(?m)^module\.exports.*$", "", verifier)
    n8n_code = next(node["parameters"]["jsCode"] for node in n8n_workflow()["nodes"]
                    if node["type"] == "n8n-nodes-base.code")
    red_code = next(node["func"] for node in node_red_flow() if node["type"] == "function")
    assert PLACEHOLDER in n8n_code and PLACEHOLDER in red_code
    n8n_code = n8n_code.replace("const crypto = require('crypto');", "")
    import base64
    all_cases = cases()
    harness = HARNESS % {
        "cases": json.dumps([[name, header, base64.b64encode(body).decode()] for name, header, body, _ in all_cases]),
        "secret": json.dumps(SECRET),
        "verifier": verifier,
        "n8n": n8n_code.replace(PLACEHOLDER, SECRET),
        "nodered": red_code.replace(PLACEHOLDER, SECRET),
    }
    (tmp_path / "harness.js").write_text(harness, encoding="utf-8")
    run = node(str(tmp_path / "harness.js"))
    assert run.returncode == 0, run.stderr
    results = {result["name"]: result for result in json.loads(run.stdout)}
    for name, _, _, expected in all_cases:
        result = results[name]
        assert result["direct"] is expected, f"Node.js function, {name}"
        assert result["n8n"] is expected, f"n8n Code node, {name}"
        assert result["nodeRed"] is expected, f"Node-RED function node, {name}"
        if expected:
            assert result["n8nType"] == "send.outcome" and result["nodeRedType"] == "send.outcome", name
        else:
            assert result["nodeRedStatus"] == 401, name
