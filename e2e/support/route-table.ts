import path from 'node:path';
import type { AppRoute } from '../../apps/web/src/app/route-meta';

/**
 * The web app's route table itself (spec §2), so a new route or resource joins the specs that walk
 * every page by itself. Imported at run time through a computed path: the type check of the e2e
 * project then stops at its type and does not follow the pages it loads lazily.
 */
const routesFile = path.join(import.meta.dirname, '../../apps/web/src/app/routes.ts');
export const routeTable: AppRoute[] = ((await import(routesFile)) as { routes: AppRoute[] }).routes;
