import { readdirSync, readFileSync } from 'node:fs';

/**
 * Peak memory of a process and of the processes it starts (decision 037), read from /proc, so Linux only.
 * `processPeakMb` is the process's own high-water mark (VmHWM, exact while it runs); `largestChildPeakMb` the
 * highest high-water mark seen of any descendant (each read every `intervalMs`, so a child's last few
 * milliseconds may be missed); `togetherPeakMb` the highest sum of their resident sizes (VmRSS) at one reading,
 * the process's and its descendants' read one after the other. `processWhileChildMb` is the process's largest
 * resident size at a reading that found a descendant (what it holds while it waits for one), and
 * `readingsWithChild` the number of such readings: a reading every 20 ms finds a child that lives 2 s about 100
 * times, so a `togetherPeakMb` from a handful of them would have missed most of its life.
 */
export type MemoryPeaks = {
  processPeakMb: number;
  largestChildPeakMb: number;
  togetherPeakMb: number;
  processWhileChildMb: number;
  readingsWithChild: number;
};

const MB = 1024; // /proc reports kB

function statusField(pid: number, field: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined; // it has exited
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

function descendantsOf(pid: number): number[] {
  const found: number[] = [];
  for (const child of childrenOf(pid)) found.push(child, ...descendantsOf(child));
  return found;
}

/** Starts reading `pid`'s memory and its descendants'; `stop()` reads once more and answers the peaks. */
export function watchMemory(pid: number, intervalMs = 10): { stop(): MemoryPeaks; read(): MemoryPeaks } {
  let processPeak = 0;
  let largestChildPeak = 0;
  let togetherPeak = 0;
  let processWhileChild = 0;
  let readingsWithChild = 0;
  const sample = () => {
    processPeak = Math.max(processPeak, statusField(pid, 'VmHWM') ?? 0);
    const own = statusField(pid, 'VmRSS') ?? 0;
    let together = own;
    let childSeen = false;
    for (const child of descendantsOf(pid)) {
      const resident = statusField(child, 'VmRSS');
      if (resident === undefined) continue; // it exited between the two reads
      childSeen = true;
      largestChildPeak = Math.max(largestChildPeak, statusField(child, 'VmHWM') ?? 0);
      together += resident;
    }
    togetherPeak = Math.max(togetherPeak, together);
    if (childSeen) {
      readingsWithChild += 1;
      processWhileChild = Math.max(processWhileChild, own);
    }
  };
  const peaks = (): MemoryPeaks => ({
    processPeakMb: Math.round(processPeak / MB),
    largestChildPeakMb: Math.round(largestChildPeak / MB),
    togetherPeakMb: Math.round(togetherPeak / MB),
    processWhileChildMb: Math.round(processWhileChild / MB),
    readingsWithChild,
  });
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    read() {
      sample();
      return peaks();
    },
    stop() {
      clearInterval(timer);
      sample();
      return peaks();
    },
  };
}

/** The resident size of a running process now, in MB. */
export function residentMb(pid: number): number {
  return Math.round((statusField(pid, 'VmRSS') ?? 0) / MB);
}
