/**
 * Search benchmark: 10,000 generated pages (mixed fa/en) indexed in a database
 * file (the index the site uses: app/content/search/search-index.server.ts),
 * build time, memory and the database's size, then latency of ≥1,000 mixed
 * queries against the budget (searched as the site searches them: words of the
 * other script found by skeleton, queries typed in the other keyboard layout
 * searched as meant; both kinds are in the mix).
 *
 *   npx tsx bench/search.ts
 *   NODE_OPTIONS=--expose-gc npx tsx bench/search.ts   (steadier memory figures)
 *
 * Latencies are wall-clock per query, so other load on the machine shows up
 * in them; the average CPU time per query (overall and per kind of query) is
 * printed as well.
 *
 * Exits non-zero when p95 latency is not under the budget.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

import type { Locale } from "../app/i18n/locales.ts";
import { SearchIndex, type SearchDocument, type SearchSection } from "../app/content/search/search-index.server.ts";
import { switchLayout } from "../app/content/search/keyboard-layout.ts";
import { openDatabase } from "../app/db/client.server.ts";
import { runMigrations } from "../app/db/migrate.server.ts";
import { seededRandom } from "./measure.ts";

const PAGES = 10_000;
const QUERIES = 2_000;
const WARMUP = 200;
const BUDGET_P95_MS = 10;

/* ----------------------------- deterministic RNG ----------------------------- */

const rand = seededRandom(0x2f6e2b1);
const int = (n: number): number => Math.floor(rand() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;

/**
 * Zipf sampler over a ranked list: P(rank r) ∝ 1 / (r + offset). With an
 * offset, the head of a content-word list behaves like nouns that start
 * around rank `offset` of real text (the very top ranks are function words).
 */
function zipfSampler<T>(xs: readonly T[], offset: number): () => T {
  const cdf = new Float64Array(xs.length);
  let sum = 0;
  for (let r = 0; r < xs.length; r++) cdf[r] = sum += 1 / (r + 1 + offset);
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = xs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return xs[lo]!;
  };
}

/* --------------------------------- word lists -------------------------------- */

const FA_FUNCTION = (
  "و در به از که این را با است برای آن یک تا بر هم نیز اما یا شد بود شود کرد باید می‌شود " +
  "خود ما شما آنها او همه هر دیگر چه چون اگر پس بین روی زیر پیش بعد حتی فقط بسیار"
).split(" ");

const FA_CONTENT = (
  "کتاب کتاب‌ها کتابخانه نویسنده خواننده داستان رمان شعر شاعر ادبیات فرهنگ تاریخ ایران تهران شیراز اصفهان " +
  "زبان فارسی انگلیسی عربی ترجمه مترجم واژه جمله متن نوشته مقاله روزنامه مجله خبر گزارش پژوهش دانشگاه دانشجو " +
  "استاد آموزش یادگیری مدرسه کلاس درس معلم برنامه برنامه‌نویسی نرم‌افزار سخت‌افزار رایانه اینترنت شبکه وب‌سایت " +
  "داده پایگاه سرور کاربر حساب رمز امنیت حریم خصوصی فناوری هوش مصنوعی یادگیری‌ماشین الگوریتم ریاضی آمار فیزیک " +
  "شیمی زیست پزشکی سلامت بیمار بیمارستان دارو ورزش فوتبال کشتی تیم بازی بازیکن مسابقه جام قهرمان موسیقی آهنگ " +
  "خواننده ساز سینما فیلم کارگردان بازیگر تئاتر نقاشی هنر هنرمند عکس عکاسی طبیعت کوه دریا جنگل رود باران برف " +
  "آسمان ستاره خورشید ماه زمین شهر روستا خانه خانواده پدر مادر فرزند کودک دوست همسایه مردم جامعه اقتصاد بازار " +
  "قیمت پول بانک تجارت شرکت کار کارمند مدیر سازمان دولت مجلس قانون حقوق دادگاه سیاست انتخابات رسانه گفتگو " +
  "پرسش پاسخ مسئله راه‌حل تجربه دانش اندیشه فلسفه دین اخلاق تاریخچه سفر گردشگری هتل غذا آشپزی نان برنج چای قهوه " +
  "میوه سبزی باغ گل درخت بهار تابستان پاییز زمستان نوروز جشن سال روز هفته ماهنامه ساعت زمان آینده گذشته امروز " +
  "فردا دیروز تصمیم تغییر توسعه پیشرفت رشد کیفیت کمیت نتیجه هدف روش ابزار طراحی رابط تجربه‌کاربری جاوااسکریپت " +
  "پایتون متن‌باز مستندات راهنما نسخه انتشار به‌روزرسانی امکانات ویژگی خطا اشکال آزمون کارایی سرعت حافظه"
).split(" ");

