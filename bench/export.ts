import { signInAsAdmin, startServer, stopServer } from '../scripts/server-process';

/** Downloads an export over HTTP from a server on `port`, discarding the bytes; returns seconds and bytes. */
export async function timeExport(port: number, token: string, url: string) {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok || !res.body) throw new Error(`export failed: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
  return { seconds: (performance.now() - started) / 1000, bytes };
}

/**
 * A fresh built server on `dataDir` (as `npm run serve` runs it) exporting all customers: a warm-up
 * export, then CSV, then XLSX. Returns both exports and the server's peak resident memory (VmHWM)
 * after each step, so the peak of its whole life is `peakMb.xlsx`.
 */
export async function exportAllCustomers(dataDir: string) {
  const started = performance.now();
  const server = await startServer(dataDir);
  const listeningSeconds = (performance.now() - started) / 1000;
  try {
    const start = server.peakRssMb();
    const signin = await signInAsAdmin(server.port);
    const { token } = (await signin.json()) as { token: string };
    await timeExport(server.port, token, '/api/customer/export?fileType=xlsx&search=zzzz');
    const warmUp = server.peakRssMb();
    const csv = await timeExport(server.port, token, '/api/customer/export?fileType=csv');
    const afterCsv = server.peakRssMb();
    const xlsx = await timeExport(server.port, token, '/api/customer/export?fileType=xlsx');
    const peakMb = { start, warmUp, csv: afterCsv, xlsx: server.peakRssMb() };
    return { listeningSeconds, csv, xlsx, peakMb };
  } finally {
    await stopServer(server.child);
  }
}
