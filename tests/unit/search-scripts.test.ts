/**
 * Search across scripts and keyboard layouts, on a real index (a libSQL file): a word in one script finds the same
 * word written in the other by its consonant skeleton, after the pages of the query's own script (two words typed
 * apart too, when they are one word there); a query typed with the keyboard in the other layout is searched as meant
 * when what was typed finds nothing (the cases when it finds something: search-layout-plausibility.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Locale } from "~/i18n/locales";
import { switchLayout } from "~/content/search/keyboard-layout";
import type { SearchDocument, SearchIndex } from "~/content/search/search-index.server";
import { skeletonOf, vowelsAgree } from "~/content/search/skeleton";
import { closeSearchDatabase, emptySearchIndex } from "../helpers/search-db";

function page(locale: Locale, path: string, title: string, text: string): SearchDocument {
  return { locale, path, title, sections: [{ heading: "", anchor: "", text }] };
}

/** Pages about the same things, some written in Persian letters, some in Latin ones. */
const PAGES: SearchDocument[] = [
  page("fa", "/git", "آموزش گیت", "گیت ابزاری برای نگه‌داشتن تاریخچه‌ی نسخه‌هاست."),
  page("fa", "/git-latin", "کار با Git", "دستور bisect در Git خطا را پیدا می‌کند."),
  page("fa", "/react", "ری‌اکت برای تازه‌کارها", "کامپوننت‌ها در ری‌اکت تابع‌اند."),
  page("fa", "/react-latin", "مقدمه‌ای بر React", "قلاب‌های React را بشناسید."),
  page("fa", "/books", "کتاب‌های تازه", "این کتاب درباره‌ی تاریخ است."),
  page("fa", "/kabab", "کباب کوبیده", "دستور پخت کباب با گوشت."),
  page("fa", "/python", "پایتون", "زبان برنامه‌نویسی پایتون ساده است."),
  page("fa", "/linux", "لینوکس", "نصب لینوکس روی لپ‌تاپ."),
  page("fa", "/docker", "داکر", "ساختن ایمیج با داکر."),
  page("fa", "/tehran", "تهران", "پایتخت ایران."),
  page("fa", "/shiraz", "شیراز", "شهر شعر و باغ."),
  page("fa", "/isfahan", "اصفهان", "نصف جهان."),
  page("fa", "/javascript", "جاوااسکریپت", "زبان مرورگرها."),
  page("fa", "/typescript", "تایپ‌اسکریپت", "جاوااسکریپت با نوع‌ها."),
  page("fa", "/telegram", "تلگرام", "پیام‌رسان."),
  page("fa", "/nostr", "نوستر", "پروتکلی برای شبکه‌های اجتماعی."),
  page("fa", "/thanks", "مرسی از خوانندگان", "از همه‌ی شما سپاسگزاریم."),
  page("fa", "/hello", "سلام دنیا", "نخستین نوشته."),
  page("fa", "/daftar", "دفتر", "یادداشت‌های روزانه."),
  page("fa", "/google", "گوگل", "موتور جست‌وجو."),
  page("fa", "/saadi", "گلستان سعدی", "حکایت‌ها و پندها."),
  page("fa", "/hundred", "صد سال تنهایی", "رمانی ساده و سود بسیار."),
  page("en", "/git", "Git basics", "Commits, branches and bisect."),
  page("en", "/git-persian", "Learning گیت in Persian", "A course."),
  page("en", "/react", "React hooks", "State and effects."),
  page("en", "/python", "Python for beginners", "Lists and loops."),
  page("en", "/linux", "Linux on a laptop", "Install notes."),
  page("en", "/docker", "Docker images", "Layers and caches."),
  page("en", "/tehran", "A week in Tehran", "Museums and bazaars."),
  page("en", "/ketab", "Ketab", "The Persian word for a book."),
  page("en", "/salam", "Salam", "A greeting."),
  page("en", "/nostr", "Nostr relays", "Events and keys."),
  page("en", "/google", "Google fonts", "Vazirmatn and friends."),
  page("en", "/telegram", "Telegram bots", "Messages."),
  page("en", "/lvsd", "The LVSD acronym", "Low-voltage side drive."),
  // Loanwords whose Persian spelling writes other consonants than the English one.
  page("fa", "/windows", "ویندوز", "نصب ویندوز ۱۱."),
  page("fa", "/kubernetes", "کوبرنتیز", "کلاستر کوچک."),
  page("fa", "/service", "سرویس", "راه‌اندازی سرویس."),
  page("fa", "/download", "دانلود", "لینک دانلود."),
  page("fa", "/journal", "ژورنال", "مقاله‌ها."),
  page("fa", "/django", "جنگو", "چارچوب وب."),
  page("fa", "/application", "اپلیکیشن", "برنامه‌ی گوشی."),
  page("en", "/windows", "Windows tips", "Shortcuts."),
  page("en", "/kubernetes", "Kubernetes", "Pods and nodes."),
  page("en", "/django", "Django", "Models and views."),
  page("en", "/javascript", "JavaScript", "Closures."),
  // «سرو» (the cypress) is not "service": its و stands between consonants.
  page("fa", "/cypress", "سرو", "درخت همیشه سبز."),
];

