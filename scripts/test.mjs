// `npm test`: typecheck, lint, the server/REST suites and the browser suites, then one summary
// line 'N passed, N failed' covering all of them. Exits non-zero on any failure.
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const results = [];
// What failed, named again under the summary: CI keeps only the log's tail, and a failure
// scrolled out of it above the browser suite's output could not be found otherwise.
const failures = [];

/** Each failed test (or test file that failed to load) of a vitest JSON report, on one line. */
function failuresOf(project, report) {
  const firstLine = (text) =>
    String(text ?? '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  const found = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests)
      found.push(`${project} ${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0)
      found.push(`${project} ${where}: ${firstLine(file.message)}`);
  }
  return found.map((line) => (line.length > 400 ? `${line.slice(0, 400)}…` : line));
}

// The fuzz suites run a fixed seed and this fresh one (tests/fuzz/support.ts); one per run, so
// both suites say the same number and `FUZZ_SEED=N npm test` replays a failure.
process.env.FUZZ_SEED ||= String(Math.floor(Math.random() * 2 ** 31));
console.log(
  `Fuzz seed of this run: ${process.env.FUZZ_SEED} (replay with FUZZ_SEED=${process.env.FUZZ_SEED})`,
);

function postgresInstalled() {
  const root = '/usr/lib/postgresql';
  try {
    return fs.readdirSync(root).some((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')));
  } catch {
    return false;
  }
}

function run(name, command, args) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const ok = r.status === 0;
  console.log(
    `=== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return ok;
}

/**
 * The static checks at once (each is one process, mostly on one core): their output is kept and
 * printed whole, one check after another, in the order given.
 */
async function checks(list) {
  const started = Date.now();
  const done = await Promise.all(
    list.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { env: process.env });
          const out = [];
          child.stdout.on('data', (chunk) => out.push(chunk));
          child.stderr.on('data', (chunk) => out.push(chunk));
          child.on('error', (error) => out.push(Buffer.from(String(error))));
          child.on('close', (code) =>
            resolve({ name, command, args, code, out, seconds: (Date.now() - started) / 1000 }),
          );
        }),
    ),
  );
  for (const { name, command, args, code, out, seconds } of done) {
    console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
    process.stdout.write(Buffer.concat(out));
    console.log(`=== ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds.toFixed(1)} s)`);
    results.push({ suite: name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 });
  }
}

function vitest(project) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vitest-')), 'report.json');
  const ok = run(`tests (${project})`, 'npx', [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  let passed = 0;
  let failed;
  try {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests;
    // A suite that failed to load has no failed test but must still count as a failure.
    if (!ok && failed === 0) failed = Math.max(1, report.numFailedTestSuites ?? 0);
    failures.push(...failuresOf(project, report));
  } catch {
    failed = ok ? 0 : 1;
  }
  results.push({ suite: project, passed, failed });
}

await checks([
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '.']],
  ['format', 'npx', ['prettier', '--check', '.']],
]);
vitest('server');
// The same server suites again on PostgreSQL, when Debian's binaries can start a throw-away
// cluster (.ci/run installs them); said loudly when they cannot.
if (postgresInstalled()) vitest('server-pg');
else {
  console.warn(
    '\n!!! PostgreSQL binaries not found under /usr/lib/postgresql/*/bin: the server suites did ' +
      'NOT run on PostgreSQL. Install them (apt-get install postgresql) to run both databases.',
  );
  // In CI (.ci/run sets CI=true) the PostgreSQL pass is part of the run: skipped is failed.
  const ci = process.env.CI === 'true';
  if (ci) console.error('!!! CI=true: a run without the PostgreSQL pass fails.');
  results.push({ suite: 'server-pg', passed: 0, failed: ci ? 1 : 0, skipped: true });
}
vitest('e2e');

console.log('\nSummary');
for (const r of results)
  console.log(
    `  ${r.suite.padEnd(12)} ${r.skipped ? `SKIPPED (no PostgreSQL binaries)${r.failed ? ', counted as 1 failed (CI)' : ''}` : `${r.passed} passed, ${r.failed} failed`}`,
  );
if (failures.length) {
  console.log('\nFailed');
  for (const line of failures) console.log(`  ${line}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
