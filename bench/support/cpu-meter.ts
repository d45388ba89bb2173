/**
 * CPU time of the processes a bench puts to work, read from /proc (Linux): the server, PostgreSQL
 * (every `postgres` process, when the database runs on this machine) and the bench itself (the load
 * generator). Divided by the reports of a window it gives the CPU each report costs each of them,
 * a figure that a busy neighbour on a shared machine disturbs much less than a rate.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface CpuSeconds {
  server: number;
  /** Null when no PostgreSQL process is visible (the database runs elsewhere). */
  postgres: number | null;
  loadGenerator: number;
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User plus system seconds of a process (all its threads), or null when it cannot be read. */
function processSeconds(pid: string): { name: string; seconds: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const nameEnd = stat.lastIndexOf(')');
    const name = stat.slice(stat.indexOf('(') + 1, nameEnd);
    // Fields after the name: state is the 3rd field of the line, utime the 14th, stime the 15th.
    const fields = stat.slice(nameEnd + 2).split(' ');
    return { name, seconds: (Number(fields[11]) + Number(fields[12])) / ticksPerSecond };
  } catch {
    return null;
  }
}

/** CPU seconds of every `postgres` process on this machine; null when there is none. */
export function postgresSeconds(): number | null {
  let total: number | null = null;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const found = processSeconds(pid);
    if (found?.name === 'postgres') total = (total ?? 0) + found.seconds;
  }
  return total;
}

/** A reading of the CPU seconds used so far; null where /proc is missing (not Linux). */
export function readCpuSeconds(serverPid: number): CpuSeconds | null {
  const server = processSeconds(String(serverPid));
  if (!server) return null;
  const own = process.cpuUsage();
  return {
    server: server.seconds,
    postgres: postgresSeconds(),
    loadGenerator: (own.user + own.system) / 1e6,
  };
}

/** CPU microseconds per item of each process between two readings. */
export function cpuPerItem(before: CpuSeconds, after: CpuSeconds, items: number) {
  const per = (from: number, to: number) => ((to - from) * 1e6) / items;
  return {
    server: per(before.server, after.server),
    postgres:
      before.postgres === null || after.postgres === null ? null : per(before.postgres, after.postgres),
    loadGenerator: per(before.loadGenerator, after.loadGenerator),
  };
}

export type CpuPerItem = ReturnType<typeof cpuPerItem>;
