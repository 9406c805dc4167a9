// One build at a time in a checkout. Several `npm start` from one folder with a stale build
// would otherwise build into the same dist/ together (one removing the other's staging folder
// under it: ENOENT …/.client-next/…). The lock is a file created exclusively, holding the
// builder's pid; a lock whose process is gone (killed mid-build) is taken over.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

function holderOf(lockFile) {
  try {
    return Number(fs.readFileSync(lockFile, 'utf8')) || undefined;
  } catch {
    return undefined;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but is another user's.
    return error.code === 'EPERM';
  }
}

/**
 * Runs `fn` holding `lockFile`; waits while another live process holds it (saying so once).
 * `fn` runs after the wait, so it must look again at what the other build left (it may be done).
 */
export async function withBuildLock(lockFile, fn, { pollMs = 200, timeoutMs = 15 * 60_000 } = {}) {
  const until = Date.now() + timeoutMs;
  let told = false;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const holder = holderOf(lockFile);
    if (holder !== undefined && !alive(holder)) {
      // Left by a build that died: nobody else is building.
      fs.rmSync(lockFile, { force: true });
      continue;
    }
    if (Date.now() > until) {
      throw new Error(`another build (pid ${holder}) held ${lockFile} for too long`);
    }
    if (!told) {
      console.log(`build: another build is running (pid ${holder}): waiting for it to finish`);
      told = true;
    }
    await sleep(pollMs);
  }
  const release = () => {
    if (holderOf(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
  };
  process.once('exit', release);
  try {
    return await fn();
  } finally {
    process.removeListener('exit', release);
    release();
  }
}
