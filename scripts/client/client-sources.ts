import type { JsonSchema } from '../../src/http/openapi-schemas.ts';
import { declaration, docComment } from './typescript-declarations.ts';

/** The envelope parts the client exposes; the per-status error schemas are the server's business. */
const SHARED_SCHEMAS = [
  'SuccessEnvelope',
  'ToolData',
  'QuotaBlock',
  'ContentBlock',
  'Approval',
  'ApprovalChange',
  'ErrorCode',
  'ErrorEnvelope',
];

const HEADER = '// Generated from the OpenAPI document by `npm run client:generate`. Do not edit.\n';

interface ToolEntry {
  name: string;
  typeName: string;
  description: string;
  readOnly: boolean;
  billable: boolean;
  argumentsOptional: boolean;
  /** The component of its `data.structured`, when the tool declares one. */
  resultName: string | undefined;
}

function toolEntries(document: JsonSchema): ToolEntry[] {
  const paths = document.paths as Record<string, { post: JsonSchema }>;
  const schemas = (document.components as { schemas: Record<string, JsonSchema> }).schemas;
  return Object.values(paths).map(({ post }) => {
    const body = post.requestBody as {
      content: { 'application/json': { schema: { properties: { arguments: { $ref: string } } } } };
    };
    const ref = body.content['application/json'].schema.properties.arguments.$ref;
    const typeName = ref.replace('#/components/schemas/', '');
    const required = (schemas[typeName]?.required ?? []) as string[];
    return {
      name: String(post.operationId),
      typeName,
      // The client's doc comments are read by people and coding models alike: the whole guidance.
      description: String(post['x-llm-guidance'] ?? post.description ?? ''),
      readOnly: post['x-read-only'] === true,
      billable: post['x-billable'] === true,
      argumentsOptional: required.length === 0,
      resultName: schemas[typeName.replace(/Arguments$/, 'Result')]
        ? typeName.replace(/Arguments$/, 'Result')
        : undefined,
    };
  });
}

function camelCase(name: string): string {
  return name.replace(/[_-]+([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function apiTypes(document: JsonSchema, tools: ToolEntry[]): string {
  const schemas = (document.components as { schemas: Record<string, JsonSchema> }).schemas;
  const shared = SHARED_SCHEMAS.map((name) => declaration(name, schemas[name] as JsonSchema));
  const argumentTypes = tools.map((tool) =>
    declaration(tool.typeName, schemas[tool.typeName] as JsonSchema, [`The arguments of \`${tool.name}\`.`]),
  );
  const resultTypes = tools.flatMap((tool) =>
    tool.resultName
      ? [
          declaration(tool.resultName, schemas[tool.resultName] as JsonSchema, [
            `The answer of \`${tool.name}\`.`,
          ]),
        ]
      : [],
  );
  const map = tools.map((tool) => `  ${tool.name}: ${tool.typeName};\n`).join('');
  const results = tools
    .map((tool) => `  ${tool.name}: ${tool.resultName ?? 'Record<string, unknown>'};\n`)
    .join('');
  return [
    HEADER,
    ...shared,
    ...argumentTypes,
    ...resultTypes,
    '/** The arguments of every tool, by tool name. */\n',
    `export interface ToolArguments {\n${map}}\n`,
    '\n/** The machine-readable answer (`data.structured`) of every tool, by tool name. */\n',
    `export interface ToolResults {\n${results}}\n`,
    '\nexport type ToolName = keyof ToolArguments;\n',
  ].join('\n');
}

function toolMethods(tools: ToolEntry[]): string {
  const types = [
    ...tools.flatMap((tool) => [tool.typeName, ...(tool.resultName ? [tool.resultName] : [])]),
    'ToolArguments',
    'ToolName',
    'ToolResults',
  ].sort();
  const methods = tools.map((tool) => {
    const nature = [
      tool.readOnly ? 'Read-only.' : 'Changes things at the platform.',
      tool.billable ? 'Billable: one quota unit (dry runs and replays use none).' : 'Free: uses no quota.',
    ].join(' ');
    const parameter = `args: ${tool.typeName}${tool.argumentsOptional ? ' = {}' : ''}`;
    const result = `ToolCallResult<${tool.resultName ?? 'Record<string, unknown>'}>`;
    return (
      docComment([tool.description, nature], '  ') +
      `  ${camelCase(tool.name)}(${parameter}, options?: CallOptions): Promise<${result}> {\n` +
      `    return this.callTool('${tool.name}', args, options);\n  }\n`
    );
  });
  return [
    HEADER,
    `import type { ${types.join(', ')} } from './api-types.generated.ts';\n`,
    "import type { CallOptions, ToolCallResult } from './call-types.ts';\n",
    '\n/** One typed method per tool of the service; each is a `callTool` of that tool. */\n',
    'export abstract class ToolMethods {\n',
    '  abstract callTool<Name extends ToolName>(\n',
    '    tool: Name,\n    args: ToolArguments[Name],\n    options?: CallOptions,\n  ): Promise<ToolCallResult<ToolResults[Name]>>;\n\n',
    methods.join('\n'),
    '}\n',
  ].join('');
}

/** The generated sources of the client, by file name under src/client/, before formatting. */
export function clientSources(document: JsonSchema): Record<string, string> {
  const tools = toolEntries(document);
  return {
    'api-types.generated.ts': apiTypes(document, tools),
    'tool-methods.generated.ts': toolMethods(tools),
  };
}
