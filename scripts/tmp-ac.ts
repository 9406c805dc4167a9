import fs from 'node:fs';
// @ts-expect-error no types
import autocannon from 'autocannon';
import { startBenchServer } from './benchServer';
const [urls, seconds = '5'] = process.argv.slice(2);
const dir = '/tmp/perf/run2'; fs.rmSync(dir, { recursive: true, force: true }); fs.mkdirSync(dir);
fs.copyFileSync('/tmp/perf/seeded.db', `${dir}/app.db`);
const server = await startBenchServer({ file: `${dir}/app.db`, dir, portBase: 6300 });
const cookie = (await fetch(`${server.base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'member1', password: 'benchpass123' }) })).headers.get('set-cookie')!.split(';')[0]!;
for (const url of urls!.split(',')) {
  const r = await new Promise<any>((ok, fail) => autocannon({ url: server.base + url, connections: 50, duration: Number(seconds), headers: { cookie } }, (e: any, r: any) => (e ? fail(e) : ok(r))));
  console.log(url, Math.round(r.requests.average), 'req/s p50', r.latency.p50, 'p99', r.latency.p99, 'max', r.latency.max, 'p97.5', r.latency.p97_5);
}
await server.stop();
