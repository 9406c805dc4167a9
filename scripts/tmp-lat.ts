// ad hoc: start the server on a seeded copy, 50 loops over one URL, print latency timeline
import fs from 'node:fs';
import http from 'node:http';
import { startBenchServer } from './benchServer';
const [urls, seconds = '5', method = 'GET'] = process.argv.slice(2);
const dir = '/tmp/perf/run'; fs.rmSync(dir, { recursive: true, force: true }); fs.mkdirSync(dir);
fs.copyFileSync('/tmp/perf/seeded.db', `${dir}/app.db`);
const server = await startBenchServer({ file: `${dir}/app.db`, dir, portBase: 6100 });
const login = async (u: string) => (await fetch(`${server.base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: u, password: 'benchpass123' }) })).headers.get('set-cookie')!.split(';')[0]!;
const cookie = await login(method === 'POST' ? 'benchadmin' : 'member1');
const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
for (const url of urls!.split(',')) {
const cpu0 = cpuMs(server.child.pid!);
const res: [number, number][] = [];
const t0 = performance.now(); const end = t0 + Number(seconds) * 1000; let n = 0;
const one = () => new Promise<void>((ok, fail) => {
  const start = performance.now();
  const body = method === 'POST' ? JSON.stringify({ body: `r ${++n} ${Date.now()}` }) : undefined;
  const req = http.request(server.base + url, { method, agent, headers: { cookie, 'content-type': 'application/json' } }, (r) => { r.resume(); r.on('end', () => { res.push([start - t0, performance.now() - start]); ok(); }); });
  req.on('error', fail); req.end(body);
});
async function loop() { while (performance.now() < end) await one(); }
await Promise.all(Array.from({ length: 50 }, loop));
const lat = res.map((r) => r[1]).sort((a, b) => a - b);
const q = (x: number) => lat[Math.floor(x * lat.length)]!.toFixed(0);
console.log(url.slice(0, 40), `cpu/req ${((cpuMs(server.child.pid!) - cpu0) / res.length).toFixed(3)} ms`, `${res.length / Number(seconds)} req/s p50 ${q(0.5)} p99 ${q(0.99)} max ${lat.at(-1)!.toFixed(0)}`);
const slow = res.filter((r) => r[1] > Number(q(0.99)));
console.log('slow starts (s):', slow.map((r) => (r[0] / 1000).toFixed(2) + '/' + r[1].toFixed(0)).join(' '));
}
agent.destroy(); await server.stop();
