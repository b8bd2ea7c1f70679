/**
 * The notification bench's sockets, in a process of their own so receiving costs the servers'
 * process nothing. Driven over IPC by bench/notifications.ts:
 *   { connect: url, tokens }  → opens one socket per token (in batches), answers { connected }
 *   { arm: round }            → answers { round, times } once every socket got one notification
 *                               (or after 10 s): receipt times in ms since the epoch (high resolution)
 *   { close: true }           → disconnects and exits
 */
import { io } from 'socket.io-client';

let sockets = [];
let armed = null;
const now = () => performance.timeOrigin + performance.now();

function finish() {
  if (!armed) return;
  clearTimeout(armed.timer);
  process.send({ round: armed.round, times: armed.times });
  armed = null;
}

async function connect(url, tokens) {
  // In batches, as real clients arrive over time rather than in one burst.
  for (let i = 0; i < tokens.length; i += 100) {
    const batch = tokens.slice(i, i + 100).map(
      (token) =>
        new Promise((resolve, reject) => {
          const s = io(url, {
            transports: ['websocket'],
            auth: { token },
            reconnection: false,
            forceNew: true,
          });
          s.once('connect', () => resolve(s));
          s.once('connect_error', reject);
          s.on('notification', () => {
            if (!armed) return;
            armed.times.push(now());
            if (armed.times.length === sockets.length) finish();
          });
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
}

process.on('message', async (msg) => {
  if (msg.connect) {
    await connect(msg.connect, msg.tokens);
    process.send({ connected: sockets.length });
  } else if (msg.arm !== undefined) {
    armed = { round: msg.arm, times: [], timer: setTimeout(finish, 10_000) };
    process.send({ armed: msg.arm });
  } else if (msg.close) {
    for (const s of sockets) s.disconnect();
    sockets = [];
    process.exit(0);
  }
});
