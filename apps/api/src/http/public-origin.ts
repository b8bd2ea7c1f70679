import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** This machine's own names and addresses: the only Host values a link is built from without PUBLIC_URL. */
function ownHostNames() {
  const names = new Set(['localhost', '127.0.0.1', '::1', os.hostname().toLowerCase()]);
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? []) names.add(entry.address.toLowerCase());
  }
  return names;
}

/**
 * The origin of links the server writes for people to open (sign-in links, invoice links): PUBLIC_URL
 * when set. Without it, the address the request came to, but only when it names this machine (an
 * office on its LAN opening http://192.168.1.10:3000); a Host header naming anywhere else is
 * ignored, so nobody can have the server hand out links to a site they control.
 */
export function publicOrigin(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, req?: FastifyRequest) {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const fallback = `http://localhost:${config.PORT}`;
  if (!req) return fallback;
  const hostname = req.hostname.toLowerCase();
  if (!ownHostNames().has(hostname.replace(/^\[|\]$/g, ''))) return fallback;
  // Rebuilt from the checked name and a numeric port: nothing else in the header reaches the link.
  return `${req.protocol}://${hostname}${req.port ? `:${req.port}` : ''}`;
}
