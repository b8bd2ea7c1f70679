import { NOTIFICATION_SOUND } from '@idara/domain';
import { useSyncExternalStore } from 'react';
import { safeStorage } from '../../lib/safe-storage';

/** Per device (localStorage): '0' turns the notification sound off; anything else leaves it on. */
export const SOUND_STORAGE_KEY = 'idara.notificationSound';

const listeners = new Set<() => void>();
let enabled = safeStorage.get(SOUND_STORAGE_KEY) !== '0';

function emit(): void {
  for (const l of listeners) l();
}

export function isSoundEnabled(): boolean {
  return enabled;
}

export function setSoundEnabled(on: boolean): void {
  enabled = on;
  safeStorage.set(SOUND_STORAGE_KEY, on ? '1' : '0');
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

if (typeof window !== 'undefined') {
  // Another tab of this device changed it.
  window.addEventListener('storage', (event) => {
    if (event.key !== SOUND_STORAGE_KEY) return;
    enabled = event.newValue !== '0';
    emit();
  });
}

/** The switch in the profile reads and writes this. */
export function useSoundEnabled(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, isSoundEnabled, isSoundEnabled);
  return [on, setSoundEnabled];
}

let audio: HTMLAudioElement | null = null;

/**
 * Plays the notification chime unless muted on this device. A failure (autoplay blocked before the
 * first click, no audio device, a missing file) is only logged, never thrown (spec §8).
 */
export function playNotificationSound(): void {
  if (!enabled) return;
  try {
    audio ??= new Audio(NOTIFICATION_SOUND);
    audio.currentTime = 0;
    const played = audio.play();
    played?.catch((error: unknown) => console.warn('[notification] sound playback failed', error));
  } catch (error) {
    console.warn('[notification] sound playback failed', error);
  }
}
