// `npm run bench:profile -- [PATH]`: where a request path's time goes. Seeds the bench database,
// starts the production server under --cpu-prof, loads PATH (default /trpc/auth.me) signed in as
// the bench admin for 5 s with 50 connections, and prints the functions with the most time of
// their own and the packages with the most time in all (a function's callees included).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// autocannon ships no types; the part used here is small.
// @ts-expect-error no declaration file
import autocannon from 'autocannon';
import { seed } from './bench-seed';
import { startBenchServer } from './benchServer';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const target = process.argv[2] ?? '/trpc/auth.me';

function load(url: string, cookie: string): Promise<{ requests: { average: number } }> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: 50, duration: 5, headers: { cookie } },
      (error: Error | null, result: { requests: { average: number } }) =>
        error ? reject(error) : resolve(result),
    );
  });
}

const percent = (part: number, whole: number) => ((part / whole) * 100).toFixed(1).padStart(5);

function packageOf(url: string): string {
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1]!;
  if (url.includes('dist/server')) return 'app';
  return url.startsWith('node:') ? url : '';
}

function report(profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const time = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const total = [...time.values()].reduce((a, b) => a + b, 0);
  const own = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const inclusiveFn = new Map<string, number>();
  for (const [id, t] of time) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, 'dist/');
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber}`;
    own.set(key, (own.get(key) ?? 0) + t);
    const seen = new Set<string>();
    const seenFn = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const frame = byId.get(cur)!.callFrame;
      const pkg = packageOf(frame.url);
      if (pkg && !seen.has(pkg)) {
        seen.add(pkg);
        inclusive.set(pkg, (inclusive.get(pkg) ?? 0) + t);
      }
      // The app's and tRPC's own functions with their callees: which step of a request costs what.
      if (pkg === 'app' || pkg === '@trpc/server') {
        const fn = `${frame.functionName || '(anonymous)'} ${pkg}:${frame.lineNumber}`;
        if (!seenFn.has(fn)) {
          seenFn.add(fn);
          inclusiveFn.set(fn, (inclusiveFn.get(fn) ?? 0) + t);
        }
      }
    }
  }
  console.log('\n% own time, by function');
  for (const [k, t] of [...own].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(percent(t, total), k);
  }
  console.log('\n% time including callees, by function of the app and tRPC');
  for (const [k, t] of [...inclusiveFn].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(percent(t, total), k);
  }
  console.log('\n% time including callees, by package');
  for (const [k, t] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(percent(t, total), k);
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-profile-'));
  const file = path.join(dir, 'app.db');
  const profiles = path.join(dir, 'profiles');
  await seed(file);
  const server = await startBenchServer({ file, dir, portBase: 5800, cpuProfileDir: profiles });
  const { base } = server;
  try {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchadmin', password: 'benchpass123' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const result = await load(base + target, cookie);
    console.log(`${target}: ${Math.round(result.requests.average)} req/s under the profiler`);
  } finally {
    await server.stop();
  }
  const [name] = fs.readdirSync(profiles);
  report(JSON.parse(fs.readFileSync(path.join(profiles, name!), 'utf8')) as Profile);
  fs.rmSync(dir, { recursive: true, force: true });
}

// `tsx scripts/bench-profile.ts --report FILE.cpuprofile`: the same summary of a profile written
// elsewhere (BENCH_CPU_PROFILE=DIR with scripts/benchServer.ts, e.g. the discussion bench's).
if (process.argv[2] === '--report') {
  report(JSON.parse(fs.readFileSync(process.argv[3]!, 'utf8')) as Profile);
} else {
  void main();
}
