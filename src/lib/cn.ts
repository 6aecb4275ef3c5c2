export type ClassValue = string | false | null | undefined;

/**
 * Joins class names, skipping falsy ones, so components can write `cn("base", isActive && "ring", className)`.
 * No conflict merging (tailwind-merge is not a dependency): components keep their base classes free of the
 * properties a caller is expected to override.
 */
export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(" ");
}
