import { apiHooks } from './api';
import { createStore, useStore } from './create-store';

/** Set when the API answers 503 `{ maintenance: true }`; cleared by the next successful call. */
export const maintenanceStore = createStore({ blocked: false, message: '' });

apiHooks.onMaintenance = (message) => maintenanceStore.set({ blocked: true, message });
apiHooks.onSuccess = () => {
  if (maintenanceStore.get().blocked) maintenanceStore.set({ blocked: false, message: '' });
};

export const useMaintenance = () => useStore(maintenanceStore);
