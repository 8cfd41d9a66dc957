import type { CatalogOf } from "../../catalog-types";
import type en from "../en/api";

export default {
  unauthorized: "دسترسی غیرمجاز: کاربر وارد نشده است",
  forbidden: "ممنوع: شما اجازهٔ انجام این کار را ندارید.",
  missingFields: "فیلدهای لازم وارد نشده‌اند: {fields}",
  invalidJson: "بدنهٔ درخواست JSON معتبری نیست.",
  methodNotAllowed: "این نوع درخواست در اینجا پذیرفته نیست.",
  invalidInput: "ورودی نامعتبر است",
  crossOrigin: "ممنوع: درخواست از سایت دیگر پذیرفته نمی‌شود.",
  tooManyRequests: "تلاش‌ها بیش از حد مجاز است. کمی صبر کنید و دوباره تلاش کنید.",
  notFound: "صفحه پیدا نشد",
  unexpected: "خطایی غیرمنتظره رخ داد. لطفاً بعداً دوباره تلاش کنید.",
  databaseUnreachable: "سایت فعلاً به پایگاه داده‌اش دسترسی ندارد. لطفاً چند لحظهٔ دیگر دوباره تلاش کنید.",
  storageFull: "فضای ذخیره‌سازی سایت پر است و فعلاً چیز تازه‌ای ذخیره نمی‌شود. خواندن همچنان ممکن است.",
  readOnly: "سایت فعلاً نمی‌تواند تغییری ذخیره کند (فضای ذخیره‌سازی‌اش فقط‌خواندنی است). خواندن همچنان ممکن است.",
} satisfies CatalogOf<typeof en>;
