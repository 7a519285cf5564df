export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

// Values as Go's ParseFloat reads them, as Prometheus does: NaN and Inf in any case.
const SAMPLE = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|nan|[+-]?inf)(?: \d+)?$/i;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
const COMMENT = /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/;

/** The Prometheus text exposition format, strictly: a line that is not a sample or HELP/TYPE throws. */
export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || COMMENT.test(line)) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) labels[name ?? ''] = value ?? '';
    const text = (match[3] ?? '').toLowerCase();
    const value = text.endsWith('inf') ? (text.startsWith('-') ? -Infinity : Infinity) : Number(text);
    samples.push({ name: match[1] ?? '', labels, value });
  }
  return samples;
}

/** The sum of the samples of `name` carrying at least the given labels; undefined when there is none. */
export function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const matching = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return matching.length === 0 ? undefined : matching.reduce((sum, sample) => sum + sample.value, 0);
}
