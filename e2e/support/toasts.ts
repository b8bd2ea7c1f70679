import type { Page } from '@playwright/test';

/**
 * The toasts answering what the user did. Pushed notifications (other specs running in parallel
 * create customers and orders that notify every signed-in user) have their own class and are left out.
 */
export const toasts = (page: Page) => page.locator('[data-sonner-toast]:not(.notification-toast)');
