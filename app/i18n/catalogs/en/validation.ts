/** Form validation messages. Schemas name these keys; forms and the API translate them. */
export default {
  required: "Required",
  invalid: "Invalid input",
  min2: "Must be at least 2 characters",
  min3: "Must be at least 3 characters",
  passwordMin: "Password must be at least 6 characters",
  confirmPasswordMin: "Confirm Password must be at least 6 characters",
  passwordsMismatch: "Passwords do not match",
  commentMin: "Comment must be at least 5 characters",
  email: "Must be an e-mail address, like name@example.com",
  tooLong: "Must be at most {max} characters",
  userNameChars: "Use letters, digits, dots, dashes and underscores only",
  pubkey: "Must be a public key of 64 lowercase hexadecimal characters",
  permissionRequired: "At least one permission must be selected",
  roleRequired: "At least one role must be selected",
  wholeNumber: "Must be a whole number from 1 to {max}",
} as const;
