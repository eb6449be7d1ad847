import { createHash } from 'node:crypto';

/**
 * The page's only style sheet, inline and allowed by its hash in the Content-Security-Policy
 * (docs/public-page.md), so the page is one response with no script and no other resource. No
 * element carries a style attribute: the policy would refuse it. Logical properties
 * (inline-start/end) keep the layout right for the right-to-left ar page.
 */
export const pageCss = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#f4f6f8;color:#1f2933;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
:lang(zh) body{font-family:system-ui,"Noto Sans CJK SC","Noto Sans",sans-serif}
:lang(ja) body{font-family:system-ui,"Noto Sans CJK JP","Noto Sans",sans-serif}
:lang(hi) body{font-family:system-ui,"Noto Sans Devanagari","Noto Sans",sans-serif}
:lang(ar) body{font-family:system-ui,"Noto Sans Arabic","Noto Sans",sans-serif}
main{max-width:860px;margin:32px auto;padding:0 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(16,42,67,.12);padding:28px}
header.top{display:flex;flex-wrap:wrap;justify-content:space-between;gap:16px;align-items:flex-start}
.seller{font-size:1.25rem;font-weight:700;color:#102a43;margin:0}
.title{font-size:.8rem;letter-spacing:.08em;text-transform:uppercase;color:#627d98;margin:0 0 2px}
.number{font-size:1.1rem;font-weight:700;margin:0}
.badges{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}
.badge{display:inline-block;border-radius:999px;padding:2px 12px;font-size:.85rem;font-weight:700;border:1px solid}
.badge.unpaid{color:#8d5b0b;background:#fff8e6;border-color:#f0c36d}
.badge.paid{color:#1f6f43;background:#e9f7ef;border-color:#7bc99a}
.badge.overdue{color:#a61b1b;background:#fdecec;border-color:#ef8e8e}
.badge.cancelled,.badge.archived{color:#52606d;background:#f0f2f4;border-color:#b8c2cc}
.badge.test-mode{color:#5b3a8d;background:#f3eefb;border-color:#b9a0e0;border-style:dashed}
dl.meta{display:grid;grid-template-columns:auto auto;gap:2px 16px;margin:0;text-align:end}
dl.meta dt{color:#627d98}
dl.meta dd{margin:0;font-weight:600}
.notice{margin:20px 0 0;padding:12px 16px;border-radius:8px;background:#f0f4f8;border-inline-start:4px solid #829ab1}
.notice.paid{background:#e9f7ef;border-color:#38a169}
.notice.overdue,.notice.error{background:#fdecec;border-color:#e53e3e}
.parties{margin-top:24px}
.label{font-size:.75rem;letter-spacing:.06em;text-transform:uppercase;color:#829ab1;font-weight:700;margin:0 0 4px}
.party-name{font-weight:700;margin:0 0 2px}
.muted{color:#627d98}
.lines{margin-top:24px;overflow-x:auto}
table{width:100%;border-collapse:collapse}
th{font-size:.8rem;color:#627d98;font-weight:700;text-align:start;border-bottom:2px solid #d9e2ec;padding:8px}
td{padding:10px 8px;border-bottom:1px solid #e4e7eb;vertical-align:top}
.num{text-align:end;white-space:nowrap}
.totals{margin-top:16px;margin-inline-start:auto;width:auto;min-width:260px}
.totals td{border:0;padding:4px 8px}
.totals tr.total td{font-weight:700;font-size:1.15rem;border-top:2px solid #243b53;padding-top:10px}
.text{white-space:pre-line;margin:0}
section.block{margin-top:24px}
.actions{display:flex;flex-wrap:wrap;gap:12px;align-items:center;margin-top:28px}
button.pay{font:inherit;font-weight:700;font-size:1.05rem;color:#fff;background:#2563eb;border:0;border-radius:8px;padding:12px 28px;cursor:pointer}
button.pay:hover,button.pay:focus-visible{background:#1d4ed8}
a.pdf{color:#2563eb;font-weight:600;text-decoration:none;border:1px solid #bfd0f5;border-radius:8px;padding:11px 20px}
a.pdf:hover,a.pdf:focus-visible{background:#eef3fd}
.note{width:100%;margin:0;font-size:.85rem;color:#627d98}
footer.foot{margin-top:28px;text-align:center;color:#627d98;font-size:.9rem}
.message h1{font-size:1.4rem;margin:0 0 8px}
@media (max-width:600px){
main{margin:0 auto;padding:0}
.card{border-radius:0;box-shadow:none;padding:20px 16px}
dl.meta{text-align:start}
.totals{min-width:0;width:100%}
button.pay,a.pdf{width:100%;text-align:center}
}
`.trim();

/** The CSP source that admits exactly this style sheet. */
export const pageCssSource = `'sha256-${createHash('sha256').update(pageCss, 'utf8').digest('base64')}'`;
