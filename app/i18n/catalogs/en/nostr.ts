/** Nostr: signed requests, names, the contact page, the inbox, zaps and keys. */
export default {
  // Signed HTTP requests (NIP-98): the texts clients expect, word for word.
  "auth.missingToken": "Missing token",
  "auth.invalidToken": "Invalid token",
  "auth.signatureInvalid": "signature invalid",
  "auth.kindInvalid": "kind invalid",
  "auth.createdAtInvalid": "created_at timestamp invalid",
  "auth.urlInvalid": "url tag invalid",
  "auth.methodInvalid": "method tag invalid",
  "auth.payloadInvalid": "payload tag does not match request body hash",
  "auth.unknownKey": "This key does not belong to any member of this site.",
  "auth.needsSecondFactor":
    "This account uses two-step sign-in: only a browser key that signed in with the second step can sign requests.",
  "auth.replayed": "This signed request was already used. Sign a new one.",

  // Zap requests (NIP-57): the texts wallets and clients expect, word for word.
  "zap.invalidJson": "Invalid zap request JSON.",
  "zap.notEvent": "Zap request is not a valid Nostr event.",
  "zap.badSignature": "Invalid signature on zap request.",
  "zap.noP": "Zap request doesn't have a 'p' tag.",
  "zap.badP": "Zap request 'p' tag is not valid hex.",
  "zap.badE": "Zap request 'e' tag is not valid hex.",
  "zap.noRelays": "Zap request doesn't have a 'relays' tag.",
  "zap.wrongRecipient": "The zap request is not addressed to this member.",
  "zap.amountMismatch": "The zap request's amount differs from the amount asked for.",
  "zap.noAddress": "This member has no lightning address.",
  "zap.unreachable": "The lightning wallet did not answer. Try again later.",
  "zap.notNostr": "This lightning wallet does not take zaps.",
  "zap.badEndpoint": "The lightning wallet's answer could not be read.",
  "zap.outOfRange": "Choose an amount from {min} to {max} sats.",

  // Lightning address on the profile.
  "lightning.label": "Lightning address",
  "lightning.hint": "name@wallet.example: readers can zap your posts and comments.",
  "lightning.invalid": "A lightning address looks like name@wallet.example.",
  "lightning.saved": "Lightning address saved",
  "lightning.removed": "Lightning address removed",
  "lightning.save": "Save",
  "lightning.saving": "Saving…",

  // Names and keys on the profile.
  "profile.title": "Nostr",
  "profile.description": "Your identity on Nostr: the same key signs your comments and receives your messages.",
  "profile.identifier": "Nostr address",
  "profile.npub": "Public key",
  "profile.copy": "Copy",
  "profile.copied": "Copied",
  "profile.noKey": "This account has no key yet: sign in from a browser once.",
  "profile.linked": "Your own key, from a Nostr extension.",
  "profile.deviceKey": "This browser's key. Link your own key from a Nostr extension to keep one identity everywhere.",
  "profile.link": "Link key from extension",
  "profile.linking": "Waiting for the extension…",
  "profile.linkedDone": "Your Nostr key is linked. You can now sign in with it.",
  "profile.unlink": "Unlink",
  "profile.unlinked": "Your Nostr key is unlinked.",
  "profile.noExtension": "No Nostr extension found in this browser (such as Alby or nos2x).",
  "profile.extensionRefused": "The extension did not sign. Nothing was changed.",
  "profile.keyTaken": "This key is already linked to another account.",
  "profile.publish": "Publish profile to Nostr",
  "profile.published": "Your Nostr profile is published.",
  "profile.upToDate": "Your Nostr profile is already up to date.",
  "profile.verify": "Check a Nostr address",
  "profile.verifyHint":
    "Check that a Nostr address (name@domain) names this key, or give a GitHub gist that proves it.",
  "profile.verifyAddress": "Address (name@domain)",
  "profile.verifyButton": "Check",
  "profile.verifying": "Checking…",
  "profile.verified": "{identifier} names this key.",
  "profile.notVerified": "{identifier} does not name this key.",
  "profile.gist": "GitHub proof",
  "profile.gistUser": "GitHub user name",
  "profile.gistId": "Gist id",
  "profile.gistVerified": "The gist by {user} proves this key.",
  "profile.gistNotVerified": "The gist does not prove this key.",
  "profile.gistText": "The gist must hold this text:",

  // Checking other sites' names and gists.
  "verify.badIdentifier": "A Nostr address looks like name@domain (letters, digits, . _ -).",
  "verify.unreachable": "{domain} did not answer in time.",
  "verify.badDocument": "{domain} answered with something that is not a names document.",
  "verify.privateAddress": "That address is on a private network; it cannot be checked from here.",
  "verify.badGist": "A GitHub user name and gist id are letters, digits and dashes.",

  // Sign in with Nostr.
  "signin.noAccount": "No account has linked this key. Sign in with your password and link it on your profile.",
  "signin.badChallenge": "The sign-in request expired. Try again.",
  "signin.badEvent": "The signed challenge is not valid.",
  "signin.done": "Login successful",

  // The contact page.
  "contact.title": "Send a message",
  "contact.description":
    "Your message is encrypted in this browser for {name} alone and delivered through this site's relay.",
  "contact.message": "Message",
  "contact.placeholder": "Write your message…",
  "contact.send": "Send encrypted",
  "contact.sending": "Encrypting and sending…",
  "contact.sent": "Message sent. Only {name} can read it.",
  "contact.failed":
    "The message could not be sent. It is kept in this browser and will be sent when the site can be reached.",
  "contact.noOwner": "This site has no one to receive messages yet.",
  "contact.tooShort": "Write a message first.",
  "contact.tooLong": "The message is too long: at most 65535 bytes.",
  "contact.tooLongToEncrypt": "The message is too long to encrypt. Shorten it.",
  "contact.replyNote": "To read a reply, sign in or keep this browser: replies are encrypted for its key.",
  "contact.as": "Sending as {name}",
  "contact.working":
    "This takes a moment: the site asks visitors' browsers for a little work, so that nobody can flood it with messages.",
  "contact.rateLimited":
    "You have sent several messages in a short time. This one is kept in this browser and will be sent later.",
  "contact.restricted":
    "{name} is getting too many messages from visitors right now. Yours is kept in this browser and will be sent later.",
  "contact.powRefused":
    "The site asked for more work than this browser did. Reload the page and send your message again.",

  // The inbox.
  "inbox.title": "Messages",
  "inbox.description": "Encrypted messages to your key. They are decrypted in your browser, never on the server.",
  "inbox.empty": "No messages yet.",
  "inbox.loading": "Fetching messages…",
  "inbox.you": "You",
  "inbox.reply": "Reply",
  "inbox.replyPlaceholder": "Write a reply…",
  "inbox.send": "Send",
  "inbox.status.sending": "Sending…",
  "inbox.status.sent": "Sent",
  "inbox.status.failed": "Not sent yet: retrying",
  "inbox.offline": "The relay cannot be reached. Messages will be sent when it can.",
  "inbox.retry": "Try again now",
  "inbox.keyMismatch": "Messages to your account go to {key}; this browser holds another key, so it cannot read them.",
  "inbox.noKey": "This browser has no key to read messages with.",
  "inbox.unreadable": "{count} messages could not be decrypted with this key.",
  "inbox.conversationWith": "Conversation with {name}",
  "inbox.readFailed": "The messages could not be marked as read.",

  // The messaging key: one per account, its secret encrypted in the browser under the member's passphrase.
  "messaging.created": "Your messaging key is ready. Messages to you can now be read on every browser you sign in on.",
  "messaging.adopted":
    "Your account already had a messaging key, made a moment ago in another tab or browser; that one is kept.",
  "messaging.failed": "The messaging key could not be saved. Nothing was changed; try again.",
  "messaging.corrupt": "This encrypted key is damaged or not in the NIP-49 format. Nothing was changed.",
  "messaging.keyTaken": "This key is already another account's messaging key. Nothing was changed.",
  "messaging.setupTitle": "Read your messages on every browser",
  "messaging.setupText":
    "Choose a messaging passphrase. Your messaging key is encrypted with it here, in this browser; the site keeps only the encrypted key and can read neither the key nor your messages. You type the passphrase once when you sign in on a browser.",
  "messaging.setupWarning":
    "Write the passphrase down somewhere safe. It is not your password and nobody can reset it: if it is lost, the messages sent to this key cannot be read again.",
  "messaging.passphrase": "Messaging passphrase",
  "messaging.passphraseAgain": "The passphrase again",
  "messaging.passphraseHint": "At least {min} characters. The site never sees it.",
  "messaging.passphraseShort": "The passphrase needs at least {min} characters.",
  "messaging.passphraseMismatch": "The two passphrases are not the same.",
  "messaging.create": "Make my messaging key",
  "messaging.working": "Encrypting in this browser…",
  "messaging.unlockTitle": "Unlock your messages",
  "messaging.unlockText":
    "Type your messaging passphrase to read your messages in this browser. They stay unlocked until you log out or close this tab.",
  "messaging.unlock": "Unlock",
  "messaging.wrongPassphrase": "This passphrase does not open your messaging key. Nothing was changed; try again.",
  "messaging.otherTab":
    "Your account already has a messaging key, made in another tab or browser. Type the passphrase chosen there.",
  "messaging.forgot": "Forgot the passphrase?",
  "messaging.replaceTitle": "Make a new messaging key?",
  "messaging.replaceText":
    "Messages sent to your current messaging key can then never be read again, on any browser. New messages go to the new key. Do this only if the passphrase is lost.",
  "messaging.replace": "Make a new key",
  "messaging.earlier":
    "Older messages, sent to this browser's own key before your messaging key existed, are read here and copied to your messaging key, so your other browsers can read them too.",
  "messaging.copied": "{count} older messages were copied to your messaging key.",
} as const;
