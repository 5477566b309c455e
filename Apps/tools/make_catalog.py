"""Writes Apps/Shared/Localizable.xcstrings from the English tables in Sources/TgtAppModel/Text
and the Italian and Russian in translations.py. Run it after adding a key:
    python3 Apps/tools/make_catalog.py"""
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).parent))
from translations import IT, RU  # noqa: E402


def english_table():
    table = {}
    for name in ("AppText+English.swift", "AppText+Failures.swift", "AppLabel.swift"):
        text = (ROOT / "Sources/TgtAppModel/Text" / name).read_text()
        for key, value in re.findall(r'^\s*"([a-zA-Z0-9_.]+)": "((?:[^"\\]|\\.)*)",\s*$', text, re.M):
            table[key] = value.replace('\\"', '"')
    return table


def unit(value):
    return {"stringUnit": {"state": "translated", "value": value}}


def main():
    english = english_table()
    missing = [k for k in english if k not in IT or k not in RU]
    if missing:
        sys.exit("no translation for: " + ", ".join(sorted(missing)))
    strings = {
        key: {"extractionState": "manual", "localizations": {"en": unit(english[key]), "it": unit(IT[key]), "ru": unit(RU[key])}}
        for key in sorted(english)
    }
    catalog = {"sourceLanguage": "en", "strings": strings, "version": "1.0"}
    out = ROOT / "Apps/Shared/Localizable.xcstrings"
    out.write_text(json.dumps(catalog, ensure_ascii=False, indent=2, sort_keys=True) + "\n")
    print(f"{out.relative_to(ROOT)}: {len(strings)} keys in en, it, ru")


if __name__ == "__main__":
    main()
