import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error no types
import autocannon from 'autocannon';
import { seed } from './bench-seed';
import { waitForOk } from '../tests/helpers/serverProcess';

const target = process.argv[2] ?? '/trpc/auth.me';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
const file = path.join(dir, 'app.db');
await seed(file);
const port = 5900 + Math.floor(Math.random() * 90);
fs.rmSync('/tmp/prof', { recursive: true, force: true });
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', 'dist/server/index.js'], {
  env: { ...process.env, DATABASE_PATH: file, UPLOAD_DIR: path.join(dir, 'u'), HOST: '127.0.0.1', PORT: String(port), SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
await waitForOk(`${base}/api/health`);
const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'benchadmin', password: 'benchpass123' }) });
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
const r: any = await new Promise((res, rej) => autocannon({ url: base + target, connections: 50, duration: 5, headers: { cookie } }, (e: any, x: any) => (e ? rej(e) : res(x))));
console.log('req/s', r.requests.average, 'non2xx', r.non2xx);
child.kill('SIGINT');
await new Promise((r) => child.on('exit', r));
const prof = JSON.parse(fs.readFileSync(path.join('/tmp/prof', fs.readdirSync('/tmp/prof')[0]!), 'utf8'));
const self = new Map<string, number>();
const byId = new Map<number, any>(prof.nodes.map((n: any) => [n.id, n]));
const dt = new Map<number, number>();
prof.samples.forEach((id: number, i: number) => dt.set(id, (dt.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
let total = 0;
for (const [id, t] of dt) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*node_modules\//, 'nm/').replace(/.*\/work\/main\//, '')}:${cf.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + t);
  total += t;
}
const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 35);
for (const [k, t] of top) console.log(((t / total) * 100).toFixed(1).padStart(5), k);
// inclusive by package
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map<string, number>();
for (const [id, t] of dt) {
  const seen = new Set<string>();
  let cur: number | undefined = id;
  while (cur !== undefined) {
    const u: string = byId.get(cur).callFrame.url;
    const m = u.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    const k = m ? m[1]! : u.includes('dist/server') ? 'app' : u.startsWith('node:') ? u : '';
    if (k && !seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); }
    cur = parent.get(cur);
  }
}
console.log('--- inclusive');
for (const [k, t] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(((t / total) * 100).toFixed(1).padStart(5), k);
process.exit(0);
