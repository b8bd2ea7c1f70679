// `npm run serve`: the built server, with the heap and malloc settings its database calls for
// (runtime-flags.mjs).
// This process becomes the server (execve): same PID, its signals and exit status are the server's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { runtimeEnv, runtimeFlags, serverFile } from './runtime-flags.mjs';

if (!fs.existsSync(serverFile)) {
  console.error('The server is not built: run `npm run build` (or `npm start`, which builds when needed).');
  process.exit(1);
}
const args = [...runtimeFlags(process.env), serverFile];
const env = runtimeEnv(process.env);
if (typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...args], env);
} else {
  // Node before 22.15 has no execve: the server runs as a child that hears this process's signals.
  const server = spawn(process.execPath, args, { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
