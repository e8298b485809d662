// CPU time from Linux's /proc, for the benchmarks that put figures per request or per event.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** The cores the machine's CPU time is shared among, and how the benchmarks' headers name it. */
export const CORES = availableParallelism();
export const MACHINE = `${CORES}-core machine`;

/** Clock ticks per second of /proc's CPU times (USER_HZ). */
export const TICKS_PER_SECOND = 100;

/** A process's user + system CPU time so far, in clock ticks (/proc/<pid>/stat). */
export function cpuTicksOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) is in parentheses and may itself hold ") ".
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Busy time of all the machine's cores so far, in ms (/proc/stat: user, nice, system, irq, softirq, steal). */
export function machineBusyMs() {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return ((user + nice + system + irq + softirq + steal) * 1000) / TICKS_PER_SECOND;
}
