/**
 * autocannon in a process of its own, so the load it costs never shares a thread (or a process's
 * CPU account) with the server it measures. Options arrive as JSON in argv[2] (autocannon's own
 * options, plain data only); the result is printed as one JSON line.
 *
 * Requests that need code per request (autocannon's `setupRequest`: a fresh phone number, a random
 * record) cannot travel as JSON: `requestScript: { module, args }` names a module whose default
 * export turns the plain-data `args` into the request list, built here.
 */
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const { requestScript, ...options } = JSON.parse(process.argv[2]);
if (requestScript) {
  const script = await import(pathToFileURL(requestScript.module).href);
  options.requests = script.default(requestScript.args);
}
const result = await autocannon({ ...options, workers: undefined });
process.stdout.write(
  `${JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytes: result.throughput.total,
  })}\n`,
);
