/**
 * What the dashboard shows of a user agent: the browser's family, the operating system and the class of
 * device. A few ordered tests on the User-Agent header, enough for the families people use; anything else is
 * "Other". Client hints would be more exact but arrive only after the site asks for them.
 */
import type { DeviceClass } from "~/db/schema";

export interface AgentClass {
  browser: string;
  os: string;
  device: DeviceClass;
}

/** Browser families, most specific first: Edge, Opera, Samsung Internet and the rest all say "Chrome" too. */
const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b|\bOPT\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bYaBrowser\//, "Yandex"],
  [/\bVivaldi\//, "Vivaldi"],
  [/\bUCBrowser\//, "UC Browser"],
  [/\bFxiOS\/|\bFirefox\//, "Firefox"],
  [/\bCriOS\/|\bChrom(e|ium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\/|\b(iPhone|iPad|iPod)\b.*\bAppleWebKit\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/\bWindows Phone\b/, "Windows Phone"],
  [/\bAndroid\b/, "Android"],
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b|\bUbuntu\b|\bFedora\b/, "Linux"],
];

export const otherAgent = "Other";

export function classifyAgent(userAgent: string | null | undefined): AgentClass {
  const ua = userAgent ?? "";
  const browser = browsers.find(([test]) => test.test(ua))?.[1] ?? otherAgent;
  const os = systems.find(([test]) => test.test(ua))?.[1] ?? otherAgent;
  return { browser, os, device: deviceClass(ua) };
}

function deviceClass(ua: string): DeviceClass {
  // iPadOS asks for desktop pages and says "Macintosh"; only its touch support tells, which the header lacks.
  if (/\biPad\b|\bTablet\b|\bKindle\b|\bSilk\//.test(ua)) return "tablet";
  // Android tablets leave "Mobile" out of their user agent.
  if (/\bAndroid\b/.test(ua) && !/\bMobile\b/.test(ua)) return "tablet";
  if (/\bMobi(le)?\b|\biPhone\b|\biPod\b|\bAndroid\b|\bWindows Phone\b|\bOpera Mini\b/.test(ua)) return "mobile";
  return "desktop";
}
