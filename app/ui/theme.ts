/** The colour-mode preference lives in localStorage under this key: "light", "dark", or absent for the system's. */
export const colorModeKey = "color-mode";

/**
 * Runs in <head> before the body paints, so a dark page never flashes light, and keeps following the system's
 * setting while the page is open, until the visitor chooses a mode. Kept tiny and dependency-free because it is
 * inlined into every document.
 */
export const colorModeScript = `(function(){try{var q=matchMedia("(prefers-color-scheme: dark)"),e=document.documentElement;function s(){return localStorage.getItem("${colorModeKey}")}function a(d){e.classList.toggle("dark",d);e.style.colorScheme=d?"dark":"light"}var m=s();a(m==="dark"||(m!=="light"&&q.matches));q.addEventListener("change",function(v){if(!s())a(v.matches)})}catch(_){}})()`;

export function isDark(): boolean {
  return document.documentElement.classList.contains("dark");
}

export function setColorMode(mode: "light" | "dark"): void {
  const root = document.documentElement;
  root.classList.toggle("dark", mode === "dark");
  root.style.colorScheme = mode;
  try {
    localStorage.setItem(colorModeKey, mode);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}
