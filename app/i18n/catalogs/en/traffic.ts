/** The visit log and the dashboard's overview: its counts, traffic charts and rankings. */
export default {
  forbiddenView: "Forbidden: You do not have permission to view traffic.",
  // API answers
  invalidDate: "Invalid date format. Use YYYY-MM-DD.",
  startAfterEnd: "The start date must not be after the end date.",
  rangeTooLong: "A date range can be at most {max} days long.",
  notAPage: "This is not the address of a public page.",
  invalidRange: "Choose a period of 7, 30 or 90 days.",
  loadFailed: "Failed to load traffic",

  // Overview
  intro: "Your site at a glance: what is published, what waits for you, and who reads it.",
  "counts.label": "Site in numbers",
  "counts.pages": "Published pages",
  "counts.posts": "Posts",
  "counts.pendingComments": "Pending comments",
  "counts.users": "Users",
  "counts.unpublishedChanges": "Unpublished changes",
  "counts.unreadMessages": "Unread messages",
  "counts.unreadMore": "{count}+",
  "counts.perLocale": "Persian {fa} · English {en}",

  // Traffic
  "traffic.heading": "Traffic",
  "traffic.periods": "Period",
  "traffic.days": "{count} days",
  "traffic.views": "Page views",
  "traffic.visitors": "Unique visitors",
  "traffic.change": "{change} on the previous {count} days",
  "traffic.bots": "{count} views by bots are not counted.",
  "traffic.disabled": "The visit log is off: new views are not recorded.",
  "traffic.turnOn": "Turn it on in Settings",
  "traffic.privacy":
    "Visitors are counted without cookies or stored addresses: a key made from the address and browser changes every day.",
  "chart.title": "Page views and unique visitors per day",
  "chart.titleOfPage": "Views of {page} per day",
  "chart.summary":
    "{views} page views and {visitors} unique visitors from {start} to {end}; the busiest day was {peak}.",
  "chart.summaryEmpty": "No page views from {start} to {end}.",
  "chart.table": "Show the numbers as a table",
  "chart.date": "Date",
  "chart.allPages": "All pages",
  "chart.loading": "Loading the chart…",

  // Rankings
  "top.pages": "Top pages",
  "top.referrers": "Referrers",
  "top.browsers": "Browsers",
  "top.os": "Operating systems",
  "top.devices": "Devices",
  "top.locales": "Languages",
  "top.visitors": "Visitors",
  "top.views": "Views",
  "top.name": "Name",
  "top.empty": "No views in this period yet.",
  "top.direct": "Direct or unknown",
  "top.showPage": "Show the views of {page} per day",
  "device.desktop": "Desktop",
  "device.mobile": "Phone",
  "device.tablet": "Tablet",
  "locale.fa": "Persian",
  "locale.en": "English",
  other: "Other",

  // Latest views
  "recent.heading": "Latest views",
  "recent.anonymous": "Unnamed visitor",
  "recent.empty": "Nobody has visited yet.",
  "recent.from": "from {source}",
} as const;
