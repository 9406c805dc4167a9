import { startBenchServer } from './benchServer';
const s = await startBenchServer({ file: '/tmp/perf/run3/app.db', dir: '/tmp/perf/run3', portBase: 6500 });
const cookie = (await fetch(`${s.base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'member1', password: 'benchpass123' }) })).headers.get('set-cookie')!.split(';')[0]!;
for (const u of ['/api/contests?tab=all&page=1&pageSize=12', '/api/contests/1/topics?page=1&pageSize=20', '/api/topics/1?page=1&pageSize=20', '/api/topics/1?page=last&pageSize=20']) {
  const r = await fetch(s.base + u, { headers: { cookie, 'accept-encoding': 'identity' } });
  const t = await r.text(); console.log(u, r.status, t.length, [...r.headers.keys()].join(','));
  if (u.includes('last')) console.log(t.slice(0, 600));
}
await s.stop();
