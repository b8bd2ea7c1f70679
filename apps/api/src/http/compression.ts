import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Below this an answer goes out as it is: it already fits in one TCP segment (about 1,400 bytes
 * of payload), so compressing it costs CPU and saves no round trip.
 */
export const COMPRESS_THRESHOLD = 1400;

/**
 * Brotli's quality 5: a customer page compresses to within a few per cent of the best (quality
 * 11) for about 1 % of its CPU (quality 11 spends tens of milliseconds on one page; figures in
 * docs/PERFORMANCE.md, "Bytes on the wire").
 */
export const BROTLI_QUALITY = 5;

/**
 * Text answers (JSON, CSV exports, HTML, XML, JavaScript) compressed with brotli, or gzip for a
 * client without it, when larger than the threshold. The built web app's scripts and stylesheets
 * arrive already compressed (`preCompressed` in `static.ts`) and pass through untouched; binary
 * files (XLSX, PDF, images, backups) are never compressed again. Request bodies are not
 * decompressed: no client of this API sends them compressed.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    // Answers up to 64 KB (a list page is about 10 KB) compressed in one call rather than through a
    // compression stream: a stream allocates brotli's whole state per answer, which cost more CPU
    // than the compressing itself on the 2-core machine (docs/PERFORMANCE.md, "Bytes on the wire").
    syncThreshold: 65_536,
    // The plugin's default list less `octet-stream`: raw downloads are files that are already packed.
    // Anything else is compressed only when mime-db calls its type compressible.
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)/u,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
  });
}
