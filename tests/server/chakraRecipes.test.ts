// The app's Chakra system (src/client/lib/system.ts) lists only the recipes the app renders, to
// keep them off the first page. A component whose recipe is missing renders unstyled without
// any error, so this reads every Chakra import of the client and fails when one needs a recipe
// the system does not have.
import fs from 'node:fs';
import path from 'node:path';
import { defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { RECIPES, SLOT_RECIPES } from '../../src/client/lib/system';

const DEFAULT_RECIPES = defaultConfig.theme?.recipes ?? {};
const DEFAULT_SLOT_RECIPES = defaultConfig.theme?.slotRecipes ?? {};

/** Components that use recipes other than (or besides) the one named like them. */
const ALSO_NEEDS: Record<string, string[]> = {
  Button: ['spinner'],
  IconButton: ['button', 'spinner'],
  CloseButton: ['button'],
  Toaster: ['toast'],
  InputGroup: ['input', 'inputAddon'],
  Checkbox: ['checkmark'],
  CheckboxCard: ['checkmark'],
  RadioGroup: ['radiomark'],
  RadioCard: ['radiomark'],
  SkipNavLink: ['skipNavLink'],
};

function clientFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return clientFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every name imported from '@chakra-ui/react' in the client, with a file that imports it. */
function chakraImports(): Map<string, string> {
  const names = new Map<string, string>();
  const importRe = /import\s+(?:type\s+)?\{([^}]+)\}\s+from\s+'@chakra-ui\/react'/g;
  for (const file of clientFiles(path.resolve('src/client'))) {
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(importRe)) {
      for (const raw of match[1]!.split(',')) {
        const name = raw
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (name) names.set(name, path.relative(process.cwd(), file));
      }
    }
  }
  return names;
}

function recipeKeysOf(name: string): string[] {
  const own = name.charAt(0).toLowerCase() + name.slice(1);
  const keys = [...(ALSO_NEEDS[name] ?? [])];
  if (own in DEFAULT_RECIPES || own in DEFAULT_SLOT_RECIPES) keys.push(own);
  return keys;
}

describe("the app's Chakra system", () => {
  it('finds the client imports it checks', () => {
    const names = chakraImports();
    expect(names.has('Button')).toBe(true);
    expect(names.has('Dialog')).toBe(true);
  });

  it('has the recipe of every Chakra component the client imports', () => {
    const missing: string[] = [];
    for (const [name, file] of chakraImports()) {
      for (const key of recipeKeysOf(name)) {
        if (!(key in RECIPES) && !(key in SLOT_RECIPES))
          missing.push(`${name} (${file}) needs '${key}'`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("uses Chakra's own recipes unchanged", () => {
    for (const [key, recipe] of Object.entries(RECIPES)) {
      expect(recipe, key).toEqual(DEFAULT_RECIPES[key as keyof typeof DEFAULT_RECIPES]);
    }
    for (const [key, recipe] of Object.entries(SLOT_RECIPES)) {
      expect(recipe, key).toEqual(DEFAULT_SLOT_RECIPES[key as keyof typeof DEFAULT_SLOT_RECIPES]);
    }
  });
});