const FA_VERBS = (
  "خواهم خواهی خواهد خوانم خواند نویسم نویسد رود روند آید گوید گویند کنم کند کنیم دانم داند بینم بیند " +
  "سازد گیرد دهد آموزد شناسد پرسد"
).split(" ");

const EN_FUNCTION = (
  "the of and to in a is that for it as with was on be by this are or from at an but not have has can " +
  "will which their more also its about into than other these some when"
).split(" ");

const EN_CONTENT = (
  "book books library author reader story novel poem poetry literature culture history language persian english " +
  "translation translator word sentence text article newspaper magazine news report research university student " +
  "teacher education learning school class lesson program programming software hardware computer internet network " +
  "website data database server user account password security privacy technology intelligence machine algorithm " +
  "mathematics statistics physics chemistry biology medicine health patient hospital sport football wrestling team " +
  "game player match champion music song singer instrument cinema film director actor theatre painting art artist " +
  "photo photography nature mountain sea forest river rain snow sky star sun moon earth city village home family " +
  "father mother child friend neighbour people society economy market price money bank trade company work employee " +
  "manager organisation government parliament law rights court politics election media conversation question answer " +
  "problem solution experience knowledge thought philosophy religion ethics travel tourism hotel food cooking bread " +
  "rice tea coffee fruit garden flower tree spring summer autumn winter festival year day week month hour time future " +
  "past today tomorrow decision change development progress growth quality result goal method tool design interface " +
  "javascript typescript python react component function variable release version update feature error performance " +
  "memory speed documentation guide testing deployment accessibility localisation typography"
).split(" ");

const EN_VERBS = (
  "writes reads builds explains describes shows helps makes uses changes improves creates supports teaches finds " +
  "learns discusses compares publishes reviews"
).split(" ");

/** Long tail of rare words (names, terms) built from syllables. */
function pseudoWords(syllables: readonly string[], count: number): string[] {
  const out = new Set<string>();
  while (out.size < count) {
    const n = 2 + int(3);
    let w = "";
    for (let i = 0; i < n; i++) w += pick(syllables);
    out.add(w);
  }
  return [...out];
}
const FA_RARE = pseudoWords("با نو سا ره دا مان کی تو پر شه گل زا رو فر من دی لا سی بهر ار ناز".split(" "), 6000);
const EN_RARE = pseudoWords("ka lo mer tin sa vo rel dan pi qua zen bor ith ul ton ger fa nik ros el".split(" "), 6000);

const toPersianDigits = (s: string): string => s.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
const toArabicDigits = (s: string): string => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
/** Arabic keyboard forms, as found in copy-pasted text and typed queries. */
const arabicForms = (s: string): string => s.replace(/ی/g, "ي").replace(/ک/g, "ك");

// ~45% function words, the rest content words from a long-tailed vocabulary
// (common real words first, then the rare pseudo-words), plus ZWNJ
// compounds and years.
const faFunction = zipfSampler(FA_FUNCTION, 1);
const faContent = zipfSampler([...FA_CONTENT, ...FA_RARE], 50);
const enFunction = zipfSampler(EN_FUNCTION, 1);
const enContent = zipfSampler([...EN_CONTENT, ...EN_RARE], 50);

