import { preloadable } from '../../lib/preloadable';

/**
 * The technician's day on `/tasks` (MyVisitsSection, with the device store): fetched by the route
 * beside the page's code for those who work visits (app/routes.ts), loaded by no one else.
 */
export const MyVisitsSection = preloadable(() => import('./MyVisitsSection'));