interface Case {
  locale: Locale;
  query: string;
  /** The first results, in order. */
  first: string[];
  /** Results that must not appear. */
  never?: string[];
  /** The query searched instead, when the typed one was in the other layout. */
  showing?: string;
}

const CROSS_SCRIPT: Case[] = [
  // Persian → Latin: pages in the query's own script first, then those with the Latin spelling.
  { locale: "fa", query: "گیت", first: ["/git", "/git-latin"] },
  { locale: "fa", query: "ری‌اکت", first: ["/react", "/react-latin"] },
  // Two words typed apart that are one word of the other script are joined for it.
  { locale: "fa", query: "ری اکت", first: ["/react", "/react-latin"] },
  { locale: "en", query: "ری اکت", first: ["/react"] },
  { locale: "fa", query: "java script", first: ["/javascript", "/typescript"] },
  { locale: "en", query: "جاوا اسکریپت", first: ["/javascript"] },
  // Joined only when the joined word is found: two words that are not one keep to their own pages.
  { locale: "fa", query: "کتاب تاریخ", first: ["/books"], never: ["/react-latin", "/git-latin"] },
  // Other consonants across scripts: w is v, a final s after a voiced sound may be z, a soft c is s, ژ is j, dj is j,
  // "tio" is sh.
  { locale: "fa", query: "windows", first: ["/windows"] },
  { locale: "en", query: "ویندوز", first: ["/windows"] },
  { locale: "fa", query: "kubernetes", first: ["/kubernetes"] },
  { locale: "en", query: "کوبرنتیز", first: ["/kubernetes"] },
  { locale: "fa", query: "service", first: ["/service"], never: ["/cypress"] },
  { locale: "fa", query: "download", first: ["/download"] },
  { locale: "fa", query: "journal", first: ["/journal"] },
  { locale: "fa", query: "django", first: ["/django"] },
  { locale: "en", query: "جنگو", first: ["/django"] },
  { locale: "fa", query: "application", first: ["/application"] },
  { locale: "en", query: "جاوااسکریپت", first: ["/javascript"] },
  { locale: "en", query: "گیت", first: ["/git-persian", "/git"] },
  { locale: "en", query: "ری‌اکت", first: ["/react"] },
  { locale: "en", query: "پایتون", first: ["/python"] },
  { locale: "en", query: "لینوکس", first: ["/linux"] },
  { locale: "en", query: "داکر", first: ["/docker"] },
  { locale: "en", query: "تهران", first: ["/tehran"] },
  { locale: "en", query: "کتاب", first: ["/ketab"] },
  { locale: "en", query: "سلام", first: ["/salam"] },
  { locale: "en", query: "نوستر", first: ["/nostr"] },
  { locale: "en", query: "گوگل", first: ["/google"] },
  { locale: "en", query: "تلگرام", first: ["/telegram"] },
  // Latin → Persian.
  { locale: "fa", query: "git", first: ["/git-latin", "/git"] },
  { locale: "fa", query: "Git", first: ["/git-latin", "/git"] },
  { locale: "fa", query: "react", first: ["/react-latin", "/react"] },
  { locale: "fa", query: "ketab", first: ["/books"], never: ["/kabab"] },
  { locale: "fa", query: "python", first: ["/python"] },
  { locale: "fa", query: "linux", first: ["/linux"] },
  { locale: "fa", query: "docker", first: ["/docker"] },
  { locale: "fa", query: "tehran", first: ["/tehran"] },
  { locale: "fa", query: "shiraz", first: ["/shiraz"] },
  { locale: "fa", query: "isfahan", first: ["/isfahan"] },
  { locale: "fa", query: "esfahan", first: ["/isfahan"] },
  { locale: "fa", query: "javascript", first: ["/javascript", "/typescript"] },
  { locale: "fa", query: "typescript", first: ["/typescript"], never: ["/javascript"] },
  { locale: "fa", query: "telegram", first: ["/telegram"] },
  { locale: "fa", query: "nostr", first: ["/nostr"] },
  { locale: "fa", query: "mersi", first: ["/thanks"] },
  { locale: "fa", query: "salam", first: ["/hello"] },
  { locale: "fa", query: "daftar", first: ["/daftar"] },
  { locale: "fa", query: "google", first: ["/google"] },
  // A two-consonant skeleton matches only words whose vowels agree: «صد», «ساده», «سود» are "sd" too.
  { locale: "fa", query: "saadi", first: ["/saadi"], never: ["/hundred"] },
  { locale: "fa", query: "golestan", first: ["/saadi"] },
  // Every word must still match: one word in each script.
  { locale: "fa", query: "git تاریخچه", first: ["/git"] },
  { locale: "fa", query: "پایتون ساده", first: ["/python"] },
  // A same-script word of the query's own script is not drowned: «کباب» does not find "ketab"'s page.
  { locale: "fa", query: "kabab", first: ["/kabab"], never: ["/books"] },
];

