/** A text input's value from a form's FormData, trimmed ("" when absent: files never come from text inputs). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === "string" ? value.trim() : "";
}
