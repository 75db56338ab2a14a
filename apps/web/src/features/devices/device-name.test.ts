import { describe, expect, test } from 'vitest';
import { deviceKindOf, deviceNameOf } from './device-name.ts';

const AGENTS = {
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  chromeIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('deviceKindOf (the device names of the devices list, issue #23)', () => {
  test.each([
    ['chromeLinux', 'Chrome', 'Linux'],
    ['safariIphone', 'Safari', 'iPhone'],
    ['safariMac', 'Safari', 'macOS'],
    ['firefoxWindows', 'Firefox', 'Windows'],
    ['edgeWindows', 'Edge', 'Windows'],
    ['chromeAndroid', 'Chrome', 'Android'],
    ['samsungAndroid', 'Samsung Internet', 'Android'],
    ['chromeIpad', 'Chrome', 'iPad'],
    ['firefoxIphone', 'Firefox', 'iPhone'],
    ['operaMac', 'Opera', 'macOS'],
    ['chromebook', 'Chrome', 'ChromeOS'],
  ] as const)('%s is %s on %s', (agent, browser, os) => {
    expect(deviceKindOf(AGENTS[agent])).toEqual({ browser, os });
  });

  test('Client Hints win over the user agent, skipping GREASE brands and plain Chromium', () => {
    const hints = {
      brands: [
        { brand: 'Chromium', version: '131' },
        { brand: 'Not_A Brand', version: '24' },
        { brand: 'Microsoft Edge', version: '131' },
      ],
      platform: 'Windows',
    };
    expect(deviceKindOf(AGENTS.chromeLinux, hints)).toEqual({ browser: 'Edge', os: 'Windows' });
    expect(deviceKindOf('', { brands: [{ brand: 'Chromium' }], platform: 'Linux' })).toEqual({
      browser: 'Chromium',
      os: 'Linux',
    });
  });

  test('empty hints (a page served over plain http) fall back to the user agent', () => {
    expect(deviceKindOf(AGENTS.chromeAndroid, { brands: [], platform: '' })).toEqual({
      browser: 'Chrome',
      os: 'Android',
    });
  });

  test('an agent it does not know says nothing', () => {
    expect(deviceKindOf('curl/8.5.0')).toEqual({});
    expect(deviceKindOf('Mozilla/5.0 (X11; Linux x86_64) SomeBrowser/1.0')).toEqual({ os: 'Linux' });
  });
});

describe('deviceNameOf', () => {
  const on = (browser: string, os: string) => `${browser} on ${os}`;
  test('browser on system; the browser alone; the brand name when the browser is unknown', () => {
    expect(deviceNameOf({ browser: 'Safari', os: 'iPhone' }, 'Trove Web', on)).toBe('Safari on iPhone');
    expect(deviceNameOf({ browser: 'Firefox' }, 'Trove Web', on)).toBe('Firefox');
    expect(deviceNameOf({ os: 'Linux' }, 'Trove Web', on)).toBe('Trove Web');
  });
});
