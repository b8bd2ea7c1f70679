import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const TRUST_EVERY_HOP = `TRUST_PROXY=true trusts every hop, so any client picks its own address with X-Forwarded-For. Write the number of proxies in front of the server (e.g. TRUST_PROXY=1 for one nginx) or their addresses (e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8)`;
/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string) {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which hops may set the client address through X-Forwarded-For: none (`false`), the nearest n
 * hops (a count), or the listed proxy addresses/CIDRs. Trusting every hop is refused.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const v = value.trim();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') {
    ctx.addIssue({ code: 'custom', message: TRUST_EVERY_HOP });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `not a hop count or proxy address/CIDR: ${bad.join(', ')}. Write false, a number of proxies (e.g. 1) or a comma-separated list of proxy addresses (e.g. 127.0.0.1,10.0.0.0/8)`,
    });
    return z.NEVER;
  }
  return entries;
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    REDIS_URL: z.string().url().optional(),
    ADMIN_PHONE: z.string().default('0500000000'),
    ADMIN_PASSWORD: z.string().min(8).default('Admin@12345'),
    ADMIN_NAME: z.string().default('مدير النظام'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    /** Where people open the app (https://idara.example.sa): the origin of every link the server writes. */
    PUBLIC_URL: z
      .string()
      .url()
      .refine((v) => /^https?:\/\//i.test(v), 'must start with http:// or https://')
      .optional(),
    /** WhatsApp Cloud API: with a token and a phone number id messages are sent; without, kept in the outbox. */
    WHATSAPP_TOKEN: z.string().optional(),
    WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
    /** Meta app secret: every webhook call must carry X-Hub-Signature-256 made with it. */
    WHATSAPP_APP_SECRET: z.string().optional(),
    /** Chosen by you and entered in Meta's webhook settings, for the verification handshake. */
    WHATSAPP_VERIFY_TOKEN: z.string().optional(),
    WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
    WHATSAPP_TEMPLATE_LANGUAGE: z.string().default('ar'),
    WHATSAPP_RETRY_BASE_MS: z.coerce.number().int().min(1).max(60_000).default(500),
    TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
    /** E-invoicing: FATOORA's environment and gateway (tests point it at a local fake). */
    ZATCA_ENV: z.enum(['developer-portal', 'simulation', 'core']).default('developer-portal'),
    ZATCA_API_URL: z.string().url().optional(),
    /** Key for secrets at rest (EGS private key, CSID secret): base64 of 32 bytes. */
    IDARA_SECRET_KEY: z
      .string()
      .refine(
        (v) => Buffer.from(v, 'base64').length === 32,
        'must be base64 of 32 random bytes (openssl rand -base64 32)',
      )
      .optional(),
    /** Backups: where they go (default: `backups` beside DATA_DIR; never inside it), how often, how many kept. */
    BACKUP_DIR: z.string().optional(),
    BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).max(8760).default(24),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  })
  .superRefine((env, ctx) => {
    // Customers get invoice links on WhatsApp; without PUBLIC_URL they would point at localhost.
    if (env.WHATSAPP_TOKEN && !env.PUBLIC_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'required when WHATSAPP_TOKEN is set: the links sent to customers must name the address they open',
      });
  });

export type Config = z.infer<typeof envSchema> & { webDist: string; backupDir: string };

/** Reads and validates every environment variable the server uses, in one place. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=` in a .env file) means unset.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const webDist = parsed.data.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  return { ...parsed.data, webDist, backupDir: backupDirOf(parsed.data) };
}

/**
 * An absolute BACKUP_DIR outside DATA_DIR: a backup inside the directory it copies would be copied
 * into the next one, and lost with it.
 */
function backupDirOf(env: { DATA_DIR: string; BACKUP_DIR?: string }) {
  const dataDir = path.resolve(env.DATA_DIR);
  const backupDir = path.resolve(env.BACKUP_DIR ?? path.join(path.dirname(dataDir), 'backups'));
  const rel = path.relative(dataDir, backupDir);
  const outside = rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);
  if (!outside) {
    throw new Error(
      `Invalid environment configuration:\n  BACKUP_DIR: ${backupDir} is inside DATA_DIR (${dataDir}); choose a directory outside it`,
    );
  }
  return backupDir;
}
