// A stand-in for the WhatsApp Cloud API (Graph API) for the browser tests: accepts every message,
// answers a new WhatsApp id, and lists what it received at GET /sent so a test can report delivery
// of a message through the signed webhook, as Meta would.
import http from 'node:http';

const port = Number(process.env.FAKE_GRAPH_PORT);
const sent = [];
let n = 0;

http
  .createServer((req, res) => {
    if (req.method === 'GET' && (req.url === '/health' || req.url === '/sent')) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(req.url === '/sent' ? sent : { ok: true }));
      return;
    }
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const id = `wamid.e2e.${++n}.${Date.now()}`;
      let body = {};
      try {
        body = JSON.parse(raw);
      } catch {}
      sent.push({ id, path: req.url, body });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id }] }));
    });
  })
  .listen(port, '127.0.0.1');
