import type { CatalogOf } from "../../catalog-types";
import type en from "../en/validation";

export default {
  required: "این فیلد لازم است",
  invalid: "ورودی نامعتبر است",
  min2: "دست‌کم باید ۲ نویسه باشد",
  min3: "دست‌کم باید ۳ نویسه باشد",
  passwordMin: "گذرواژه دست‌کم باید ۶ نویسه باشد",
  confirmPasswordMin: "تکرار گذرواژه دست‌کم باید ۶ نویسه باشد",
  passwordsMismatch: "گذرواژه‌ها یکسان نیستند",
  commentMin: "دیدگاه دست‌کم باید ۵ نویسه باشد",
  email: "باید نشانی رایانامه باشد، مانند name@example.com",
  tooLong: "حداکثر باید {max} نویسه باشد",
  userNameChars: "فقط حروف لاتین، رقم، نقطه، خط تیره و زیرخط مجاز است",
  pubkey: "باید کلید عمومی ۶۴ نویسه‌ای هگزادسیمال با حروف کوچک باشد",
  permissionRequired: "دست‌کم یک مجوز باید انتخاب شود",
  roleRequired: "دست‌کم یک نقش باید انتخاب شود",
  wholeNumber: "باید عدد صحیحی از ۱ تا {max} باشد",
} satisfies CatalogOf<typeof en>;
