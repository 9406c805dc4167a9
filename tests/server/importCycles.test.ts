// No import cycle anywhere in src (issue 28): a module in a cycle can run before what it imports
// has finished loading, and areas that import each other cannot be read or changed one at a
// time. dpdm reads every file's imports, type-only ones included.
import path from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

describe('imports', () => {
  it('form no cycle in src (server, shared and client)', async () => {
    const tree = await parseDependencyTree(['src/**/*.ts', 'src/**/*.tsx'], {
      cwd: ROOT,
      context: ROOT,
      tsconfig: path.join(ROOT, 'tsconfig.json'),
      include: /src\//,
      exclude: /node_modules/,
      transform: false,
      skipDynamicImports: false,
    });
    expect(Object.keys(tree).length).toBeGreaterThan(300);
    expect(parseCircular(tree).map((cycle) => cycle.join(' -> '))).toEqual([]);
  }, 120_000);
});
