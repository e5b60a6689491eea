import { inEnglish, type Translate } from "#app/i18n/translate.ts";

// "Firefox on Windows" from a User-Agent header, for the list of one's own sessions. A few lines
// of our own instead of a parser library: the plant needs the browser and the system, no more.
// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux.

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
  [/curl\//, "curl"],
  [/python-requests|Python-urllib/, "Python"],
  [/PostmanRuntime/, "Postman"],
  [/okhttp/i, "Android app"],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/Windows/, "Windows"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

/** The browser and the system a User-Agent names (either may be unknown). */
export type Device = { browser?: string; system?: string };

export function deviceOf(userAgent: string | null | undefined): Device {
  if (!userAgent) return {};
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1],
    system: SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1],
  };
}

/**
 * A device in words, through `say` (the page's translator; English by default): the browser's and
 * the system's names are products' names, never translated.
 */
export function describeDevice(userAgent: string | null | undefined, say: Translate = inEnglish): string {
  return deviceWords(deviceOf(userAgent), say);
}

export function deviceWords({ browser, system }: Device, say: Translate = inEnglish): string {
  if (browser && system) return say("{browser} on {system}", { browser, system });
  return browser ?? system ?? say("Unknown device");
}
