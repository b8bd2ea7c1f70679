import { describe, expect, it } from 'vitest';
import { describeUserAgent, isMobileUserAgent } from './user-agent';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
};

describe('describeUserAgent', () => {
  it('names the browser and the system in Arabic', () => {
    expect(describeUserAgent(UA.chromeWindows)).toBe('كروم على ويندوز');
    expect(describeUserAgent(UA.safariIphone)).toBe('سفاري على iOS');
    expect(describeUserAgent(UA.edge)).toBe('إيدج على ويندوز');
    expect(describeUserAgent(UA.samsung)).toBe('متصفح سامسونج على أندرويد');
    expect(describeUserAgent(UA.firefoxMac)).toBe('فايرفوكس على ماك');
  });

  it('says so for scripts and for nothing', () => {
    expect(describeUserAgent('curl/8.5.0')).toBe('برنامج آلي');
    expect(describeUserAgent(null)).toBe('متصفح غير معروف');
    expect(describeUserAgent('')).toBe('متصفح غير معروف');
  });

  it('tells phones from desktops', () => {
    expect(isMobileUserAgent(UA.safariIphone)).toBe(true);
    expect(isMobileUserAgent(UA.samsung)).toBe(true);
    expect(isMobileUserAgent(UA.chromeWindows)).toBe(false);
    expect(isMobileUserAgent(undefined)).toBe(false);
  });
});
