/** The colour-mode preference lives in localStorage under this key: "light", "dark", or absent for the system's. */
export const colorModeKey = "color-mode";

/**
 * Runs in <head> before the body paints, so a dark page never flashes light. Kept tiny and dependency-free
 * because it is inlined into every document.
 */
export const colorModeScript = `(function(){try{var m=localStorage.getItem("${colorModeKey}");var d=m==="dark"||(m!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches);var e=document.documentElement;e.classList.toggle("dark",d);e.style.colorScheme=d?"dark":"light"}catch(_){}})()`;

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
