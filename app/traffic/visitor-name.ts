/**
 * The browser's identity name travels to the server in a cookie the page keeps in step with the local identity
 * (its random name, or the account's once signed in), so the visit log can name views, documents served from
 * the cache included. It changes nothing on a page, so the document cache ignores it like the language cookie.
 */
export const visitorNameCookie = "visitor-name";
