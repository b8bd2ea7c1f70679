import Bowser from 'bowser';

/**
 * What a person calls the device behind a User-Agent header, in Arabic — for the sessions list,
 * the sign-out confirmation and the new-sign-in notice. Parsing is bowser's; the names are ours.
 */
const browserNames: Record<string, string> = {
  'Microsoft Edge': 'إيدج',
  Opera: 'أوبرا',
  'Samsung Internet for Android': 'متصفح سامسونج',
  Firefox: 'فايرفوكس',
  Chrome: 'كروم',
  Chromium: 'كروميوم',
  Safari: 'سفاري',
};
const systemNames: Record<string, string> = {
  iOS: 'iOS',
  iPadOS: 'iPadOS',
  Android: 'أندرويد',
  Windows: 'ويندوز',
  macOS: 'ماك',
  Linux: 'لينكس',
  'Chrome OS': 'كروم أو إس',
};
/** Scripts and test drivers, which bowser reads as the browser they embed. */
const AUTOMATED = /curl|node|undici|axios|python|Playwright|HeadlessChrome/i;

/** «كروم على ويندوز», «سفاري على iOS», «برنامج آلي», «متصفح غير معروف». */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'متصفح غير معروف';
  if (AUTOMATED.test(userAgent)) return 'برنامج آلي';
  const { browser, os } = Bowser.parse(userAgent);
  const name = (browser.name && browserNames[browser.name]) ?? browser.name ?? 'متصفح';
  const system = os.name ? (systemNames[os.name] ?? os.name) : '';
  return system ? `${name} على ${system}` : name;
}

/** A phone or a tablet (the sessions list shows a phone icon). */
export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  const type = Bowser.parse(userAgent).platform.type;
  return type === 'mobile' || type === 'tablet';
}
