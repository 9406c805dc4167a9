// Before the browser suites: Chromium must exist and the client must be built.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM_PATH } from '../helpers/browser';

function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    console.log('Chromium is missing: installing Debian package "chromium" with apt-get...');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it with "apt-get install chromium" ` +
        '(as root), or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
}

export default function setup() {
  ensureChromium();
  // The same build npm start uses (client with precompressed copies, and the server).
  execFileSync('node', ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
}
