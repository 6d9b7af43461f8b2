import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. Components take extra classes that add to theirs; where a caller needs a
 * different look it uses a variant or prop, not a conflicting utility (no class merging at run
 * time keeps tailwind-merge's 8 KB out of every page).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
