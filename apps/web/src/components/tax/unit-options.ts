import { type Unit, unitInfo, units } from '@idara/domain';

/**
 * The unit select's choices and labels, apart from the tax options: the service resource (loaded
 * with the app's first script) needs these only, and the exemption list would weigh on every page.
 */
export const unitOptions = units.map((u) => ({ value: u, label: unitInfo[u].label }));
export const unitLabels = Object.fromEntries(units.map((u) => [u, unitInfo[u].label])) as Record<
  Unit,
  string
>;
