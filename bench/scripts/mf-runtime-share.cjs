// Usage: node bench/scripts/mf-runtime-share.cjs shell/dist/main.*.js user-app/dist/remoteEntry.js
// Attributes each generated character of a minified file to its source (via the source map),
// then gzips the parts that come from the Module Federation runtime vs the rest.
const fs = require('fs'); const zlib = require('zlib');
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function vlq(str) { const out = []; let v = 0, shift = 0; for (const ch of str) { let d = B64.indexOf(ch); const cont = d & 32; d &= 31; v += d << shift; if (cont) shift += 5; else { out.push(v & 1 ? -(v >> 1) : v >> 1); v = 0; shift = 0; } } return out; }
for (const f of process.argv.slice(2)) {
  const code = fs.readFileSync(f, 'utf8'); const map = JSON.parse(fs.readFileSync(f + '.map', 'utf8'));
  const lines = code.split('\n'); const isMf = map.sources.map((s) => /@module-federation|webpack\/runtime|federation/.test(s));
  let src = 0; let mf = '', rest = '';
  map.mappings.split(';').forEach((line, li) => {
    const text = lines[li] ?? ''; let col = 0; const segs = line ? line.split(',') : [];
    const cuts = [];
    for (const seg of segs) { const v = vlq(seg); col += v[0]; if (v.length > 1) src += v[1]; cuts.push([col, v.length > 1 ? src : -1]); }
    // unmapped prefix
    if (!cuts.length) { rest += text; return; }
    rest += text.slice(0, cuts[0][0]);
    cuts.forEach(([c, s], i) => { const end = i + 1 < cuts.length ? cuts[i + 1][0] : text.length; const piece = text.slice(c, end); if (s >= 0 && isMf[s]) mf += piece; else rest += piece; });
  });
  const gz = (s) => zlib.gzipSync(s, { level: 9 }).length;
  console.log(f.split('/').slice(-2).join('/'), 'total', gz(code), 'mf-runtime', gz(mf), 'rest', gz(rest));
}
