/** A short Arabic description of a browser user agent, e.g. "كروم على ويندوز". */
export function describeUserAgent(ua: string | null | undefined): string {
  if (!ua) return 'متصفح غير معروف';
  const browser = /Edg\//.test(ua)
    ? 'إيدج'
    : /OPR\/|Opera/.test(ua)
      ? 'أوبرا'
      : /SamsungBrowser/.test(ua)
        ? 'متصفح سامسونج'
        : /Firefox\//.test(ua)
          ? 'فايرفوكس'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'كروم'
            : /Safari\//.test(ua)
              ? 'سفاري'
              : /curl|node|undici|axios|python|Playwright|HeadlessChrome/i.test(ua)
                ? 'برنامج آلي'
                : 'متصفح';
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'أندرويد'
      : /Windows/.test(ua)
        ? 'ويندوز'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'ماك'
          : /Linux/.test(ua)
            ? 'لينكس'
            : '';
  return os ? `${browser} على ${os}` : browser;
}

export function isMobileUserAgent(ua: string | null | undefined): boolean {
  return !!ua && /Mobile|Android|iPhone|iPad/.test(ua);
}
