/**
 * The help pages' stylesheet, inlined in each page: the CSP allows inline styles ('unsafe-inline' in
 * style-src, webApp.ts) but no scripts, and the pages use none. Colours follow the web app's tokens
 * (豆紫 brand, 米豆金 for beans; apps/web/src/styles/theme.css) and its CJK font stack.
 */
export const HELP_STYLE = `
:root{--brand:oklch(.541 .238 287);--brand-dark:oklch(.401 .183 287);--brand-soft:oklch(.972 .014 292);--bean:oklch(.962 .058 95);--line:#e7e8ef;--text:#1f2330;--muted:#6b7085}
*{box-sizing:border-box}
html{scroll-padding-top:80px}
body{margin:0;background:#f6f7fb;color:var(--text);font:16px/1.8 "PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC","Source Han Sans SC",system-ui,sans-serif}
a{color:var(--brand)}a:hover{color:var(--brand-dark)}
.top{position:sticky;top:0;z-index:1;background:#fff;border-bottom:1px solid var(--line)}
.bar{max-width:1120px;margin:0 auto;padding:0 24px;height:60px;display:flex;align-items:center;justify-content:space-between}
.brand{font-size:20px;font-weight:700;color:var(--brand);text-decoration:none;letter-spacing:.5px}
.brand small{margin-left:10px;font-size:14px;font-weight:400;color:var(--muted)}
.back{font-size:14px;text-decoration:none;padding:6px 14px;border-radius:999px;background:var(--brand-soft)}
.layout{max-width:1120px;margin:0 auto;padding:32px 24px 48px;display:grid;grid-template-columns:200px minmax(0,1fr);gap:32px;align-items:start}
.side{position:sticky;top:92px;background:#fff;border:1px solid var(--line);border-radius:12px;padding:12px}
.side ul{list-style:none;margin:0;padding:0}
.side a{display:block;padding:6px 12px;border-radius:8px;color:var(--text);text-decoration:none;font-size:15px}
.side a:hover{background:var(--brand-soft)}
.side a[aria-current=page]{background:var(--brand-soft);color:var(--brand);font-weight:600}
article{background:#fff;border:1px solid var(--line);border-radius:16px;padding:40px 48px}
h1{margin:0 0 4px;font-size:28px;line-height:1.4}
.meta{margin:0 0 20px;color:var(--muted);font-size:14px}
.lead{margin:0 0 8px;color:#3a3f52}
h2{margin:32px 0 8px;padding-top:20px;border-top:1px solid var(--line);font-size:20px}
p{margin:8px 0}
ul,ol{margin:8px 0;padding-left:1.5em}li{margin:4px 0}
.note{margin:12px 0;padding:12px 16px;border-radius:10px;background:var(--bean);color:#5a4310;font-size:15px}
table{width:100%;margin:12px 0;border-collapse:collapse;font-size:15px}
th,td{padding:10px 12px;border:1px solid var(--line);text-align:left}
th{background:var(--brand-soft);font-weight:600}
.compact th,.compact td{white-space:nowrap}.compact td:last-child{white-space:normal}
.qr{display:block;width:160px;height:160px;margin:12px 0;border:1px solid var(--line);border-radius:8px}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px;margin:16px 0 0;padding:0;list-style:none}
.cards a{display:block;height:100%;padding:14px 16px;border:1px solid var(--line);border-radius:12px;text-decoration:none;color:var(--text)}
.cards a:hover{border-color:var(--brand);background:var(--brand-soft)}
.cards strong{display:block;color:var(--brand)}
.cards span{font-size:14px;color:var(--muted)}
footer{max-width:1120px;margin:0 auto;padding:0 24px 40px;color:var(--muted);font-size:13px;text-align:center}
footer a{color:var(--muted);margin:0 8px}
@media (max-width:800px){.layout{grid-template-columns:1fr;padding:16px}.side{position:static}article{padding:24px 20px}}
`
