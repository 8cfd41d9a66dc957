/** Messages of the JSON API shared by every domain (its English texts are the product's wording, used verbatim). */
export default {
  unauthorized: "Unauthorized: User not authenticated",
  forbidden: "Forbidden: You do not have permission to do this.",
  missingFields: "Missing required fields: {fields}",
  invalidJson: "The request body is not valid JSON.",
  methodNotAllowed: "This method is not allowed here.",
  invalidInput: "Invalid input",
  misdirected:
    "This site does not answer at this address. (Its addresses are set by whoever runs it, with SITE_URL and SITE_ALIASES.)",
  crossOrigin: "Forbidden: cross-site request refused.",
  tooManyRequests: "Too many attempts. Please wait a moment and try again.",
  tooLarge: "The request is too large.",
  notFound: "Page not found",
  unexpected: "An unexpected error occurred. Please try again later.",
  databaseUnreachable: "The site cannot reach its database right now. Please try again in a moment.",
  storageFull: "The site's storage is full, so nothing new can be saved right now. Reading still works.",
  readOnly: "The site cannot save changes right now: its storage refuses writes. Reading still works.",
  secondFactorRequired: "Set up two-step sign-in to continue",
} as const;
