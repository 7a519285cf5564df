import { describe, expect, it } from 'vitest';
import { PLATFORM_INFO } from '../../../src/platform-families.ts';
import { ALL_TOOLS } from '../../../src/tools/registry.ts';
import { accept } from './validate.ts';

describe('every tool', () => {
  it.each(ALL_TOOLS.map((tool) => [tool.name, tool] as const))(
    '%s is described for a model',
    (_name, tool) => {
      expect(tool.description.trim().length).toBeGreaterThan(40);
      for (const [field, schema] of Object.entries(tool.input.shape)) {
        expect(schema.description, `${tool.name}.${field}`).toBeTruthy();
      }
    },
  );

  it.each(ALL_TOOLS.map((tool) => [tool.name, tool] as const))(
    '%s has an example that validates',
    (_name, tool) => {
      expect(() => accept(tool, tool.example)).not.toThrow();
    },
  );

  it('are fifty-three, with unique names, four of them free', () => {
    expect(new Set(ALL_TOOLS.map((tool) => tool.name)).size).toBe(53);
    expect(ALL_TOOLS.filter((tool) => !tool.billable).map((tool) => tool.name)).toEqual([
      'get_usage_status',
      'list_connected_accounts',
      'get_connections_status',
      'get_approval',
    ]);
  });

  // docs/contract.md: every write tool takes dry_run, those of no platform (the monitors') too.
  it.each(ALL_TOOLS.map((tool) => [tool.name, tool] as const))(
    '%s takes dry_run exactly when it writes',
    (_name, tool) => {
      const fields = Object.keys(tool.input.shape);
      expect(fields.includes('dry_run'), tool.name).toBe(!tool.annotations.readOnlyHint);
    },
  );

  const platformTools = ALL_TOOLS.filter((tool) => tool.platform !== null);

  it('covers the four families', () => {
    expect(new Set(platformTools.map((tool) => tool.platform))).toEqual(
      new Set(['search', 'network', 'social', 'video']),
    );
  });

  it.each(platformTools.map((tool) => [tool.name, tool] as const))(
    '%s takes its platform account argument, and dry_run when it writes',
    (_name, tool) => {
      const fields = Object.keys(tool.input.shape);
      expect(fields).toContain(PLATFORM_INFO[tool.platform ?? 'search'].accountArgument);
      expect(tool.billable).toBe(true);
      if (tool.annotations.readOnlyHint) expect(fields).not.toContain('dry_run');
      else expect(fields).toContain('dry_run');
    },
  );
});
