// The layers of src/, top to bottom (the README's architecture picture). A module imports only from its
// own layer or the ones below it, type-only imports included, and no import circle exists.
const LAYERS = [
  { name: 'composition root', path: '^src/(server|services|demo)\\.ts$|^src/(app|cli)/' },
  { name: 'doors', path: '^src/(http|mcp|console|oauth)/' },
  { name: 'what the doors share', path: '^src/context\\.ts$' },
  { name: 'owner use cases', path: '^src/owners/' },
  { name: 'monitors and envelopes', path: '^src/(monitors|envelopes)/' },
  { name: 'sandbox platforms', path: '^src/sandbox/' },
  { name: 'web pages', path: '^src/web/' },
  { name: 'authentication and admission', path: '^src/(auth|ratelimit)/' },
  { name: 'pipeline', path: '^src/pipeline/' },
  { name: 'notifications', path: '^src/notifications/' },
  { name: 'tools', path: '^src/tools/' },
  { name: 'media', path: '^src/assets/' },
  { name: 'platform clients', path: '^src/platforms/' },
  { name: 'metrics', path: '^src/metrics/' },
  { name: 'jobs', path: '^src/jobs/' },
  { name: 'storage', path: '^src/storage/' },
  { name: 'foundation', path: '^src/crypto/|^src/[^/]+\\.ts$' },
  // The typed client is published on its own (package.json `exports`): it stands on nothing of the service.
  { name: 'typed client', path: '^src/client/' },
];

const DOORS = ['http', 'mcp', 'console', 'oauth'];

/** A layer's pattern, less the files an earlier (higher) layer already claims. */
function inLayer(index) {
  const higher = LAYERS.slice(0, index).map((layer) => layer.path);
  return { path: LAYERS[index].path, pathNot: higher.length > 0 ? higher.join('|') : undefined };
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle: the modules on it cannot be understood, tested or moved one at a time.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    ...LAYERS.slice(1).map((layer, offset) => {
      const index = offset + 1;
      return {
        name: `no-upward-import-from-${layer.name.replaceAll(' ', '-')}`,
        comment: `${layer.name} imports only from its own layer and the layers below it (arrows point down).`,
        severity: 'error',
        from: inLayer(index),
        to: {
          path: LAYERS.slice(0, index)
            .map((above) => above.path)
            .join('|'),
        },
      };
    }),
    {
      name: 'no-sandbox-on-adapter-rules',
      comment:
        "A sandbox emulates its platform from the platform's documentation: importing an adapter's rules or " +
        "schemas (src/platforms/<platform>/) would let it share the adapter's mistakes instead of catching them.",
      severity: 'error',
      from: { path: '^src/sandbox/' },
      to: { path: '^src/platforms/(search|network|social|video)/' },
    },
    ...DOORS.map((door) => ({
      name: `no-door-into-another-door-from-${door}`,
      comment: 'Each door stands on the layers below it; what two doors share lives below them.',
      severity: 'error',
      from: { path: `^src/${door}/` },
      to: { path: `^src/(${DOORS.filter((other) => other !== door).join('|')})/` },
    })),
    {
      name: 'every-module-in-a-layer',
      comment: 'A folder added under src/ takes its place in the layers above.',
      severity: 'error',
      from: { path: '^src/', pathNot: LAYERS.map((layer) => layer.path).join('|') },
      to: {},
    },
  ],
  options: {
    // TypeScript 7 has no compiler API yet: swc parses the sources, and reads type-only imports too.
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    includeOnly: '^src/',
  },
};
