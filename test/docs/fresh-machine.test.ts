import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every package of the lockfile that has an install script, and why the install does without it
 * (`ignore-scripts=true` in .npmrc). A new one fails here until someone checks that it works unbuilt too.
 */
const SCRIPTS_NOT_NEEDED: Record<string, string> = {
  'node_modules/better-sqlite3':
    'loads its prebuilt prebuilds/<platform>.node; the script is the implicit node-gyp rebuild of binding.gyp',
  'node_modules/@swc/core':
    'its binary comes from an optional @swc/core-<platform> package; the postinstall only checks it loads',
  'node_modules/protobufjs':
    'the postinstall only warns when a dependent asks for an incompatible version range',
  'node_modules/@scarf/scarf': "the postinstall only reports the install to Scarf's analytics",
};

describe('npm ci runs no install script', () => {
  it('.npmrc sets ignore-scripts and keeps engine-strict', () => {
    const settings = readFileSync('.npmrc', 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(settings).toEqual(expect.arrayContaining(['ignore-scripts=true', 'engine-strict=true']));
  });

  it('every package with an install script is known to work without it', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path)
      .sort();
    expect(withScripts).toEqual(Object.keys(SCRIPTS_NOT_NEEDED).sort());
  });
});
