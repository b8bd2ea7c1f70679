// V8's code objects from a `--perf-basic-prof` map (/tmp/perf-<pid>.map: one `start size name` line
// per code object, as Linux perf reads it), shared by callgrind-jit-names.mjs and callgrind-diff.mjs.

/** The map's code objects by start; of two at one address the later line (code replaced) wins. */
export function readPerfMap(text) {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line, order) => {
      const [start, size, ...name] = line.split(' ');
      const s = Number.parseInt(start, 16);
      return { start: s, end: s + Number.parseInt(size, 16), name: name.join(' '), order };
    })
    .sort((a, b) => a.start - b.start || a.order - b.order);
}

/** The name of the code object holding `address`, or undefined. */
export function codeAt(ranges, address) {
  let lo = 0;
  let hi = ranges.length - 1;
  let found;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid].start <= address) {
      found = ranges[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found && address < found.end ? found.name : undefined;
}
