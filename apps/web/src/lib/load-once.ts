/**
 * A dynamic import shared by every caller: the chunk is fetched once, and a failed fetch (a deploy
 * replaced it, the network dropped) is forgotten so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
