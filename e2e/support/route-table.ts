import path from 'node:path';
import { createServer } from 'vite';
import type { AppRoute } from '../../apps/web/src/app/route-meta';

/**
 * The web app's route table itself (spec §2), so a new route or resource joins the specs that walk
 * every page by itself. Loaded through Vite's own module loader, as the app is built: the resource
 * list finds its files with `import.meta.glob`, which only Vite reads (the pages stay unloaded:
 * they are imported lazily).
 */
async function loadRouteTable(): Promise<AppRoute[]> {
  const root = path.join(import.meta.dirname, '../../apps/web');
  const vite = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return ((await vite.ssrLoadModule('/src/app/routes.ts')) as { routes: AppRoute[] }).routes;
  } finally {
    await vite.close();
  }
}

export const routeTable: AppRoute[] = await loadRouteTable();
