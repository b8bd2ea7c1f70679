/** localStorage access that never throws: failures are logged and reads return null (spec §8). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      console.error('storage read failed', key, error);
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch (error) {
      console.error('storage write failed', key, error);
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch (error) {
      console.error('storage remove failed', key, error);
    }
  },
};