const WRONG_LAYOUT: Case[] = [
  // Persian typed on an English keyboard.
  { locale: "fa", query: "lvsd", first: ["/thanks"], showing: "مرسی" },
  { locale: "fa", query: "sghl", first: ["/hello"], showing: "سلام" },
  { locale: "fa", query: "ntjv", first: ["/daftar"], showing: "دفتر" },
  { locale: "fa", query: "jivhk", first: ["/tehran"], showing: "تهران" },
  { locale: "fa", query: "advhc", first: ["/shiraz"], showing: "شیراز" },
  { locale: "fa", query: "mhdj,k", first: ["/python"], showing: "پایتون" },
  { locale: "fa", query: "gdk,;s", first: ["/linux"], showing: "لینوکس" },
  { locale: "fa", query: ";jhf", first: ["/books"], showing: "کتاب" },
  { locale: "fa", query: "LVSD", first: ["/thanks"], showing: "مرسی" },
  // English typed on a Persian keyboard.
  { locale: "en", query: "لهف", first: ["/git"], showing: "git" },
  { locale: "en", query: "حغفاخد", first: ["/python"], showing: "python" },
  { locale: "en", query: "قثشزف", first: ["/react"], showing: "react" },
  { locale: "en", query: "یخزنثق", first: ["/docker"], showing: "docker" },
  { locale: "en", query: "مهدعط", first: ["/linux"], showing: "linux" },
  { locale: "en", query: "دخسفق", first: ["/nostr"], showing: "nostr" },
  { locale: "en", query: "لخخلمث", first: ["/google"], showing: "google" },
  { locale: "en", query: "فثمثلقشپ", first: ["/telegram"], showing: "telegram" },
  { locale: "fa", query: "لهف", first: ["/git-latin", "/git"], showing: "git" },
  // What was typed is found as it is: it is not rewritten.
  { locale: "en", query: "lvsd", first: ["/lvsd"] },
  { locale: "fa", query: "مرسی", first: ["/thanks"] },
  { locale: "en", query: "git", first: ["/git"] },
];

let index: SearchIndex;
beforeAll(async () => {
  index = await emptySearchIndex();
  await index.replaceAll(PAGES);
});
afterAll(closeSearchDatabase);

