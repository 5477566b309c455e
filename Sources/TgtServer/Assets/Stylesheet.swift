/// The dashboard's one stylesheet: mobile first (from 320 px), dark mode, 44 px touch
/// targets, visible keyboard focus.
enum Stylesheet {
    static let source = #"""
:root{--bg:#f4f6f9;--card:#fff;--text:#15202b;--muted:#5b6b7b;--line:#d8dee6;--accent:#2481cc;--accent-text:#fff;--ok:#1a7f37;--bad:#c62828;--warn:#9a6700;--radius:14px;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#0f1419;--card:#1b232c;--text:#e7edf3;--muted:#9aa8b6;--line:#2e3a46;--accent:#5eaef0;--accent-text:#08121c;--ok:#4cc38a;--bad:#ff6b6b;--warn:#e3b341}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--text)}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:var(--card);padding:8px;z-index:10}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.bar{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;padding:8px 16px;background:var(--card);border-bottom:1px solid var(--line)}
.brand{display:flex;align-items:center;gap:8px;font-weight:700;text-decoration:none;color:var(--text);min-height:44px}
.bar nav{display:flex;gap:4px;margin-left:auto}
.bar nav a{padding:10px 12px;border-radius:10px;text-decoration:none;color:var(--text);min-height:44px}
.bar nav a[aria-current]{background:var(--bg);font-weight:600}
.conn{font-size:.85rem;color:var(--muted)}.conn.bad{color:var(--warn)}.conn:empty{display:none}
main{max-width:1100px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;margin:.2em 0 .6em}h2{font-size:1.15rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:16px;margin-bottom:16px}
.narrow{max-width:480px;margin:24px auto}
.stack{display:flex;flex-direction:column;gap:8px}.row{display:flex;gap:8px;flex-wrap:wrap;align-items:center}.row input{flex:1;min-width:0}
input,select,textarea,button,.button{font:inherit;color:inherit}
input,select,textarea{background:var(--bg);border:1px solid var(--line);border-radius:10px;padding:10px 12px;min-height:44px;width:100%}
textarea{resize:vertical;min-height:8em}
input[type=checkbox],input[type=radio]{width:auto;min-height:0}
button,.button{display:inline-flex;align-items:center;justify-content:center;gap:6px;min-height:44px;padding:8px 16px;border-radius:10px;border:1px solid var(--line);background:var(--card);cursor:pointer;text-decoration:none;color:var(--text)}
.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-text)}
.danger{color:var(--bad)}
.inline{display:inline}
.banner{padding:10px 14px;border-radius:10px;margin:8px 0}.banner.error{background:color-mix(in srgb,var(--bad) 14%,transparent);color:var(--bad)}.banner.info{background:color-mix(in srgb,var(--accent) 14%,transparent)}
.hint,.meta{color:var(--muted);font-size:.9rem}
.field{border:0;padding:0;margin:0 0 16px}.field>label,legend{display:block;font-weight:600;margin-bottom:6px}
.field-error{color:var(--bad);margin:4px 0 0;font-size:.95rem}
[aria-invalid=true]{border-color:var(--bad)}
.toolbar{display:flex;gap:8px;align-items:center;margin-bottom:12px}.search{flex:1}
.chips{display:flex;gap:8px;overflow-x:auto;padding:4px 0 12px}
.chip{display:inline-flex;align-items:center;gap:6px;min-height:44px;padding:6px 14px;border-radius:22px;border:1px solid var(--line);background:var(--card);text-decoration:none;color:var(--text);white-space:nowrap}
.chip[aria-current]{background:var(--accent);color:var(--accent-text);border-color:var(--accent)}
.count{font-size:.85rem;opacity:.8}
.grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:12px}
.tile{position:relative;background:var(--card);border:1px solid var(--line);border-radius:var(--radius);display:flex;flex-direction:column}
.tile.dragging{opacity:.4}.tile.drop{outline:2px dashed var(--accent)}
.tap{flex:1;display:flex;flex-direction:column;align-items:flex-start;gap:6px;width:100%;min-height:120px;padding:14px;border:0;background:none;text-align:left;border-radius:var(--radius)}
.tap:active{transform:scale(.98)}.tap[aria-busy=true]{opacity:.7}
.glyph{font-size:2rem;line-height:1}.name{font-weight:700;font-size:1.05rem;overflow-wrap:break-word;hyphens:auto}.targets{color:var(--muted);font-size:.85rem}
.results{list-style:none;margin:0;padding:0 14px 10px;font-size:.9rem}.results:empty{display:none}
.results li{display:grid;grid-template-columns:auto 1fr;gap:2px 6px;align-items:baseline}.results li button{grid-column:2;justify-self:start}.results .sent{color:var(--ok)}.results .failed{color:var(--bad)}
.results button{min-height:36px;padding:2px 10px;font-size:.85rem}
.spinner{display:inline-block;width:.9em;height:.9em;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:spin .8s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spinner{animation:none}}
.menu{position:absolute;top:4px;right:4px}.menu summary{list-style:none;width:44px;height:44px;display:flex;align-items:center;justify-content:center;border-radius:10px;cursor:pointer;font-size:1.3rem}
.menu summary::-webkit-details-marker{display:none}
.menu-items{position:absolute;right:0;top:44px;z-index:5;display:flex;flex-direction:column;background:var(--card);border:1px solid var(--line);border-radius:10px;min-width:150px;box-shadow:0 6px 24px #0003}
.menu-items>*{border:0;border-radius:0;justify-content:flex-start;padding:10px 14px;text-decoration:none;color:var(--text);min-height:44px;display:flex;align-items:center}
.empty{text-align:center;padding:40px 16px}.empty .big{font-size:3rem;margin:0}
dialog{border:1px solid var(--line);border-radius:var(--radius);background:var(--card);color:var(--text);max-width:min(420px,92vw);width:100%}
dialog::backdrop{background:#0007}
.actions{display:flex;gap:8px;justify-content:flex-end;flex-wrap:wrap;margin-top:8px}
.icon-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(48px,1fr));gap:6px}
.icon-choice{position:relative;display:flex;align-items:center;justify-content:center;min-height:48px;border:1px solid var(--line);border-radius:10px;font-size:1.5rem;cursor:pointer}
.icon-choice input{position:absolute;opacity:0;width:1px;height:1px;margin:0;pointer-events:none}.icon-choice:has(input:checked){border:2px solid var(--accent);background:color-mix(in srgb,var(--accent) 15%,transparent)}
.icon-choice:has(input:focus-visible){outline:3px solid var(--accent)}
.vars-guide{display:flex;flex-wrap:wrap;gap:6px;margin:8px 0}.var{font-family:ui-monospace,monospace;font-size:.85rem;min-height:44px;padding:4px 10px}
.custom{display:inline-flex;gap:6px}.custom input{width:9em}
.preview .bubble{background:color-mix(in srgb,var(--accent) 12%,var(--card));border-radius:14px 14px 14px 4px;padding:12px 14px;white-space:pre-wrap;word-break:break-word;min-height:3em}
.bubble code,.bubble pre{font-family:ui-monospace,monospace;background:#0001;border-radius:4px;padding:0 3px}
.target-list{list-style:none;padding:0;margin:8px 0;max-height:360px;overflow:auto;border:1px solid var(--line);border-radius:10px}
.target-list li{border-bottom:1px solid var(--line)}.target-list li:last-child{border:0}
.target{display:flex;gap:10px;align-items:center;min-height:44px;padding:6px 12px;cursor:pointer}.target .meta{margin-left:auto}
.topics{list-style:none;padding-left:28px;margin:0}
.check{display:flex;gap:10px;align-items:center;min-height:44px;margin-bottom:16px}
.qr{display:block;margin:8px auto;width:264px;max-width:100%;height:auto;background:#fff;border-radius:8px}
.waiting{text-align:center;color:var(--muted)}
.batches{list-style:none;padding:0}.batch ul{list-style:none;padding:0;margin:8px 0 0}.batch li{padding:4px 0}
.status-sent .mark{color:var(--ok)}.status-failed .mark,.status-failed .meta{color:var(--bad)}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px}dt{color:var(--muted)}dd{margin:0}
.tokens{list-style:none;padding:0}.tokens li{display:flex;gap:8px;align-items:center;flex-wrap:wrap;padding:6px 0}
.secret{user-select:all;word-break:break-all}
.toast{position:fixed;left:50%;bottom:16px;transform:translateX(-50%);background:var(--text);color:var(--bg);padding:10px 16px;border-radius:10px;max-width:92vw}.toast:empty{display:none}
@media (max-width:480px){main{padding:12px}.grid{grid-template-columns:repeat(auto-fill,minmax(130px,1fr))}.bar nav{margin-left:0;width:100%}.toolbar{flex-wrap:wrap}}
"""#
}
