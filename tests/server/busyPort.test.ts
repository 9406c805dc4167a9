// A start on a port another program holds (port 5000 is AirPlay's on recent Macs) stops at once
// with plain words, before it touches the database: no migration, no new admin password printed
// (issue 27). SQLite only: the check comes before either engine is opened.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dialect } from '../../src/server/platform/db/dialectChoice';

describe.skipIf(dialect !== 'sqlite')('a start on a busy port', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contest-busy-port-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("says 'Port N is in use: set PORT to another one' and exits 1 with the database untouched", async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      const databasePath = path.join(dir, 'app.db');
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
        env: {
          ...process.env,
          DATABASE_URL: '',
          DATABASE_PATH: databasePath,
          UPLOAD_DIR: path.join(dir, 'uploads'),
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} is in use: set PORT to another one`);
      expect(output).not.toMatch(/TypeError|password/i);
      expect(fs.existsSync(databasePath)).toBe(false);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 60_000);
});