describe("search across scripts", () => {
  test.each(CROSS_SCRIPT)("$locale «$query» finds $first", async ({ locale, query, first, never }) => {
    const answer = await index.searchAsMeant(query, locale);
    const paths = answer.results.map((r) => r.path);
    expect(paths.slice(0, first.length)).toEqual(first);
    for (const path of never ?? []) expect(paths).not.toContain(path);
    expect(answer.showing).toBeUndefined();
  });

  test("a cross-script match is highlighted in the excerpt", async () => {
    const [hit] = await index.search("ketab", "fa");
    expect(hit?.excerpt.filter((p) => p.match).map((p) => p.text)).toEqual(["کتاب"]);
  });

  test("short words and short skeletons get no cross-script matches", () => {
    expect(skeletonOf("گت")).toBeUndefined();
    expect(skeletonOf("aei")).toBeUndefined();
    expect(skeletonOf("ایا")).toBeUndefined();
    expect(skeletonOf("git2")).toBeUndefined();
    expect(skeletonOf("گیت")).toEqual({ skeletons: ["gt"], script: "arab" });
    expect(skeletonOf("git")).toEqual({ skeletons: ["gt"], script: "latn" });
  });

  test("English spelling rules pick the consonants Persian writes", () => {
    const key = (term: string) => skeletonOf(term)?.skeletons;
    // A final s after a voiced sound is s or z; after a voiceless one, or doubled, it is s.
    expect(key("windows")).toEqual(["vnds", "vndz"]);
    expect(key("ویندوز")).toEqual(["vndz"]);
    expect(key("class")).toEqual(["kls"]);
    expect(key("cats")).toEqual(["kts"]);
    // w after a vowel ends it; w before one is v.
    expect(key("download")).toEqual(key("دانلود"));
    expect(key("power")).toEqual(key("پاور"));
    expect(key("flow")).toEqual(key("فلو"));
    // A soft c is s, a hard one k.
    expect(key("service")).toEqual(key("سرویس"));
    expect(key("react")).toEqual(["rkt"]);
    // ژ and j, dj and j, tio and sh, a silent first letter, an initial x.
    expect(key("journal")).toEqual(key("ژورنال"));
    expect(key("zhaleh")).toEqual(key("ژاله"));
    expect(key("django")).toEqual(key("جنگو"));
    expect(key("station")).toEqual(key("استیشن"));
    expect(key("wrapper")).toEqual(key("رپر"));
    expect(key("xerox")).toEqual(key("زیراکس"));
    // English "ght" is not the gh of a romanised Persian word: "right" is not "react".
    expect(key("right")).toEqual(["rt"]);
    expect(key("sadegh")).toEqual(key("صادق"));
    // x is ks, ph f: unchanged.
    expect(key("linux")).toEqual(key("لینوکس"));
  });
});

describe("queries typed in the other keyboard layout", () => {
  test.each(WRONG_LAYOUT)("$locale «$query» finds $first", async ({ locale, query, first, never, showing }) => {
    const answer = await index.searchAsMeant(query, locale);
    const paths = answer.results.map((r) => r.path);
    expect(paths.slice(0, first.length)).toEqual(first);
    for (const path of never ?? []) expect(paths).not.toContain(path);
    expect(answer.showing).toBe(showing);
  });

  test("searching exactly what was typed does not switch the layout", async () => {
    expect(await index.searchAsMeant("lvsd", "fa", 8, true)).toEqual({ results: [] });
  });

  test("a query that finds nothing in either layout is answered as typed", async () => {
    expect(await index.searchAsMeant("qqqzzz", "fa")).toEqual({ results: [] });
  });

  test("the layout table follows ISIRI 9147", () => {
    // Every letter key of the home row, and the punctuation keys that carry letters.
    expect(switchLayout("asdfghjkl;'")).toBe("شسیبلاتنمکگ");
    expect(switchLayout("qwertyuiop[]")).toBe("ضصثقفغعهخحجچ");
    expect(switchLayout("zxcvbnm,")).toBe("ظطزرذدپو");
    expect(switchLayout("شسیبلاتنمکگ")).toBe("asdfghjkl;'");
    // Arabic forms and ژ (Shift+C) convert too; mixed scripts and other punctuation do not.
    expect(switchLayout("كي ژ")).toBe(";d c");
    expect(switchLayout("git گیت")).toBeUndefined();
    expect(switchLayout("c++")).toBeUndefined();
    expect(switchLayout("2024")).toBeUndefined();
  });
});

describe("short skeletons", () => {
  test("match only words whose vowels agree", () => {
    // «سعدی» is "saadi"; «صد», «سود» and «ساده» share its consonants but not its vowels.
    expect(vowelsAgree("saadi", "سعدی")).toBe(true);
    for (const other of ["صد", "سود", "ساده", "سید"]) expect(vowelsAgree("saadi", other), other).toBe(false);
    expect(vowelsAgree("git", "گیت")).toBe(true);
    expect(vowelsAgree("git", "گت")).toBe(false);
    expect(vowelsAgree("java", "جاوا")).toBe(true);
    expect(vowelsAgree("google", "گوگل")).toBe(true);
    expect(vowelsAgree("iran", "ایران")).toBe(true);
    expect(vowelsAgree("khane", "خانه")).toBe(true);
  });
});
