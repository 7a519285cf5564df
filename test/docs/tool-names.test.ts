import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/http/openapi.ts';
import { mcpToolList } from '../../src/mcp/tool-list.ts';
import { ALL_TOOLS, createRegistry } from '../../src/tools/registry.ts';
import { unknownToolNames } from './tool-names.ts';

describe('the tools named in what agents read', () => {
  it('exist: every tool-like name in the OpenAPI document and the MCP tool list is a tool', () => {
    const document = JSON.stringify(buildOpenApiDocument(ALL_TOOLS, 'https://adops.example.com'));
    expect(unknownToolNames(document)).toEqual([]);
    const listed = JSON.stringify(mcpToolList(createRegistry(), 'spend'));
    expect(unknownToolNames(listed)).toEqual([]);
  });

  it('are found when they do not exist', () => {
    expect(
      unknownToolNames(
        'call delete_social_campaign, then list_social_campaigns or a create_network_*_campaign',
      ),
    ).toEqual(['delete_social_campaign']);
  });
});
