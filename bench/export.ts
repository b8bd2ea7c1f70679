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
