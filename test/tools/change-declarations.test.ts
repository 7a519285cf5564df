import { describe, expect, it } from 'vitest';
import { PLATFORM_INFO } from '../../src/platform-families.ts';
import type { MoneyMeaning } from '../../src/tools/changes/change.ts';
import { meaningsOf } from '../../src/tools/changes/declaration.ts';
import { ALL_TOOLS } from '../../src/tools/registry.ts';
import type { Tool } from '../../src/tools/tool.ts';

const MEANINGS: readonly MoneyMeaning[] = ['delivery', 'daily_budget', 'lifetime_budget', 'bid', 'none'];
const writeTools = ALL_TOOLS.filter((tool) => !tool.annotations.readOnlyHint);

/** The arguments that name the objects a tool changes, as its `address` builds them. */
function addressArguments(tool: Tool): string[] {
  const address = tool.changes?.address;
  if (!address) return [];
  return Object.keys(address([{ kind: tool.changes?.object ?? 'campaign', id: '1', parentId: '2' }]));
}

/** The arguments every tool may take beside what it changes: the account, the dry run. */
function neutralArguments(tool: Tool): string[] {
  const platform = tool.platform;
  return [
    'dry_run',
    ...(platform ? [PLATFORM_INFO[platform].accountArgument] : []),
    ...(tool.platformArguments ? [tool.platformArguments.platform, tool.platformArguments.account] : []),
  ];
}

/**
 * Every write tool says what it changes and what each of its arguments means for spend: the spend-safety
 * suite (test/e2e/spend-safety.test.ts) is generated from these declarations, so a tool or an argument
 * left out would be a money field no rule is tested on.
 */
describe('what every write tool declares it changes', () => {
  it.each(writeTools.map((tool) => [tool.name, tool] as const))(
    '%s declares its object and fields',
    (_, tool) => {
      expect(tool.changes, `${tool.name} declares no changes`).toBeDefined();
      const declared = tool.changes;
      if (!declared) return;
      expect(Object.keys(declared.fields).length, `${tool.name} declares no fields`).toBeGreaterThan(0);
      for (const field of Object.keys(declared.fields)) {
        const meanings = meaningsOf(declared, field);
        expect(meanings.length, `${tool.name}.${field} has no money meaning`).toBeGreaterThan(0);
        for (const meaning of meanings) expect(MEANINGS, `${tool.name}.${field}`).toContain(meaning);
      }
    },
  );

  it.each(writeTools.map((tool) => [tool.name, tool] as const))(
    '%s: every argument is a field with a money meaning, the object named, or neutral',
    (_, tool) => {
      const declared = tool.changes;
      if (!declared) return;
      const known = new Set([
        ...Object.keys(declared.fields),
        ...addressArguments(tool),
        ...(declared.options ?? []),
        ...neutralArguments(tool),
      ]);
      const unclassified = Object.keys(tool.input.shape).filter((field) => !known.has(field));
      expect(unclassified, `${tool.name} changes arguments of no declared meaning`).toEqual([]);
    },
  );

  it('a tool that can stop spend names its objects, so "stop all agents" and revert can reach them', () => {
    for (const tool of writeTools.filter((t) => t.stop)) {
      expect(tool.changes?.address, tool.name).toBeDefined();
      const fields = tool.changes ? meaningsOf(tool.changes, tool.stop?.status.field ?? '') : [];
      expect(fields, `${tool.name}'s stop status`).toContain('delivery');
    }
  });

  it('a field of no known meaning fails the suite: the check itself refuses one', () => {
    const broken = {
      object: 'campaign',
      fields: { daily_budget: 'budgetish' },
    } as unknown as Tool['changes'];
    const meanings = broken ? meaningsOf(broken, 'daily_budget') : [];
    expect(meanings.every((meaning) => MEANINGS.includes(meaning))).toBe(false);
  });
});