function faWord(): string {
  const r = rand();
  if (r < 0.45) return faFunction();
  if (r < 0.87) return faContent();
  if (r < 0.92) return `می‌${pick(FA_VERBS)}`;
  if (r < 0.97) return `${faContent()}‌ها`;
  return toPersianDigits(String(1300 + int(105)));
}

function enWord(): string {
  const r = rand();
  if (r < 0.45) return enFunction();
  if (r < 0.92) return enContent();
  if (r < 0.97) return pick(EN_VERBS);
  return String(1950 + int(76));
}

function sentence(locale: Locale): string {
  const n = 8 + int(12);
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(locale === "fa" ? faWord() : enWord());
  let s = words.join(" ");
  if (locale === "fa") {
    if (rand() < 0.1) s = arabicForms(s); // some pasted text uses Arabic ي/ك
    return s + pick([".", ".", "؟", "!", "؛"]);
  }
  return s.charAt(0).toUpperCase() + s.slice(1) + pick([".", ".", "?", "!"]);
}

function paragraph(locale: Locale, sentences: number): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) out.push(sentence(locale));
  return out.join(" ");
}

function title(locale: Locale): string {
  const n = 2 + int(4);
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(locale === "fa" ? faContent() : enContent());
  return words.join(" ");
}

function makePage(i: number): SearchDocument {
  const locale: Locale = rand() < 0.6 ? "fa" : "en";
  const sections: SearchSection[] = [{ heading: "", anchor: "", text: paragraph(locale, 2 + int(3)) }];
  const extra = 1 + int(5);
  for (let s = 0; s < extra; s++) {
    sections.push({ heading: title(locale), anchor: `section-${s + 1}`, text: paragraph(locale, 3 + int(10)) });
  }
  return {
    locale,
    path: `/${locale}/posts/${i}`,
    title: title(locale),
    description: paragraph(locale, 1),
    category:
      locale === "fa" ? pick(["فناوری", "ادبیات", "ورزش", "هنر"]) : pick(["technology", "literature", "sport", "art"]),
    sections,
  };
}

/* ---------------------------------- queries ---------------------------------- */

function typo(word: string): string {
  if (word.length < 6) return word;
  const i = 1 + int(word.length - 3);
  return rand() < 0.5
    ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) // transposition
    : word.slice(0, i) + word.slice(i + 1); // deletion
}

type Query = { kind: string; q: string; locale: Locale };

function makeQuery(): Query {
  const fa = rand() < 0.55;
  const locale: Locale = fa ? "fa" : "en";
  const content = fa ? FA_CONTENT : EN_CONTENT;
  // A word of the other script (found by its skeleton, or not at all), and a word typed in the other layout.
  const special = rand();
  if (special < 0.08) return { kind: "other script", q: pick(fa ? EN_CONTENT : FA_CONTENT), locale };
  if (special < 0.15) {
    const word = pick(content.filter((w) => switchLayout(w) !== undefined));
    return { kind: "wrong layout", q: switchLayout(word)!, locale };
  }
  const r = rand();
  if (r < 0.25) return { kind: "word", q: pick(content), locale };
  if (r < 0.4) return { kind: "two words", q: `${pick(content)} ${pick(content)}`, locale };
  if (r < 0.55) {
    const w = pick(content);
    return { kind: "prefix", q: w.slice(0, Math.max(2, Math.min(w.length - 1, 2 + int(4)))), locale };
  }
  if (r < 0.68) return { kind: "typo", q: typo(pick(content.filter((w) => w.length >= 6))), locale };
  if (r < 0.78) return { kind: "rare", q: pick(fa ? FA_RARE : EN_RARE), locale };
  if (fa && r < 0.9) return { kind: "arabic forms", q: arabicForms(`${pick(content)} ${pick(content)}`), locale };
  if (fa && r < 0.95) return { kind: "no-zwnj compound", q: `می${pick(FA_VERBS)}`, locale };
  const year = String(fa ? 1300 + int(105) : 1950 + int(76));
  const q = fa ? (rand() < 0.5 ? toPersianDigits(year) : toArabicDigits(year)) : year;
  return { kind: "digits", q: `${pick(content)} ${q}`, locale };
}

