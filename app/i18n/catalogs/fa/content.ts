import type { CatalogOf } from "../../catalog-types";
import type en from "../en/content";

export default {
  "home.intro": "از اینجا شروع کنید",
  "home.latest": "تازه‌ترین نوشته‌ها",
  "home.allPosts": "همهٔ نوشته‌ها در بایگانی",
  "logs.filter": "نمایش بر اساس دسته",
  "logs.all": "همه",
  "logs.empty": "هنوز نوشته‌ای در اینجا منتشر نشده است.",
  "post.readingTime": "{minutes} دقیقه مطالعه",
  "preview.title": "پیش‌نمایش: {title} – {site}",
  "post.tags": "برچسب‌ها",
  "post.more": "نوشته‌های دیگر",
  "post.newer": "نوشتهٔ تازه‌تر",
  "post.older": "نوشتهٔ قدیمی‌تر",
  "post.edit": "ویرایش این صفحه",
  "toc.comments": "دیدگاه‌ها",
  "pagination.label": "صفحه‌ها",
  "pagination.previous": "صفحهٔ قبلی",
  "pagination.next": "صفحهٔ بعدی",
  "pagination.status": "صفحهٔ {page} از {pages}",
  "feed.title": "{site}: نوشته‌ها",
  "feed.categoryTitle": "{site}: نوشته‌های دستهٔ {category}",
  "feed.tagTitle": "{site}: نوشته‌های با برچسب «{tag}»",
  "feed.link": "خوراک نوشته‌ها (Atom)",
  "api.pathRequired": "درخواست محتوا به پارامتر path نیاز دارد",
  "api.invalidLocale": "زبان باید fa یا en باشد",
  "api.invalidCategory": "دستهٔ ناشناخته",
  "api.invalidSort": "ترتیب باید newest، oldest یا title باشد",
  "api.invalidLimit": "حد باید عددی صحیح از ۱ تا {max} باشد",
  "api.invalidExact": "exact باید ۰ یا ۱ باشد",
  "api.invalidFlag": "باید true یا false باشد",
  // Tag pages.
  "tags.title": "برچسب‌ها",
  "tags.description": "همهٔ برچسب‌های نوشته‌ها، با شمار نوشته‌های هر کدام.",
  "tags.empty": "هنوز هیچ نوشته‌ای برچسب ندارد.",
  "tags.heading": "برچسب: {tag}",
  "tags.pageDescription": "نوشته‌هایی با برچسب «{tag}».",
  "postCount.one": "{count} نوشته",
  "postCount.other": "{count} نوشته",
  "tags.all": "همهٔ برچسب‌ها",
  // Marks and code keep their left-to-right order inside the sentence (isolated: U+2066 … U+2069).
  "markdown.tooComplex":
    "این متن برای نمایش بیش از حد پیچیده است: آماده‌کردنش بیش از {seconds} ثانیه طول کشید. آن را به صفحه‌های کوتاه‌تر تقسیم کنید یا قالب‌بندی‌اش را ساده‌تر کنید.",
  "markdown.tooBig":
    "این متن برای نمایش بیش از حد پیچیده است: بیش از آنچه برای نمایش یک متن مجاز است حافظه یا تودرتویی لازم دارد. آن را به صفحه‌های کوتاه‌تر تقسیم کنید یا قالب‌بندی‌اش را ساده‌تر کنید.",
  "markdown.tooDeep":
    "فهرست‌ها و نقل‌قول‌ها در سطر {line} تا {depth} سطح تودرتو شده‌اند؛ حداکثر {max} سطح نمایش داده می‌شود. آن‌ها را کم‌عمق‌تر کنید.",
  "markdown.tooDense":
    "بند سطر {line} بیش از {max} نشانهٔ پیوند و تأکید (\u2066[ ] * _ ~\u2069) دارد. آن را با سطر خالی به چند بند تقسیم کنید، یا پیش از نشانه‌ای که فقط متن است یک بک‌اسلش بگذارید (\u2066\\*\u2069).",
  "markdown.tooDenseOverall":
    "در این متن بندهای بلندِ پر از نشانهٔ پیوند و تأکید (\u2066[ ] * _ ~\u2069) بیش از حد است؛ بند سطر {line} {count} نشانه دارد. بلندترین‌ها را با سطر خالی تقسیم کنید.",
  "markdown.shownAsText": "این متن همان‌طور که نوشته شده و بدون قالب‌بندی نمایش داده می‌شود: {reason}",
} satisfies CatalogOf<typeof en>;
