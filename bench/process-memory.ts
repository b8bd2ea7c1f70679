/**
 * Resident memory of a process tree started under this one (a server and whatever it starts),
 * sampled: the most the tree held at once (what a container holding it would count) and each
 * process's own peak. Linux only (/proc).
 */
import fs from 'node:fs';

const read = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return ''; // the process (or thread) has just exited
  }
};

const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(read(`/proc/${pid}/status`))?.[1] ?? 0);

function descendants(pid: number): number[] {
  const tasks = fs.existsSync(`/proc/${pid}/task`) ? fs.readdirSync(`/proc/${pid}/task`) : [];
  const children = tasks.flatMap((tid) =>
    read(`/proc/${pid}/task/${tid}/children`).split(' ').filter(Boolean),
  );
  return children.map(Number).flatMap((child) => [child, ...descendants(child)]);
}

export interface ProcessPeak {
  pid: number;
  /** The script it runs (the first argument of its command line naming a script file). */
  script: string;
  peakMb: number;
}

const commandLine = (pid: number) => read(`/proc/${pid}/cmdline`).split('\0');

/**
 * Samples every `everyMs` until `stop()`, which returns what it saw: the trees of this process's
 * descendants whose command line `isRoot` accepts (others, e.g. tsx's esbuild service, are not counted).
 */
export function sampleDescendantMemory(isRoot: (args: string[]) => boolean, everyMs = 20) {
  let peakTogetherMb = 0;
  const peaks = new Map<number, ProcessPeak>();
  const sample = () => {
    let together = 0;
    const roots = descendants(process.pid).filter((pid) => isRoot(commandLine(pid)));
    for (const pid of roots.flatMap((root) => [root, ...descendants(root)])) {
      together += statusKb(pid, 'VmRSS') / 1024;
      const peakMb = statusKb(pid, 'VmHWM') / 1024;
      const known = peaks.get(pid);
      if (known) known.peakMb = Math.max(known.peakMb, peakMb);
      else {
        const args = commandLine(pid);
        const script = args.find((arg) => /\.(m?js|ts)$/.test(arg)) ?? args[0];
        peaks.set(pid, { pid, script, peakMb });
      }
    }
    peakTogetherMb = Math.max(peakTogetherMb, together);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakTogetherMb, processes: [...peaks.values()] };
    },
  };
}