/* ------------------------------------ run ------------------------------------ */

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const gc = (globalThis as { gc?: () => void }).gc;

const docs: SearchDocument[] = [];
for (let i = 0; i < PAGES; i++) docs.push(makePage(i));
const sectionCount = docs.reduce((n, d) => n + d.sections.length, 0);
const textChars = docs.reduce((n, d) => n + d.sections.reduce((m, s) => m + s.text.length, 0), 0);
console.log(
  `pages: ${PAGES} (${docs.filter((d) => d.locale === "fa").length} fa), sections: ${sectionCount}, text: ${(textChars / 1e6).toFixed(1)}M chars`,
);

gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const folder = mkdtempSync(path.join(tmpdir(), "daftar-search-bench-"));
process.on("exit", () => rmSync(folder, { recursive: true, force: true }));
const databaseFile = path.join(folder, "search.db");
const { db, client } = await openDatabase(`file:${databaseFile}`);
await runMigrations(db);
const index = new SearchIndex(db);
const t0 = performance.now();
await index.replaceAll(docs);
const buildMs = performance.now() - t0;
gc?.();
const heapAfter = process.memoryUsage().heapUsed;
console.log(`build: ${buildMs.toFixed(0)} ms, pages indexed: ${await index.size()}`);
const databaseBytes =
  statSync(databaseFile).size + (statSync(`${databaseFile}-wal`, { throwIfNoEntry: false })?.size ?? 0);
console.log(
  `heap: +${mb(heapAfter - heapBefore)} held after the build${gc ? "" : " [no --expose-gc: approximate]"}, rss ${mb(process.memoryUsage().rss)}, database ${mb(databaseBytes)}`,
);

const queries: Query[] = [];
for (let i = 0; i < QUERIES + WARMUP; i++) queries.push(makeQuery());

const cpuBefore = process.cpuUsage();
const times: number[] = [];
const byKind = new Map<string, { times: number[]; hits: number; cpu: number }>();
let empty = 0;
for (const [i, { kind, q, locale }] of queries.entries()) {
  const t = performance.now();
  const cpu = process.cpuUsage();
  const { results } = await index.searchAsMeant(q, locale);
  const dt = performance.now() - t;
  if (i < WARMUP) continue;
  times.push(dt);
  if (results.length === 0) empty++;
  const k = byKind.get(kind) ?? { times: [], hits: 0, cpu: 0 };
  k.times.push(dt);
  k.cpu += process.cpuUsage(cpu).user / 1000;
  if (results.length > 0) k.hits++;
  byKind.set(kind, k);
}

const cpuMs = process.cpuUsage(cpuBefore).user / 1000;
times.sort((a, b) => a - b);
const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p)) as [number, number, number];
console.log(
  `queries: ${times.length} (+${WARMUP} warm-up), with no results: ${empty}; ` +
    `CPU ${(cpuMs / queries.length).toFixed(2)} ms/query on average (unaffected by other load on the machine)`,
);
for (const [kind, k] of [...byKind].sort()) {
  const s = k.times.sort((a, b) => a - b);
  console.log(
    `  ${kind.padEnd(17)} n=${String(s.length).padStart(4)}  hits=${String(k.hits).padStart(4)}  p50=${percentile(s, 50).toFixed(2)}  p95=${percentile(s, 95).toFixed(2)} ms  CPU ${(k.cpu / s.length).toFixed(2)} ms/query`,
  );
}
console.log(
  `latency: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${times[times.length - 1]!.toFixed(2)} ms`,
);

const pass = p95 < BUDGET_P95_MS;
console.log(`${pass ? "PASS" : "FAIL"}: p95 ${p95.toFixed(2)} ms ${pass ? "<" : ">="} ${BUDGET_P95_MS} ms budget`);
client.close();
process.exitCode = pass ? 0 : 1;
