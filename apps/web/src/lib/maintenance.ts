import { apiHooks } from './api';
import { authStore, loadCurrentUser } from './auth';
import { createStore, useStore } from './create-store';
import { queryClient } from './query-client';
import { settingsQuery } from './settings';
import { onSocketEvent } from './socket';

/**
 * Set when the API answers 503 `{ maintenance: true }` or the server announces maintenance over
 * the socket; cleared by the next successful call or by the announcement that it is over.
 */
export const maintenanceStore = createStore({ blocked: false, message: '' });

apiHooks.onMaintenance = (message) => maintenanceStore.set({ blocked: true, message });
apiHooks.onSuccess = () => {
  if (maintenanceStore.get().blocked) maintenanceStore.set({ blocked: false, message: '' });
};

onSocketEvent('maintenance', ({ on, message }) => {
  if (on) {
    maintenanceStore.set({ blocked: true, message });
    // The banner of those who keep working (settings:update) reads the settings.
    void queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey });
    return;
  }
  maintenanceStore.set({ blocked: false, message: '' });
  // Back without a manual retry: the user (refused while it was on) and whatever the page shows.
  if (!authStore.get().user) void loadCurrentUser();
  void queryClient.invalidateQueries();
});

export const useMaintenance = () => useStore(maintenanceStore);
