import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { healthy, until } from './processes';

/** Debian's nginx; the tests and benches that need it skip without it. */
export const NGINX = '/usr/sbin/nginx';

/**
 * The configuration docs/DEPLOY.md gives (its `location` block exactly, without TLS) for app nodes
 * on loopback `nodes` ports behind `listen`, with every path nginx writes kept inside `dir`.
 */
export function nginxConfig(listen: number, nodes: number[], dir: string) {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream idara {
${nodes.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${listen};
    client_max_body_size 12m;
    location / {
      proxy_pass http://idara;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 310s;
      proxy_buffering off;
      gzip on;
      gzip_types application/json application/javascript text/css text/csv image/svg+xml;
      gzip_min_length 1400;
      gzip_proxied any;
      gzip_vary on;
    }
  }
}
`;
}

/**
 * nginx with `nginxConfig` round robin over `nodes`, listening on `listen`; resolves once a health
 * check passes through it. `stop` ends it and removes its directory.
 */
export async function startNginx(listen: number, nodes: number[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(listen, nodes, dir));
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${listen}`;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
      return healthy(url);
    },
    20_000,
    'nginx',
  );
  return {
    child,
    url,
    async stop() {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
