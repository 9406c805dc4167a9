// Where the application's own files are, whether it runs from src/ (tsx, tests) or from the
// compiled dist/server bundle: the nearest folder above this file that holds package.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findAppRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const APP_ROOT = findAppRoot(path.dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_DIR = path.join(APP_ROOT, 'db/migrations/sqlite');
export const PG_MIGRATIONS_DIR = path.join(APP_ROOT, 'db/migrations/pg');
export const CLIENT_DIR = path.join(APP_ROOT, 'dist/client');
