/**
 * Process-wide counters in the Prometheus text format (served at `GET /metrics`). Each node counts
 * its own traffic; a scraper sums the nodes. Deliberately tiny: counters with labels, nothing else.
 */

type Labels = Record<string, string>;

export interface Counter {
  inc(labels: Labels, by?: number): void;
  /** The current value for exactly these labels (0 when never counted). */
  value(labels: Labels): number;
}

interface CounterEntry {
  name: string;
  help: string;
  values: Map<string, { labels: Labels; value: number }>;
}

const counters = new Map<string, CounterEntry>();

const keyOf = (labels: Labels) =>
  JSON.stringify(
    Object.keys(labels)
      .sort()
      .map((name) => [name, labels[name]]),
  );

/** The counter of that name (created on first use; the same one on every later call). */
export function counter(name: string, help: string): Counter {
  let entry = counters.get(name);
  if (!entry) {
    entry = { name, help, values: new Map() };
    counters.set(name, entry);
  }
  const { values } = entry;
  return {
    inc(labels, by = 1) {
      const key = keyOf(labels);
      const current = values.get(key);
      if (current) current.value += by;
      else values.set(key, { labels, value: by });
    },
    value: (labels) => values.get(keyOf(labels))?.value ?? 0,
  };
}

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** Every counter in the Prometheus text exposition format (version 0.0.4). */
export function renderMetrics(): string {
  const lines: string[] = [];
  for (const { name, help, values } of counters.values()) {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`);
    for (const { labels, value } of values.values()) {
      const text = Object.entries(labels)
        .map(([label, labelValue]) => `${label}="${escapeLabel(labelValue)}"`)
        .join(',');
      lines.push(`${name}${text ? `{${text}}` : ''} ${value}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
