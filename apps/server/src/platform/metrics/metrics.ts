/**
 * Counters in the Prometheus text format (served at `GET /metrics`). Each node counts its own
 * traffic; a scraper sums the nodes. Deliberately tiny: counters with labels, nothing else.
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

const keyOf = (labels: Labels) =>
  JSON.stringify(
    Object.keys(labels)
      .sort()
      .map((name) => [name, labels[name]]),
  );

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * One app's counters: `buildApp` makes one (or takes the process's from main.ts) and hands it to
 * whatever counts, so two apps in one process (tests) never count into each other's.
 */
export class MetricsRegistry {
  private readonly counters = new Map<string, CounterEntry>();

  /** The counter of that name (created on first use; the same one on every later call). */
  counter(name: string, help: string): Counter {
    let entry = this.counters.get(name);
    if (!entry) {
      entry = { name, help, values: new Map() };
      this.counters.set(name, entry);
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

  /** The exposition lines of every counter (`renderMetrics` joins registries). */
  lines(): string[] {
    const lines: string[] = [];
    for (const { name, help, values } of this.counters.values()) {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`);
      for (const { labels, value } of values.values()) {
        const text = Object.entries(labels)
          .map(([label, labelValue]) => `${label}="${escapeLabel(labelValue)}"`)
          .join(',');
        lines.push(`${name}${text ? `{${text}}` : ''} ${value}`);
      }
    }
    return lines;
  }
}

/**
 * Every counter of the registries in the Prometheus text exposition format (version 0.0.4). Their
 * counter names must differ: each registry counts its own part.
 */
export function renderMetrics(registries: readonly MetricsRegistry[]): string {
  return `${registries.flatMap((registry) => registry.lines()).join('\n')}\n`;
}
