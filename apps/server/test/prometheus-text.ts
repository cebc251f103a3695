/**
 * A strict parser of Prometheus's text exposition format (version 0.0.4), for tests: it refuses
 * anything a Prometheus server would refuse (a bad name, label or value, a sample before its
 * family's TYPE or of the wrong family, a series twice, a histogram whose buckets do not add up).
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: "counter" | "gauge" | "histogram" | "summary" | "untyped";
  help: string;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);
const SUFFIXES: Record<Family["type"], string[]> = {
  counter: [""],
  gauge: [""],
  untyped: [""],
  histogram: ["_bucket", "_sum", "_count"],
  summary: ["", "_sum", "_count"],
};

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    const where = `line ${index + 1}: ${line}`;
    if (line.trim() === "") return;
    if (line.startsWith("#")) {
      const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!meta) return; // a plain comment
      const [, kind, name = "", rest = ""] = meta;
      if (!METRIC_NAME.test(name)) throw new Error(`bad metric name, ${where}`);
      const family = families.get(name) ?? { name, type: "untyped", help: "", samples: [] };
      if (kind === "TYPE") {
        if (!TYPES.has(rest)) throw new Error(`bad type, ${where}`);
        if (family.samples.length > 0) throw new Error(`TYPE after samples, ${where}`);
        family.type = rest as Family["type"];
      } else {
        family.help = rest.replace(/\\n/g, "\n").replace(/\\\\/g, "\\");
      }
      families.set(name, family);
      return;
    }
    const sample = parseSample(line, where);
    const family = familyOf(families, sample.name);
    if (!family) throw new Error(`sample of no declared family, ${where}`);
    const key = `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
    if (seen.has(key)) throw new Error(`duplicate series, ${where}`);
    seen.add(key);
    family.samples.push(sample);
  });
  for (const family of families.values()) {
    if (family.type === "histogram") checkHistogram(family);
  }
  return families;
}

function familyOf(families: Map<string, Family>, sampleName: string): Family | undefined {
  for (const family of families.values()) {
    if (SUFFIXES[family.type].some((suffix) => `${family.name}${suffix}` === sampleName))
      return family;
  }
  return undefined;
}

function parseSample(line: string, where: string): Sample {
  const nameMatch = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line);
  if (!nameMatch) throw new Error(`bad sample name, ${where}`);
  const name = nameMatch[0];
  let rest = line.slice(name.length);
  const labels: Record<string, string> = {};
  if (rest.startsWith("{")) {
    rest = rest.slice(1);
    while (!rest.startsWith("}")) {
      const label = /^([a-zA-Z_][a-zA-Z0-9_]*)="/.exec(rest);
      if (!label?.[1] || !LABEL_NAME.test(label[1])) throw new Error(`bad label, ${where}`);
      rest = rest.slice(label[0].length);
      let value = "";
      for (;;) {
        const char = rest[0];
        if (char === undefined) throw new Error(`unterminated label value, ${where}`);
        rest = rest.slice(1);
        if (char === '"') break;
        if (char === "\\") {
          const escaped = rest[0];
          rest = rest.slice(1);
          if (escaped === "n") value += "\n";
          else if (escaped === "\\" || escaped === '"') value += escaped;
          else throw new Error(`bad escape in label value, ${where}`);
        } else {
          value += char;
        }
      }
      if (label[1] in labels) throw new Error(`label twice, ${where}`);
      labels[label[1]] = value;
      if (rest.startsWith(",")) rest = rest.slice(1);
      else if (!rest.startsWith("}")) throw new Error(`bad label list, ${where}`);
    }
    rest = rest.slice(1);
  }
  const fields = rest.trim().split(/\s+/);
  if (!rest.startsWith(" ") || fields.length < 1 || fields.length > 2)
    throw new Error(`bad value, ${where}`);
  const value = parseValue(fields[0] ?? "", where);
  if (fields[1] !== undefined && !/^-?\d+$/.test(fields[1]))
    throw new Error(`bad timestamp, ${where}`);
  return { name, labels, value };
}

/** A float as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case). */
function parseValue(text: string, where: string): number {
  if (/^\+?inf(inity)?$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value, ${where}`);
  return Number(text);
}

/** Each series' buckets rise with `le`, never fall, and end in +Inf equal to its _count. */
function checkHistogram(family: Family): void {
  const series = new Map<string, Array<{ le: number; value: number }>>();
  const counts = new Map<string, number>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    if (sample.name.endsWith("_bucket")) {
      if (le === undefined) throw new Error(`${family.name}: a bucket without le`);
      const buckets = series.get(key) ?? [];
      buckets.push({ le: parseValue(le, family.name), value: sample.value });
      series.set(key, buckets);
    } else if (sample.name.endsWith("_count")) {
      counts.set(key, sample.value);
    }
  }
  for (const [key, buckets] of series) {
    buckets.sort((a, b) => a.le - b.le);
    for (let i = 1; i < buckets.length; i++) {
      if ((buckets[i]?.value ?? 0) < (buckets[i - 1]?.value ?? 0))
        throw new Error(`${family.name}${key}: buckets fall`);
    }
    const last = buckets[buckets.length - 1];
    if (last?.le !== Number.POSITIVE_INFINITY || last.value !== counts.get(key))
      throw new Error(`${family.name}${key}: the +Inf bucket is not the count`);
  }
}

/** The value of the one sample with exactly these labels (undefined when there is none). */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const family of families.values()) {
    for (const sample of family.samples) {
      if (sample.name !== name) continue;
      const keys = Object.keys(sample.labels);
      if (
        keys.length === Object.keys(labels).length &&
        keys.every((key) => sample.labels[key] === labels[key])
      )
        return sample.value;
    }
  }
  return undefined;
}

/** The sum of every sample of this name whose labels include these. */
export function sumOf(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number {
  let sum = 0;
  for (const family of families.values()) {
    for (const sample of family.samples) {
      if (sample.name !== name) continue;
      if (Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
        sum += sample.value;
    }
  }
  return sum;
}
